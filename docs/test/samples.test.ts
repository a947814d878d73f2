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
  sampleErrors,
  sampleFile,
  variantErrors,
  writeSampleProject,
} from "../src/samples.mjs";
import {
  defaultAnswerHasBody,
  expectedInSampleOutput,
  printedJsonValues,
  showsValue,
} from "./support/client-answer.js";
import { sampleCredentials } from "./support/credentials.js";

const operations = listOperations();
const tmp = (name: string) => fileURLToPath(new URL(`../.tmp/${name}/`, import.meta.url));
const TOKEN = "docs-test-token";
/** Stand-in credentials for every security scheme of the spec and every other variable its samples read. */
const CREDENTIALS = sampleCredentials(operations, TOKEN);
/** The TypeScript sample of an operation of the spec. */
const sampleOf = (operationId: string) => {
  const text = operations.find((o) => o.operationId === operationId)?.typescript;
  if (text === undefined) throw new Error(`no TypeScript sample of ${operationId}`);
  return text;
};

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

/**
 * The width the formatter gives the TypeScript samples (biome.json's override for the spec's code samples), in
 * characters: the site's code block shows that many without a sideways scroll (browser.test.ts measures it).
 */
function sampleLineWidth(): number {
  const biome = JSON.parse(readFileSync(new URL("../../biome.json", import.meta.url), "utf8")) as {
    overrides?: { includes?: string[]; formatter?: { lineWidth?: number } }[];
  };
  const override = biome.overrides?.find((o) =>
    o.includes?.some((glob) => glob.startsWith("spec/openapi/code_samples/")),
  );
  const width = override?.formatter?.lineWidth;
  if (width === undefined)
    throw new Error("biome.json sets no lineWidth for spec/openapi/code_samples");
  return width;
}

test("every TypeScript sample's lines fit the site's code block: none longer than the samples' formatter width", () => {
  const width = sampleLineWidth();
  const long = operations.flatMap((op) =>
    (op.typescript ?? "")
      .split("\n")
      .map((line, index) => ({ at: `${op.operationId}.ts:${index + 1}`, length: line.length }))
      .filter((line) => line.length > width),
  );
  expect(long, `lines longer than ${width} characters (wrap them)`).toEqual([]);
});

describe("the TypeScript samples", () => {
  const workDir = tmp("test-samples");
  /** Copies of two samples that must not compile, checked in the same tsc program as the samples (one run). */
  const variants = [
    {
      variant: "broken-method",
      operationId: "getTransaction",
      typescript: sampleOf("getTransaction").replace(
        "client.getTransaction(",
        "client.lookUpTransaction(",
      ),
    },
    {
      variant: "broken-field",
      operationId: "calculateFees",
      typescript: sampleOf("calculateFees").replace("channelType:", "channel:"),
    },
  ];
  let compiled: { ok: boolean; output: string };

  beforeAll(() => {
    writeSampleProject(workDir, operations, variants);
    compiled = compileSampleProject(workDir, ["--listFiles"]);
  });

  test("type-check against the built @merchant-payments/client", () => {
    expect(sampleErrors(compiled.output)).toEqual([]);
    // The only errors are the variants'.
    const errors = compiled.output.split("\n").filter((line) => line.includes("error TS"));
    expect(errors.length).toBeGreaterThan(0);
    const ofVariants = variants.flatMap(({ variant }) => variantErrors(compiled.output, variant));
    expect([...errors].sort()).toEqual(ofVariants.sort());
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
    expect(variants[0]?.typescript).toContain("lookUpTransaction");
    const errors = variantErrors(compiled.output, "broken-method");
    expect(errors.join("\n")).toContain("lookUpTransaction");
    expect(errors[0]).toContain(join(SAMPLES_DIR, "TypeScript", "getTransaction.ts"));
  });

  test("a sample passing a renamed field fails the type-check", () => {
    expect(variants[1]?.typescript).toContain("channel:");
    expect(variantErrors(compiled.output, "broken-field").join("\n")).toMatch(/channel/);
  });

  // Each sample is its own node process against one mock: they run at once (up to vitest's maxConcurrency).
  describe.concurrent("run against the mock", () => {
    let mock: MockServer;

    beforeAll(async () => {
      mock = await startMock();
    });
    afterAll(async () => {
      await mock?.close();
    });

    test.for(operations)(
      "the $operationId sample prints the answer the spec documents, as the client hands it over",
      async (op, { expect }) => {
        expect(sampleErrors(compiled.output)).toEqual([]);
        const run = await runCompiledSample(workDir, op.operationId, {
          // A stand-in credential for every security scheme of the spec (and any other variable a sample reads).
          env: { ...CREDENTIALS, MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl },
        });
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        // The mock answers its default (the first 2xx's first example; a list's first page); the sample prints what
        // the client hands over (alone, beside the answer's headers, or its fields but a secret): it must show it.
        // Whatever it prints is JSON; an answer without a body (a 204) has no result it must print.
        const printed = printedJsonValues(run.stdout);
        if (defaultAnswerHasBody(op)) expect(printed.length, run.stdout).toBeGreaterThan(0);
        const expected = expectedInSampleOutput(op);
        if (expected !== undefined)
          expect(
            printed.some((value) => showsValue(value, expected)),
            `${JSON.stringify(expected)} in ${run.stdout}`,
          ).toBe(true);
      },
    );

    test("a sample without MERCHANT_PAYMENTS_TOKEN stops and says what to set", async ({
      expect,
    }) => {
      const run = await runCompiledSample(workDir, "getTransaction", {
        env: { MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl, MERCHANT_PAYMENTS_TOKEN: "" },
      });
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain("Set MERCHANT_PAYMENTS_TOKEN");
    });

    test("a sample talks to the server named by MERCHANT_PAYMENTS_BASE_URL", async ({ expect }) => {
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
