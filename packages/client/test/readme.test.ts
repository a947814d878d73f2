import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadDocument, operations, readBundle } from "@merchant-payments/spec";
import { operations as specOperations } from "@merchant-payments/spec/model";
import type ts from "typescript";
import { afterAll, describe, expect, test } from "vitest";
import { typeName } from "../scripts/lib/identifiers.js";
import { operationFacts } from "../scripts/lib/operation-facts.js";
import {
  METHODS_BEGIN,
  METHODS_END,
  methodsSection,
  withMethodsSection,
} from "../scripts/lib/readme-methods.js";
import { type TypeChecked, typeCheckAll } from "./helpers/type-check.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, `.tmp-readme-${process.pid}`);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const readme = readFileSync(join(root, "README.md"), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

const sampleFile = join(tmp, "readme.ts");

/** Every TypeScript block of the README as one module, its imports of the package pointed at the sources. */
function samplesModule(): string {
  const imports = new Set<string>();
  const bodies = blocks.map((b) =>
    b
      .split("\n")
      .filter((line) => {
        if (!line.startsWith("import ")) return true;
        imports.add(
          line
            .replace('"@merchant-payments/client/raw"', '"../src/raw.js"')
            .replace('"@merchant-payments/client/webhooks"', '"../src/webhooks.js"')
            .replace('"@merchant-payments/client"', '"../src/index.js"'),
        );
        return false;
      })
      .join("\n"),
  );
  return [
    ...imports,
    `import type { ConnectorSummaryCount, ConnectorSummarySum, DisbursementMetrics, FeeCalculation, MerchantPaymentsClient, MerchantUser, MetricsRequest, Transaction } from "../src/index.js";`,
    "declare const client: MerchantPaymentsClient;",
    "declare const period: MetricsRequest;",
    "declare const baseUrl: string;",
    "declare function getAccessToken(): Promise<string>;",
    "declare function fetchNewToken(): Promise<{ value: string; expiresAt: number }>;",
    ...bodies.map((b, i) => `export async function sample${i}() {\n${b}\n}`),
  ].join("\n");
}

let checked: TypeChecked | undefined;
/**
 * One program for the README's type checks: the samples' module (checked as \`tsc\` would, with the sources it
 * reaches) and the two entries whose exports the README names. Built on first use.
 */
function readmeProgram(): TypeChecked {
  if (!checked) {
    mkdirSync(tmp, { recursive: true });
    writeFileSync(sampleFile, samplesModule());
    checked = typeCheckAll(
      [{ file: sampleFile, scope: root }],
      { types: [], noUnusedLocals: false },
      [join(root, "src", "index.ts"), join(root, "src", "raw.ts")],
    );
  }
  return checked;
}

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

  test("the list is written as the formatter writes it, a string example too long for its line and a body without example included", () => {
    const grown = loadDocument(
      createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
    );
    const ops = specOperations(grown);
    const facts = ops.map((op) => operationFacts(grown, op));
    // A string of a request example, made longer than a line.
    const long = facts.find(
      (f) => f.requestExample !== undefined && JSON.stringify(f.requestExample).includes('":"'),
    );
    expect(long).toBeDefined();
    const body = structuredClone(long?.requestExample) as Record<string, unknown>;
    const key = Object.keys(body).find((k) => typeof body[k] === "string") ?? "";
    body[key] = "A description far longer than one line of the formatter, ".repeat(3).trim();
    // And an operation whose body the spec gives no example of (a document of another API may not).
    const bare = facts.find(
      (f) => f !== long && f.parameterList.length === 0 && f.requestExample !== undefined,
    );
    expect(bare).toBeDefined();
    const section = methodsSection(
      facts.map((f) =>
        f === long
          ? { ...f, requestExample: body }
          : f === bare
            ? { ...f, requestExample: undefined }
            : f,
      ),
    );
    expect(section).toContain(`  ${key}:\n    "A description far longer`);
    expect(section).toContain(
      `const argument = {} as Parameters<typeof client.${bare?.operationId}>[0];\nawait client.${bare?.operationId}(argument);`,
    );
    const markdown = `# Methods\n\n${section}\n`;
    const biome = join(root, "..", "..", "node_modules", ".bin", "biome");
    const formatted = spawnSync(biome, ["format", "--stdin-file-path=README.md"], {
      input: markdown,
      encoding: "utf8",
      cwd: root,
    });
    expect(formatted.stderr).toBe("");
    expect(formatted.stdout).toBe(markdown);
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

  test("lists every error class the package exports, from the default and the Node entry", async () => {
    // Both entries by path: this file reaches neither through an import, so it runs once (see vitest.config.ts).
    for (const entry of ["index.ts", "index.node.ts"]) {
      const api = await import(pathToFileURL(join(root, "src", entry)).href);
      const errors = Object.keys(api).filter(
        (k) => k.endsWith("Error") && k !== "MerchantPaymentsError",
      );
      expect(errors.length, entry).toBeGreaterThan(10);
      for (const name of errors) expect(readme, `${entry}: ${name}`).toContain(`| \`${name}\``);
    }
  });

  test("names every export of the package and of its raw entry", () => {
    const { program } = readmeProgram();
    const checker = program.getTypeChecker();
    for (const entry of ["index.ts", "raw.ts"]) {
      const source = program.getSourceFile(join(root, "src", entry));
      const module = source && checker.getSymbolAtLocation(source);
      expect(module, entry).toBeDefined();
      const names = checker.getExportsOfModule(module as ts.Symbol).map((symbol) => symbol.name);
      expect(names.length, entry).toBeGreaterThan(3);
      // "Every component schema of the spec is exported as a type of the same name" (made an identifier, its request
      // form `<Name>Input` where it differs) and each webhook's payload as `<Name>WebhookPayload`: the README states
      // them once for all (a schema added to the spec needs no hand edit here); every other export is named.
      const bundle = readBundle();
      const schemas = new Set([
        ...Object.keys(bundle.components?.schemas ?? {}).flatMap((name) => [
          name,
          typeName(name),
          `${typeName(name)}Input`,
        ]),
        ...Object.keys(bundle.webhooks ?? {}).map((name) => `${typeName(name)}WebhookPayload`),
      ]);
      expect(
        names.filter((name) => !schemas.has(name) && !readme.includes(`\`${name}`)),
        entry,
      ).toEqual([]);
    }
  });

  test("every TypeScript sample type-checks against the client", () => {
    expect(blocks.length).toBeGreaterThan(8);
    expect(readmeProgram().outputs.get(sampleFile)).toBe("");
  });
});
