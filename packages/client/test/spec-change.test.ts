// Changing the spec changes the client: the client's sources are copied and generated twice, from the spec and from
// one changed copy of it (a field added to Transaction, one removed, a date added to a request, a smaller batch
// maxItems), and code using each change is type-checked against both, all in one TypeScript program (one compile
// of each copy, not one `tsc` per check); the generator runs in this process (scripts/generate.ts `generate`).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generate } from "../scripts/generate.js";
import { generatorCommand } from "../scripts/generator-command.mjs";
import { spec } from "./helpers/fixtures.js";
import { typeCheckAll } from "./helpers/type-check.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, `.tmp-spec-change-${process.pid}`);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes `changed` to `dir`/openapi.json and runs the generator on it into `out`; throws when it refuses. */
async function generateFrom(dir: string, changed: unknown, out: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(changed));
  await generate({ specPath: join(dir, "openapi.json"), outDir: out });
}

/** A copy of the client's hand-written sources in `dir`/src, generated from `changed`. */
async function clientFrom(dir: string, changed: unknown): Promise<void> {
  cpSync(join(root, "src"), join(dir, "src"), {
    recursive: true,
    filter: (p) => !p.includes(`${join("src", "generated")}`),
  });
  await generateFrom(dir, changed, join(dir, "src", "generated"));
}

const usesNewField = `import type { Transaction } from "./src/index.js";
declare const t: Transaction;
export const v: string = t.settlementBankCode;
`;
const usesConnectorName = `import type { Transaction } from "./src/index.js";
declare const t: Transaction;
export const v: string = t.connectorName;
`;
const usesDate = `import { createMerchantPaymentsClient } from "./src/index.js";
const client = createMerchantPaymentsClient({ baseUrl: "http://x", token: "test-token" });
export const p = client.getDisbursementMetrics({
  merchantAccountNumber: 12345678, summaryType: "D", fromDate: "2024-01-01", toDate: new Date(), asOfDate: new Date(),
});
`;

/** The spec with the four changes: settlementBankCode added to and connectorName removed from Transaction, asOfDate added to MetricsRequest, the batch's maxItems 2. */
function changedSpec(): typeof spec {
  const changed = structuredClone(spec) as typeof spec;
  const tx = changed.components.schemas.Transaction as {
    properties: Record<string, unknown>;
    required: string[];
  };
  tx.properties.settlementBankCode = { type: "string" };
  tx.required.push("settlementBankCode");
  delete tx.properties.connectorName;
  tx.required = tx.required.filter((r) => r !== "connectorName");
  const metrics = changed.components.schemas.MetricsRequest as {
    properties: Record<string, unknown>;
  };
  metrics.properties.asOfDate = { type: "string", format: "date" };
  const batch = changed.components.schemas.DisbursementBatch as {
    properties: { transactions: { maxItems: number } };
  };
  batch.properties.transactions.maxItems = 2;
  return changed;
}

const CODES = { newField: usesNewField, connectorName: usesConnectorName, date: usesDate };
type Variant = "unchanged" | "changed";
/** What `tsc` prints for each code against each client ("" when it compiles), filled before the tests. */
const compiled = new Map<string, string>();
const outputOf = (variant: Variant, code: keyof typeof CODES) =>
  compiled.get(join(tmp, `client-${variant}`, `${code}.ts`)) ?? "(not compiled)";

beforeAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await clientFrom(join(tmp, "client-unchanged"), spec);
  await clientFrom(join(tmp, "client-changed"), changedSpec());
  const checks = (["unchanged", "changed"] as const).flatMap((variant) =>
    Object.entries(CODES).map(([name, code]) => {
      const file = join(tmp, `client-${variant}`, `${name}.ts`);
      writeFileSync(file, code);
      return { file };
    }),
  );
  for (const [file, output] of typeCheckAll(checks, { types: [] }).outputs)
    compiled.set(file, output);
}, 240_000);

describe("changing the spec changes the client's types", () => {
  test("a field added to Transaction in the spec appears on the client's Transaction type", () => {
    expect(outputOf("unchanged", "newField")).toContain("settlementBankCode");
    expect(outputOf("changed", "newField")).toBe("");
  });

  test("a field removed from Transaction in the spec disappears from the client's type", () => {
    expect(outputOf("unchanged", "connectorName")).toBe("");
    expect(outputOf("changed", "connectorName")).toContain("connectorName");
  });

  test("a date field added to a request in the spec takes a Date in the client's input type", () => {
    expect(outputOf("unchanged", "date")).toContain("asOfDate");
    expect(outputOf("changed", "date")).toBe("");
  });

  test("a changed maxItems changes the generated batch validator", async () => {
    const mod = await import(
      pathToFileURL(join(tmp, "client-changed", "src", "generated", "validators.ts")).href
    );
    const issues: { path: string; message: string }[] = [];
    mod.validateDisbursementBatch({ header: {}, transactions: [{}, {}, {}] }, issues);
    expect(issues).toEqual([{ path: "/transactions", message: "must have at most 2 items" }]);
    const unchanged = await import(
      pathToFileURL(join(tmp, "client-unchanged", "src", "generated", "validators.ts")).href
    );
    const before: { path: string; message: string }[] = [];
    unchanged.validateDisbursementBatch({ header: {}, transactions: [{}, {}, {}] }, before);
    expect(before.filter((issue) => issue.path === "/transactions")).toEqual([]);
  });
});

/** Runs the generator on `changed` into a scratch folder; its error when it refuses, "" when it succeeds. */
async function generationFailure(name: string, changed: unknown): Promise<string> {
  const dir = join(tmp, name);
  try {
    await generateFrom(dir, changed, join(dir, "generated"));
    return "";
  } catch (error) {
    return String((error as Error).message);
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
  test("a name used twice in the argument: a query parameter and a body property", async () => {
    const changed = withLookup((operation) => {
      operation.parameters = [
        { name: "merchantAccountNumber", in: "query", schema: { type: "integer" } },
      ];
    });
    expect(await generationFailure("param-and-property", changed)).toMatch(
      /getTransaction: the name "merchantAccountNumber" is both a query parameter and a property of the request body/,
    );
  });

  test("a name used twice in the argument: two parameters", async () => {
    const changed = withLookup((operation) => {
      operation.parameters = [
        { name: "page", in: "query", schema: { type: "integer" } },
        { name: "page", in: "header", schema: { type: "string" } },
      ];
    });
    expect(await generationFailure("two-parameters", changed)).toMatch(
      /getTransaction: the name "page" is both a query parameter and a header parameter/,
    );
  });

  test("a security scheme whose credential is not sent in the request (mutual TLS)", async () => {
    const changed = withLookup((operation, copy) => {
      (
        copy.components as unknown as { securitySchemes: Record<string, unknown> }
      ).securitySchemes.Tls = { type: "mutualTLS" };
      (operation as unknown as { security: unknown }).security = [{ Tls: [] }];
    });
    expect(await generationFailure("mutual-tls", changed)).toMatch(
      /getTransaction: security schemes Tls \(only bearer tokens, HTTP Basic and API keys/,
    );
  });

  test("a GET with a request body, which fetch cannot send", async () => {
    const copy = structuredClone(spec) as typeof spec;
    const item = copy.paths["/collections/getTransaction"] as unknown as Record<string, unknown>;
    item.get = item.post;
    delete item.post;
    expect(await generationFailure("get-method", copy)).toMatch(
      /getTransaction: method GET with a request body/,
    );
  });

  test("a header parameter the client sets itself", async () => {
    const changed = withLookup((operation) => {
      operation.parameters = [
        { name: "Content-Type", in: "header", required: true, schema: { type: "string" } },
      ];
    });
    expect(await generationFailure("client-header", changed)).toMatch(
      /getTransaction: header parameter Content-Type \(the client sets it itself\)/,
    );
  });

  test("a header equal to a body property the request does not have", async () => {
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
    expect(await generationFailure("missing-body-property", changed)).toMatch(
      /getTransaction: header Shop equals body property shop, which the request schema lacks/,
    );
  });

  test("an x-normalize-to-object naming a property its object branch lacks", async () => {
    const copy = structuredClone(spec) as typeof spec;
    (copy.components.schemas.WebhookDeletion as Record<string, unknown>)["x-normalize-to-object"] =
      "text";
    expect(await generationFailure("normalize-property", copy)).toMatch(
      /deleteWebhookSubscription: x-normalize-to-object: text needs a oneOf with one object branch/,
    );
  });

  test("the command exits non-zero, naming the operation on stderr", () => {
    const dir = join(tmp, "command");
    const changed = withLookup((operation) => {
      operation.parameters = [
        { name: "Content-Type", in: "header", required: true, schema: { type: "string" } },
      ];
    });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(changed));
    const command = spawnSync(
      process.execPath,
      [...generatorCommand(root), "--spec", join(dir, "openapi.json"), "--out", dir],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(command.status).not.toBe(0);
    expect(command.stderr).toMatch(/getTransaction: header parameter Content-Type/);
  });

  test("the spec itself generates", async () => {
    expect(await generationFailure("unchanged", spec)).toBe("");
  });
});

describe("the generator accepts every other operation shape", () => {
  test("a GET without a body, with path, query and header parameters and a text answer", async () => {
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
    expect(await generationFailure("get-with-parameters", copy)).toBe("");
  });
});
