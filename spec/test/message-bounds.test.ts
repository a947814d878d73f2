import { describe, expect, test } from "vitest";
import { loadBundle, operations } from "../src/index.js";
import {
  BYTES_PER_ITEM,
  ENVELOPE_BYTES,
  largestMaxItems,
  largestMessageBytes,
} from "../src/portable.js";

const document = loadBundle();
const ops = operations(document);

describe("the largest message the spec allows", () => {
  test("is the largest maxItems of any request or answer schema, 1 KiB per item, plus the envelope", () => {
    const batch = document.components.schemas.DisbursementBatch.properties.transactions.maxItems;
    expect(largestMaxItems(document, ops)).toBe(batch);
    expect(largestMessageBytes(document, ops)).toBe(batch * BYTES_PER_ITEM + ENVELOPE_BYTES);
  });
});
