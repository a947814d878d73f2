// The grown client's start size against the same budgets as the product client's (packages/client/scripts/size.mjs):
// the core once and each operation's share, the operation count read from the fixture by the spec model.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadDocument, operations } from "@merchant-payments/spec";
import { describe, expect, test } from "vitest";
import {
  budgetFor,
  CORE_BUDGET_BYTES,
  measure,
  measureShares,
  PER_OPERATION_BUDGET_BYTES,
} from "../../client/scripts/size.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fixture = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);

describe("the grown client's size", () => {
  test("what its ESM entry loads at start is within the core's budget plus each of its operations'", async () => {
    const { gzipped } = await measure(join(root, "dist", "index.js"));
    const count = operations(loadDocument(fixture)).length;
    console.log(`The grown client loads ${gzipped} B gzipped at start for ${count} operations.`);
    expect(gzipped).toBeLessThanOrEqual(budgetFor(count));
  });

  test("each of its operations adds at most 300 B gzipped to the core (against its client of one operation)", async () => {
    const shares = await measureShares({ specPath: fixture, sourceDir: join(root, "src") });
    console.log(
      `Grown client: ${shares.total} B for ${shares.operations} operations: core ${Math.round(shares.core)} B, ${Math.round(shares.perOperation)} B per operation.`,
    );
    expect(shares.perOperation).toBeLessThanOrEqual(PER_OPERATION_BUDGET_BYTES);
    expect(shares.core).toBeLessThanOrEqual(CORE_BUDGET_BYTES);
  }, 120_000);
});
