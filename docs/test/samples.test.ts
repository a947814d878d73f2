import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  compileSampleProject,
  listOperations,
  runCompiledSample,
  SAMPLES_DIR,
  sampleFile,
  writeSampleProject,
} from "../src/samples.mjs";

const operations = listOperations();
const tmp = (name: string) => fileURLToPath(new URL(`../.tmp/${name}/`, import.meta.url));
const TOKEN = "docs-test-token";

describe("the code samples of the spec", () => {
  test("every operation shows a TypeScript and a curl sample", () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      expect(op.typescript, `${op.operationId} TypeScript sample`).toEqual(expect.any(String));
      expect(op.curl, `${op.operationId} curl sample`).toEqual(expect.any(String));
    }
  });

  test("the bundle carries the current sample files, and no sample file lacks its operation", () => {
    for (const op of operations) {
      expect(op.typescript).toBe(readFileSync(sampleFile("typescript", op.operationId), "utf8"));
      expect(op.curl).toBe(readFileSync(sampleFile("curl", op.operationId), "utf8"));
    }
    const ids = operations.map((op) => op.operationId).sort();
    const stems = (dir: string, ext: string) =>
      readdirSync(join(SAMPLES_DIR, dir))
        .filter((f) => f.endsWith(ext))
        .map((f) => f.slice(0, -ext.length))
        .sort();
    expect(stems("TypeScript", ".ts")).toEqual(ids);
    expect(stems("curl", ".sh")).toEqual(ids);
  });
});

describe("the TypeScript samples", () => {
  const workDir = tmp("test-samples");
  let compiled: { ok: boolean; output: string };

  beforeAll(() => {
    writeSampleProject(workDir, operations);
    compiled = compileSampleProject(workDir, ["--listFiles"]);
  });

  test("type-check against the built @merchant-payments/client", () => {
    expect(compiled.output.split("\n").filter((line) => line.includes("error TS"))).toEqual([]);
    expect(compiled.ok).toBe(true);
  });

  test("resolve @merchant-payments/client to its built declarations in dist/", () => {
    const require = createRequire(import.meta.url);
    const clientDir = realpathSync(
      dirname(require.resolve("@merchant-payments/client/package.json")),
    );
    const clientFiles = compiled.output.split("\n").filter((line) => line.startsWith(clientDir));
    expect(clientFiles.length).toBeGreaterThan(0);
    for (const file of clientFiles) expect(file).toMatch(/\/dist\/[^/]+\.d\.[cm]?ts$/);
  });

  test("a sample calling a method the client does not have fails the type-check", () => {
    const op = operations.find((o) => o.operationId === "getTransaction");
    const broken = op?.typescript?.replace("client.getTransaction(", "client.lookUpTransaction(");
    expect(broken).toContain("lookUpTransaction");
    const dir = tmp("test-samples-broken-method");
    writeSampleProject(dir, [{ operationId: "getTransaction", typescript: broken }]);
    const result = compileSampleProject(dir);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("lookUpTransaction");
    expect(result.output).toContain(join(SAMPLES_DIR, "TypeScript", "getTransaction.ts"));
  });

  test("a sample passing a renamed field fails the type-check", () => {
    const op = operations.find((o) => o.operationId === "calculateFees");
    const broken = op?.typescript?.replace("channelType:", "channel:");
    expect(broken).toContain("channel:");
    const dir = tmp("test-samples-broken-field");
    writeSampleProject(dir, [{ operationId: "calculateFees", typescript: broken }]);
    const result = compileSampleProject(dir);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/channel/);
  });

  describe("run against the mock", () => {
    let mock: MockServer;

    beforeAll(async () => {
      mock = await startMock();
    });
    afterAll(async () => {
      await mock?.close();
    });

    test.each(operations)(
      "the $operationId sample prints the response the spec documents",
      async (op) => {
        expect(compiled.ok).toBe(true);
        const run = await runCompiledSample(workDir, op.operationId, {
          env: {
            MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl,
            MERCHANT_PAYMENTS_TOKEN: TOKEN,
            // The credentials of the other kinds of security scheme an operation may ask for.
            MERCHANT_PAYMENTS_API_KEY_HEADER: "header-key",
            MERCHANT_PAYMENTS_API_KEY_QUERY: "query-key",
            MERCHANT_PAYMENTS_CLIENT_SECRET: "client-secret",
          },
        });
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        // A JSON 200 answer with examples: the mock answers the first. Other answers (text, files, 204, 202,
        // several pages) are checked by their kind in the console and contract shape suites.
        if (op.responseExamples.length > 0)
          expect(JSON.parse(run.stdout)).toEqual(op.responseExamples[0]);
      },
    );

    test("a sample without MERCHANT_PAYMENTS_TOKEN stops and says what to set", async () => {
      const run = await runCompiledSample(workDir, "getTransaction", {
        env: { MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl, MERCHANT_PAYMENTS_TOKEN: "" },
      });
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain("Set MERCHANT_PAYMENTS_TOKEN");
    });

    test("a sample talks to the server named by MERCHANT_PAYMENTS_BASE_URL", async () => {
      const closed = await startMock();
      const baseUrl = closed.baseUrl;
      await closed.close();
      const run = await runCompiledSample(workDir, "getMerchantUser", {
        env: { MERCHANT_PAYMENTS_BASE_URL: baseUrl, MERCHANT_PAYMENTS_TOKEN: TOKEN },
      });
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(/ConnectionError/);
    });
  });
});
