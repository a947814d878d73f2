import { describe, expect, test } from "vitest";
import { loadBundle, operations } from "../src/index.js";
import {
  BYTES_PER_ITEM,
  bearerToken,
  ENVELOPE_BYTES,
  largestMaxItems,
  largestMessageBytes,
  REDACTED,
  redactSecret,
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

describe("redactSecret", () => {
  const token = "tok_live_Qz9XwVh3KpL7mNc2";

  test("replaces the token and every run of 8 or more of its characters, not 7", () => {
    expect(redactSecret(`id Bearer ${token}!`, token)).toBe(`id Bearer ${REDACTED}!`);
    expect(redactSecret(`Unexpected token 'Qz9XwVh3Kp' in JSON`, token)).toBe(
      `Unexpected token '${REDACTED}' in JSON`,
    );
    expect(redactSecret("x Qz9XwVh y", token)).toBe("x Qz9XwVh y");
    expect(redactSecret("nothing here", undefined)).toBe("nothing here");
  });

  test("scans a 12-million-character text without overflowing the stack", () => {
    const text = `${"a".repeat(12_000_000)}${token.slice(3, 15)}`;
    expect(redactSecret(text, token).endsWith(REDACTED)).toBe(true);
  });

  test("reads the token of a Bearer Authorization header, any case", () => {
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken("Basic abc")).toBeUndefined();
  });
});
