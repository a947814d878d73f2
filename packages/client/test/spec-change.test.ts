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

/** Writes `changed` to `dir`/openapi.json and runs the generator on it into `out` (60 s bound); throws when it refuses. */
function generate(dir: string, changed: unknown, out: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(changed));
  const generator = join(root, "scripts", "generate.mjs");
  execFileSync(process.execPath, [generator, "--spec", join(dir, "openapi.json"), "--out", out], {
    stdio: "pipe",
    encoding: "utf8",
    timeout: 120_000,
  });
}

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
  generate(dir, changed, join(dir, "src", "generated"));
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
  }, 180_000);

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
  }, 180_000);

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
  }, 180_000);

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
  }, 180_000);
});

/** Runs the generator on `changed` into a scratch folder; the error output when it refuses, "" when it succeeds. */
function generationFailure(name: string, changed: unknown): string {
  const dir = join(tmp, name);
  try {
    generate(dir, changed, join(dir, "generated"));
    return "";
  } catch (error) {
    return String((error as { stderr?: string }).stderr);
  }
}

type Operation = Record<string, unknown> & { parameters?: unknown[] };
/** A copy of the spec with `change` applied to the getTransaction operation. */
function withLookup(change: (operation: Operation, copy: typeof spec) => void): typeof spec {
  const copy = structuredClone(spec) as typeof spec;
  const item = copy.paths["/collections/getTransaction"] as unknown as Record<string, Operation>;
  change(item.post as Operation, copy);
  return copy;
}

describe("the generator refuses, naming the operation, what the client cannot honour", () => {
  test("a name used twice in the argument: a query parameter and a body property", () => {
    const changed = withLookup((operation) => {
      operation.parameters = [
        { name: "merchantAccountNumber", in: "query", schema: { type: "integer" } },
      ];
    });
    expect(generationFailure("param-and-property", changed)).toMatch(
      /getTransaction: the name "merchantAccountNumber" is both a query parameter and a property of the request body/,
    );
  });

  test("a name used twice in the argument: two parameters", () => {
    const changed = withLookup((operation) => {
      operation.parameters = [
        { name: "page", in: "query", schema: { type: "integer" } },
        { name: "page", in: "header", schema: { type: "string" } },
      ];
    });
    expect(generationFailure("two-parameters", changed)).toMatch(
      /getTransaction: the name "page" is both a query parameter and a header parameter/,
    );
  });

  test("a security scheme whose credential is not sent in the request (mutual TLS)", () => {
    const changed = withLookup((operation, copy) => {
      (
        copy.components as unknown as { securitySchemes: Record<string, unknown> }
      ).securitySchemes.Tls = { type: "mutualTLS" };
      (operation as unknown as { security: unknown }).security = [{ Tls: [] }];
    });
    expect(generationFailure("mutual-tls", changed)).toMatch(
      /getTransaction: security schemes Tls \(only bearer tokens, HTTP Basic and API keys/,
    );
  });

  test("a GET with a request body, which fetch cannot send", () => {
    const copy = structuredClone(spec) as typeof spec;
    const item = copy.paths["/collections/getTransaction"] as unknown as Record<string, unknown>;
    item.get = item.post;
    delete item.post;
    expect(generationFailure("get-method", copy)).toMatch(
      /getTransaction: method GET with a request body/,
    );
  });

  test("a header parameter the client sets itself", () => {
    const changed = withLookup((operation) => {
      operation.parameters = [
        { name: "Content-Type", in: "header", required: true, schema: { type: "string" } },
      ];
    });
    expect(generationFailure("client-header", changed)).toMatch(
      /getTransaction: header parameter Content-Type \(the client sets it itself\)/,
    );
  });

  test("a header equal to a body property the request does not have", () => {
    const changed = withLookup((operation) => {
      operation.parameters = [
        {
          name: "Shop",
          in: "header",
          required: true,
          schema: { type: "string" },
          "x-equals-body-property": "shop",
        },
      ];
    });
    expect(generationFailure("missing-body-property", changed)).toMatch(
      /getTransaction: header Shop equals body property shop, which the request schema lacks/,
    );
  });

  test("an x-normalize-to-object naming a property its object branch lacks", () => {
    const copy = structuredClone(spec) as typeof spec;
    (copy.components.schemas.WebhookDeletion as Record<string, unknown>)["x-normalize-to-object"] =
      "text";
    expect(generationFailure("normalize-property", copy)).toMatch(
      /deleteWebhookSubscription: x-normalize-to-object: text needs a oneOf with one object branch/,
    );
  });

  test("the spec itself generates", () => {
    expect(generationFailure("unchanged", spec)).toBe("");
  });
});

describe("the generator accepts every other operation shape", () => {
  test("a GET without a body, with path, query and header parameters and a text answer", () => {
    const copy = structuredClone(spec) as typeof spec;
    const item = copy.paths["/collections/getTransaction"] as unknown as Record<string, Operation>;
    const operation = item.post as Operation;
    delete operation.requestBody;
    operation.parameters = [
      { name: "id", in: "path", required: true, schema: { type: "string" } },
      { name: "page", in: "query", schema: { type: "integer" } },
      { name: "X-Tenant", in: "header", schema: { type: "string" } },
    ];
    (copy.paths as Record<string, unknown>)["/collections/{id}"] = { get: operation };
    delete (copy.paths as Record<string, unknown>)["/collections/getTransaction"];
    expect(generationFailure("get-with-parameters", copy)).toBe("");
  });
});
