// Adding an operation to the spec adds a typed method to the client, with no hand-written file of the client
// touched: a ninth operation (path file, schemas, examples, code samples under test/fixtures/ninth-operation) is
// added to a copy of the spec, which is linted and bundled with Redocly; the client's sources are copied, generated
// from that bundle and built; the new method type-checks (one TypeScript program, in this process) and answers from
// the mock serving the copied bundle.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startMock } from "@merchant-payments/mock";
import { bundleJsonPath, operations, readBundle } from "@merchant-payments/spec";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generate } from "../scripts/generate.js";
import { typeCheckAll } from "./helpers/type-check.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const specRoot = join(dirname(bundleJsonPath), "..");
const fixture = join(root, "test", "fixtures", "ninth-operation");
const tmp = join(root, `.tmp-ninth-operation-${process.pid}`);
const specCopy = join(tmp, "spec");
const bundlePath = join(tmp, "openapi.json");
const clientCopy = join(tmp, "client");
const NEW_OPERATION = "getMerchantBalance";

/** Every file under `dir` (relative path -> sha256), `src/generated` left out. */
function handWrittenFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated") walk(path);
      } else {
        out[relative(dir, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
      }
    }
  };
  walk(dir);
  return out;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: "utf8",
    stdio: "pipe",
    timeout: 120_000,
    env: { ...process.env, REDOCLY_TELEMETRY: "off" },
  });
}

beforeAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  cpSync(join(specRoot, "openapi"), join(specCopy, "openapi"), { recursive: true });
  cpSync(join(specRoot, "redocly.yaml"), join(specCopy, "redocly.yaml"));
  cpSync(join(specRoot, "lint"), join(specCopy, "lint"), { recursive: true });
  cpSync(fixture, join(specCopy, "openapi"), { recursive: true });
  const rootFile = join(specCopy, "openapi", "openapi.yaml");
  const text = readFileSync(rootFile, "utf8");
  const marker = "\ncomponents:\n";
  expect(text).toContain(marker);
  writeFileSync(
    rootFile,
    text.replace(
      marker,
      `\n  /merchants/balance/get:\n    $ref: paths/merchants_balance_get.yaml${marker}`,
    ),
  );
  const redocly = join(specRoot, "node_modules", ".bin", "redocly");
  // pnpm lint's two passes: the spec's own files under every rule, another API's grafted ones under validity's.
  for (const config of ["lint/own-files.yaml", "lint/foreign-files.yaml"])
    run(
      redocly,
      ["lint", "openapi/openapi.yaml", `--config=${config}`, "--format=stylish"],
      specCopy,
    );
  run(
    redocly,
    ["bundle", "openapi/openapi.yaml", "--ext", "json", "--output", bundlePath],
    specCopy,
  );

  cpSync(join(root, "src"), join(clientCopy, "src"), {
    recursive: true,
    filter: (path) => !path.includes(join("src", "generated")),
  });
  await generate({ specPath: bundlePath, outDir: join(clientCopy, "src", "generated") });
}, 180_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a ninth operation added to the spec", () => {
  test("is the only change: the copy of the spec holds one more operation", () => {
    const before = operations().map((op) => op.operationId);
    const after = operations(readBundle(bundlePath)).map((op) => op.operationId);
    expect(after).toEqual([...before, NEW_OPERATION]);
  });

  test("needs no hand-written file of the client: only src/generated differs", () => {
    expect(handWrittenFiles(join(clientCopy, "src"))).toEqual(handWrittenFiles(join(root, "src")));
    const table = readFileSync(join(clientCopy, "src", "generated", "operation-table.ts"), "utf8");
    expect(table).toContain(`"${NEW_OPERATION}"`);
    expect(table).toContain('"path": "/merchants/balance/get"');
  });

  test("becomes a typed method with JSDoc, its types following the decimals option", () => {
    const usage = `import { createMerchantPaymentsClient, type MerchantBalance } from "./src/index.js";
const client = createMerchantPaymentsClient({ baseUrl: "http://127.0.0.1:1", token: "test-token" });
export const balance: Promise<MerchantBalance> = client.${NEW_OPERATION}({ merchantAccountNumber: 12345678 });
export const amount: Promise<number> = balance.then((b) => b.availableBalance);
// @ts-expect-error merchantAccountNumber is required
client.${NEW_OPERATION}({});
// @ts-expect-error merchantAccountNumber is a number
client.${NEW_OPERATION}({ merchantAccountNumber: "12345678" });
const exact = createMerchantPaymentsClient({ baseUrl: "http://127.0.0.1:1", token: "test-token", decimals: "string" });
export const text: Promise<string> = exact.${NEW_OPERATION}({ merchantAccountNumber: 12345678 }).then((b) => b.availableBalance);
`;
    writeFileSync(join(clientCopy, "usage.ts"), usage);
    // The operation's own TypeScript code sample, against the generated client.
    cpSync(
      join(fixture, "code_samples", "TypeScript", `${NEW_OPERATION}.ts`),
      join(clientCopy, "sample.ts"),
    );
    // Type-checked in this process, as `tsc` would with the workspace's options and the client's Node types.
    const files = [join(clientCopy, "usage.ts"), join(clientCopy, "sample.ts")];
    const { outputs } = typeCheckAll(
      files.map((file) => ({ file, scope: clientCopy })),
      {
        types: ["node"],
        typeRoots: [join(root, "node_modules", "@types")],
        paths: { "@merchant-payments/client": [join(clientCopy, "src", "index.ts")] },
      },
    );
    const output = files.map((file) => outputs.get(file) ?? `${file} not checked`).join("");
    expect(output).toBe("");
    const methods = readFileSync(join(clientCopy, "src", "generated", "client-methods.ts"), "utf8");
    expect(methods).toMatch(
      /Read the merchant's balance\.[\s\S]*@throws \{NotFoundError\}[\s\S]*@example/,
    );
  }, 120_000);

  test("works against the mock serving the copied bundle", async () => {
    const out = join(clientCopy, "dist", "index.js");
    await build({
      entryPoints: [join(clientCopy, "src", "index.ts")],
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      outfile: out,
      logLevel: "silent",
    });
    const built = await import(pathToFileURL(out).href);
    const mock = await startMock({ spec: bundlePath, port: 0 });
    try {
      const options = { baseUrl: mock.baseUrl, token: "test-token", timeoutMs: 10_000 };
      const example = readBundle(bundlePath).components.examples.MerchantBalanceAvailable.value;
      const client = built.createMerchantPaymentsClient(options);
      await expect(client[NEW_OPERATION]({ merchantAccountNumber: 12345678 })).resolves.toEqual(
        example,
      );
      const exact = built.createMerchantPaymentsClient({ ...options, decimals: "string" });
      await expect(
        exact[NEW_OPERATION]({ merchantAccountNumber: 12345678 }),
      ).resolves.toMatchObject({ availableBalance: String(example.availableBalance) });
      await expect(client[NEW_OPERATION]({ merchantAccountNumber: 1 })).rejects.toBeInstanceOf(
        built.RequestValidationError,
      );
    } finally {
      await mock.close();
    }
  }, 60_000);
});
