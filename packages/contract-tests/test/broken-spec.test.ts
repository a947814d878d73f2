import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { loadBundle, operation, readBundle } from "@merchant-payments/spec";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkResponseExample } from "../src/checks.js";
import { startContractMock } from "../src/mock.js";
import { specValidator } from "../src/operation-parts.js";

/** A copy of the bundle in which one example lies about its schema: amountSent is a string. */
function writeBrokenCopy(dir: string): string {
  const copy = readBundle() as {
    components: { examples: Record<string, { value: Record<string, unknown> }> };
  };
  const example = copy.components.examples.TransactionSuccess;
  if (!example) throw new Error("the bundle has no TransactionSuccess example to break");
  example.value.amountSent = "fifteen hundred";
  const path = join(dir, "openapi.broken.json");
  writeFileSync(path, JSON.stringify(copy));
  return path;
}

describe("a deliberately broken copy of the spec", () => {
  const dir = mkdtempSync(join(tmpdir(), "contract-broken-spec-"));
  const brokenPath = writeBrokenCopy(dir);
  const broken = loadBundle(brokenPath);
  const validator = specValidator(broken);
  const op = operation("getTransaction", broken);
  let strict: MockServer | undefined;
  let lenient: MockServer | undefined;

  beforeAll(async () => {
    [strict, lenient] = await Promise.all([
      startContractMock(brokenPath),
      startMock({ spec: brokenPath, errors: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), lenient?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  test("turns the example check red: Prism with --errors refuses to serve the lying example", async () => {
    if (!op || !strict) throw new Error("setup failed");
    const problems = await checkResponseExample(
      strict.baseUrl,
      validator,
      op,
      "TransactionSuccess",
    );
    expect(problems).not.toEqual([]);
    expect(problems.join("\n")).toMatch(/ServerError/);
  });

  test("turns the example check red without --errors too: Ajv finds the wrong type", async () => {
    if (!op || !lenient) throw new Error("setup failed");
    const problems = await checkResponseExample(
      lenient.baseUrl,
      validator,
      op,
      "TransactionSuccess",
    );
    expect(problems).toContain("schema: /amountSent must be number");
  });

  test("keeps the check green for the examples of the copy that were not broken", async () => {
    if (!op || !strict) throw new Error("setup failed");
    expect(
      await checkResponseExample(strict.baseUrl, validator, op, "TransactionIntegerBeneficiary"),
    ).toEqual([]);
  });
});
