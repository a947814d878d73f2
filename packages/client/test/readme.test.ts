import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadDocument, operations, readBundle } from "@merchant-payments/spec";
import { operations as specOperations } from "@merchant-payments/spec/model";
import ts from "typescript";
import { afterAll, describe, expect, test } from "vitest";
import { operationFacts } from "../scripts/lib/operation-facts.mjs";
import {
  METHODS_BEGIN,
  METHODS_END,
  methodsSection,
  withMethodsSection,
} from "../scripts/lib/readme-methods.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, `.tmp-readme-${process.pid}`);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const readme = readFileSync(join(root, "README.md"), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

describe("the README", () => {
  test("lists every method of the client, written by the build from the spec: one heading and one sample each", () => {
    const section = readme.slice(
      readme.indexOf(METHODS_BEGIN) + METHODS_BEGIN.length,
      readme.indexOf(METHODS_END),
    );
    expect(section.trim(), "run the build: the list is out of date").toBe(
      methodsSection(operations().map((op) => operationFacts(readBundle(), op))),
    );
    for (const method of operations().map((op) => op.operationId)) {
      expect(section, method).toMatch(new RegExp(`^#### \`${method}\`$`, "m"));
      expect(
        blocks.some((b) => b.includes(`client.${method}(`)),
        method,
      ).toBe(true);
    }
    for (const heading of [
      "## Install",
      "## Quick start",
      "## Errors",
      "## Retries",
      "## Timeouts",
      "## Token refresh",
      "## Using `raw`",
    ]) {
      expect(readme).toContain(heading);
    }
  });

  test("the list of methods follows a grown spec with no hand edit: every operation of the grown fixture gets its heading and sample", () => {
    const grown = loadDocument(
      createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
    );
    const ops = specOperations(grown);
    const rewritten = withMethodsSection(
      readme,
      methodsSection(ops.map((op) => operationFacts(grown, op))),
    );
    for (const op of ops) {
      expect(rewritten, op.operationId).toMatch(new RegExp(`^#### \`${op.operationId}\`$`, "m"));
      expect(rewritten, op.operationId).toContain(`await client.${op.operationId}(`);
    }
    expect(rewritten.slice(rewritten.indexOf(METHODS_END))).toBe(
      readme.slice(readme.indexOf(METHODS_END)),
    );
    expect(() => withMethodsSection("# no markers", "")).toThrow(/methods:begin/);
  });

  test("explains, in the intro and under Retries, why a batch is never retried", () => {
    const intro = readme.slice(0, readme.indexOf("## Install"));
    expect(intro).toMatch(/\*\*a disbursement batch is never sent twice\*\*/);
    const retries = readme.slice(readme.indexOf("## Retries"), readme.indexOf("## Timeouts"));
    expect(retries).toMatch(
      /\*\*`submitDisbursementBatch` is never retried once the request may have reached the server\.\*\*/,
    );
    expect(retries).toMatch(/pay\s+every\s+beneficiary\s+twice/);
    expect(retries).toMatch(/no\s+idempotency\s+key/);
    expect(retries).toMatch(/ECONNREFUSED/);
  });

  test("lists every error class the package exports", async () => {
    const api = await import("../src/index.js");
    const errors = Object.keys(api).filter(
      (k) => k.endsWith("Error") && k !== "MerchantPaymentsError",
    );
    expect(errors.length).toBeGreaterThan(10);
    for (const name of errors) expect(readme, name).toContain(`| \`${name}\``);
  });

  test("names every export of the package and of its raw entry", () => {
    for (const entry of ["index.ts", "raw.ts"]) {
      const path = join(root, "src", entry);
      const program = ts.createProgram([path], {
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      });
      const checker = program.getTypeChecker();
      const source = program.getSourceFile(path);
      const module = source && checker.getSymbolAtLocation(source);
      expect(module, entry).toBeDefined();
      const names = checker.getExportsOfModule(module as ts.Symbol).map((symbol) => symbol.name);
      expect(names.length, entry).toBeGreaterThan(3);
      // "Every component schema of the spec is exported as a type of the same name": those the README states once
      // for all (a schema added to the spec needs no hand edit here); every other export is named.
      const schemas = new Set(Object.keys(readBundle().components?.schemas ?? {}));
      expect(
        names.filter((name) => !schemas.has(name) && !readme.includes(`\`${name}`)),
        entry,
      ).toEqual([]);
    }
  }, 60_000);

  test("every TypeScript sample type-checks against the client", () => {
    expect(blocks.length).toBeGreaterThan(8);
    const imports = new Set<string>();
    const bodies = blocks.map((b) =>
      b
        .split("\n")
        .filter((line) => {
          if (!line.startsWith("import ")) return true;
          imports.add(
            line
              .replace('"@merchant-payments/client/raw"', '"../src/raw.js"')
              .replace('"@merchant-payments/client"', '"../src/index.js"'),
          );
          return false;
        })
        .join("\n"),
    );
    const file = [
      ...imports,
      `import type { ConnectorSummaryCount, ConnectorSummarySum, DisbursementMetrics, FeeCalculation, MerchantPaymentsClient, MerchantUser, MetricsRequest, Transaction } from "../src/index.js";`,
      "declare const client: MerchantPaymentsClient;",
      "declare const period: MetricsRequest;",
      "declare const baseUrl: string;",
      "declare function getAccessToken(): Promise<string>;",
      "declare function fetchNewToken(): Promise<{ value: string; expiresAt: number }>;",
      ...bodies.map((b, i) => `export async function sample${i}() {\n${b}\n}`),
    ].join("\n");
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, "readme.ts"), file);
    writeFileSync(
      join(tmp, "tsconfig.json"),
      JSON.stringify({
        extends: "../../../tsconfig.base.json",
        compilerOptions: { types: [], noUnusedLocals: false },
        files: ["readme.ts"],
      }),
    );
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    let output = "";
    try {
      execFileSync(process.execPath, [tsc, "-p", join(tmp, "tsconfig.json"), "--noEmit"], {
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout);
    }
    expect(output).toBe("");
  }, 60_000);
});
