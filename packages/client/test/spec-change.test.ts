import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { spec } from "./helpers/fixtures.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, `.tmp-spec-change-${process.pid}`);
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Copies the client's sources, regenerates them from `changed` spec, and type-checks `code` against them. */
function compileAgainst(
  name: string,
  changed: unknown,
  code: string,
): { ok: boolean; output: string } {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, "src"), join(dir, "src"), {
    recursive: true,
    filter: (p) => !p.includes(`${join("src", "generated")}`),
  });
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(changed));
  execFileSync(
    process.execPath,
    [
      join(root, "scripts", "generate.mjs"),
      "--spec",
      join(dir, "openapi.json"),
      "--out",
      join(dir, "src", "generated"),
    ],
    { stdio: "pipe" },
  );
  writeFileSync(join(dir, "check.ts"), code);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: "../../../../tsconfig.base.json",
      compilerOptions: { types: [] },
      files: ["check.ts"],
    }),
  );
  try {
    execFileSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json"), "--noEmit"], {
      encoding: "utf8",
      stdio: "pipe",
    });
    return { ok: true, output: "" };
  } catch (e) {
    return { ok: false, output: String((e as { stdout?: string }).stdout) };
  }
}

const usesNewField = `import type { Transaction } from "./src/index.js";
declare const t: Transaction;
export const v: string = t.settlementBankCode;
`;
const usesConnectorName = `import type { Transaction } from "./src/index.js";
declare const t: Transaction;
export const v: string = t.connectorName;
`;

describe("changing the spec changes the client's types", () => {
  test("a field added to Transaction in the spec appears on the client's Transaction type", () => {
    const before = compileAgainst("before", spec, usesNewField);
    expect(before.ok).toBe(false);
    expect(before.output).toContain("settlementBankCode");

    const changed = structuredClone(spec) as typeof spec;
    const tx = changed.components.schemas.Transaction as {
      properties: Record<string, unknown>;
      required: string[];
    };
    tx.properties.settlementBankCode = { type: "string" };
    tx.required.push("settlementBankCode");
    const after = compileAgainst("added", changed, usesNewField);
    expect(after.output).toBe("");
    expect(after.ok).toBe(true);
  }, 60_000);

  test("a field removed from Transaction in the spec disappears from the client's type", () => {
    expect(compileAgainst("kept", spec, usesConnectorName).ok).toBe(true);
    const changed = structuredClone(spec) as typeof spec;
    const tx = changed.components.schemas.Transaction as {
      properties: Record<string, unknown>;
      required: string[];
    };
    delete tx.properties.connectorName;
    tx.required = tx.required.filter((r) => r !== "connectorName");
    const removed = compileAgainst("removed", changed, usesConnectorName);
    expect(removed.ok).toBe(false);
    expect(removed.output).toContain("connectorName");
  }, 60_000);

  test("a date field added to a request in the spec takes a Date in the client's input type", () => {
    const usesDate = `import { createMerchantPaymentsClient } from "./src/index.js";
const client = createMerchantPaymentsClient({ baseUrl: "http://x", token: "test-token" });
export const p = client.getDisbursementMetrics({
  merchantAccountNumber: 12345678, summaryType: "D", fromDate: "2024-01-01", toDate: new Date(), asOfDate: new Date(),
});
`;
    const before = compileAgainst("nodate", spec, usesDate);
    expect(before.ok).toBe(false);
    expect(before.output).toContain("asOfDate");
    const changed = structuredClone(spec) as typeof spec;
    const metrics = changed.components.schemas.MetricsRequest as {
      properties: Record<string, unknown>;
    };
    metrics.properties.asOfDate = { type: "string", format: "date" };
    const after = compileAgainst("withdate", changed, usesDate);
    expect(after.output).toBe("");
  }, 60_000);

  test("a changed maxItems changes the generated batch validator", async () => {
    const changed = structuredClone(spec) as typeof spec;
    const batch = changed.components.schemas.DisbursementBatch as {
      properties: { transactions: { maxItems: number } };
    };
    batch.properties.transactions.maxItems = 2;
    compileAgainst("maxitems", changed, "export {};\n");
    const mod = await import(
      pathToFileURL(join(tmp, "maxitems", "src", "generated", "validators.ts")).href
    );
    const issues: { path: string; message: string }[] = [];
    mod.validateDisbursementBatch({ header: {}, transactions: [{}, {}, {}] }, issues);
    expect(issues).toEqual([{ path: "/transactions", message: "must have at most 2 items" }]);
  }, 60_000);
});
