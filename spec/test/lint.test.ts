import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { lint, lintPasses, specDir } from "./redocly.js";

const scratch = mkdtempSync(join(tmpdir(), "spec-lint-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the spec sources in which `edit` changed one file. */
function brokenCopy(name: string, file: string, edit: (text: string) => string) {
  const dir = join(scratch, name);
  cpSync(join(specDir, "openapi"), dir, { recursive: true });
  const target = join(dir, file);
  const before = readFileSync(target, "utf8");
  const after = edit(before);
  expect(after, "the edit must change the file").not.toBe(before);
  writeFileSync(target, after);
  return join(dir, "openapi.yaml");
}

describe("redocly lint", () => {
  test("passes on the spec with zero errors and zero warnings (another API's grafted files: zero errors)", () => {
    // pnpm lint's two passes: the spec's own files under every rule (on a spec holding no other API's document, the
    // whole spec under redocly.yaml), then the files marked x-foreign-source under the rules of validity.
    const root = join(specDir, "openapi", "openapi.yaml");
    const result = lint(root, lintPasses.own);
    expect(result.problems).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(result.status).toBe(0);
    const foreign = lint(root, lintPasses.foreign);
    expect(foreign.totals.errors).toBe(0);
    expect(foreign.status).toBe(0);
  });

  test.each([
    [
      "an example that violates its schema",
      "components/examples/TransactionSuccess.yaml",
      (text: string) => text.replace("amountSent: 1500.00", "amountSent: 'fifteen hundred'"),
      "no-invalid-media-type-examples",
    ],
    [
      "a schema property without a description",
      "components/schemas/FeeCalculation.yaml",
      (text: string) => text.replace("    description: Currency used for the calculation.\n", ""),
      "rule/schema-properties-described",
    ],
    [
      "an operation that does not say whether it is safe to retry",
      "paths/disbursements_batch_addJson.yaml",
      (text: string) => text.replace("  x-safe-to-retry: false\n", ""),
      "rule/operation-safe-to-retry",
    ],
    [
      "an error response that is not problem details",
      "components/responses/NotFound.yaml",
      (text: string) => text.replace("application/problem+json", "application/json"),
      "operation-4xx-problem-details-rfc7807",
    ],
  ])("fails on %s", (name, file, edit, rule) => {
    const result = lint(brokenCopy(name.replace(/\W+/g, "-"), file, edit));
    expect(result.status).not.toBe(0);
    expect(result.problems.map((problem) => problem.ruleId)).toContain(rule);
  });
});

describe("redocly lint of a document with webhooks (fixtures/webhooks)", () => {
  const fixture = join(specDir, "fixtures", "webhooks", "openapi.yaml");

  /** A copy of the webhooks fixture with `edit` applied (which must change it). */
  function editedFixture(name: string, edit: (text: string) => string): string {
    const before = readFileSync(fixture, "utf8");
    const after = edit(before);
    expect(after, "the edit must change the file").not.toBe(before);
    const target = join(scratch, `${name}.yaml`);
    writeFileSync(target, after);
    return target;
  }

  test("passes: a webhook (sent by the API, not called by the client) needs no x-safe-to-retry", () => {
    const text = readFileSync(fixture, "utf8");
    expect(text.slice(text.indexOf("\nwebhooks:"))).not.toMatch(/x-safe-to-retry/);
    const result = lint(fixture);
    expect(result.problems).toEqual([]);
    expect(result.status).toBe(0);
  });

  test.each([
    [
      "an operation under paths that does not say whether it is safe to retry",
      (text: string) => text.replace("      x-safe-to-retry: false\n", ""),
      "rule/operation-safe-to-retry",
    ],
    [
      "a webhook's 4xx answer that is not problem details",
      (text: string) =>
        text.replace(
          '            application/problem+json:\n              schema:\n                $ref: "#/components/schemas/Problem"\n              example:\n                type: about:blank\n                title: Subscription ended',
          '            application/json:\n              schema:\n                $ref: "#/components/schemas/Problem"\n              example:\n                type: about:blank\n                title: Subscription ended',
        ),
      "operation-4xx-problem-details-rfc7807",
    ],
  ])("still fails on %s", (name, edit, rule) => {
    const result = lint(editedFixture(name.replace(/\W+/g, "-"), edit));
    expect(result.status).not.toBe(0);
    expect(result.problems.map((problem) => problem.ruleId)).toContain(rule);
  });
});
