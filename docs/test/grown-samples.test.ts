// The code samples of the grown fixture's own operations (spec/fixtures/grown/code_samples): in the bundle, the
// TypeScript ones type-check against the built @merchant-payments/grown-client (and a renamed method does not),
// the curl ones call their operation's method and path (run by sh with a stand-in curl).
import { mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { loadDocument, operations } from "@merchant-payments/spec";
import { resolvePointer } from "@merchant-payments/spec/model";
import { x } from "tinyexec";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { secretVariable } from "../src/console/security.js";
import {
  compileSampleProject,
  runCompiledSample,
  type SampleVariant,
  sampleErrors,
  variantErrors,
  writeSampleProject,
} from "../src/samples.mjs";
import { sampleCredentials } from "./support/credentials.js";
import { parseCurlArgs, sentCredential } from "./support/curl-call.js";
import { fakeCurlArgs, writeFakeCurl } from "./support/fake-curl.js";

const require = createRequire(import.meta.url);
const grownBundle = require.resolve("@merchant-payments/spec/fixtures/grown.json");
const document = loadDocument(grownBundle);
/** The fixture's own operations: those whose TypeScript sample uses the grown client. */
const own = operations(document)
  .map((op) => ({
    ...op,
    typescript: op.codeSamples.find((s) => s.label === "TypeScript")?.source,
    curl: op.codeSamples.find((s) => s.label === "curl")?.source,
  }))
  .filter((op) => op.typescript?.includes("@merchant-payments/grown-client"));
/** Stand-in credentials for every security scheme of the fixture and every other variable its samples read. */
const CREDENTIALS = sampleCredentials(own, "t0ken-123");
const tmp = (name: string) => fileURLToPath(new URL(`../.tmp/${name}/`, import.meta.url));
/** The fixture's own samples, where compile errors point. */
const grownSamples = fileURLToPath(
  new URL("../../spec/fixtures/grown/code_samples/", import.meta.url),
);
/** The built grown client (private, built by turbo before this package's tests: see turbo.json). */
const grownClient = fileURLToPath(new URL("../../packages/grown-client/", import.meta.url));

/**
 * Writes the samples (and `variants`) as a project that resolves `@merchant-payments/grown-client` as a user's project
 * would, through its node_modules, to the built package (linked here: the docs package does not depend on it, so that
 * building the site never waits for it).
 */
function writeGrownProject(
  workDir: string,
  samples: { operationId: string; typescript?: string }[],
  variants: SampleVariant[] = [],
) {
  writeSampleProject(workDir, samples, variants);
  mkdirSync(join(workDir, "node_modules", "@merchant-payments"), { recursive: true });
  symlinkSync(
    grownClient,
    join(workDir, "node_modules", "@merchant-payments", "grown-client"),
    "dir",
  );
}

const [first] = own;
if (!first?.typescript) throw new Error("the grown fixture has no sample of its own");
/** A copy of the first sample calling a method the grown client does not have: it must not compile. */
const renamed: SampleVariant = {
  variant: "renamed-method",
  operationId: first.operationId,
  typescript: first.typescript.replace(`.${first.operationId}(`, `.${first.operationId}X(`),
};
const workDir = tmp("grown-samples");
/** The fixture's samples and the renamed copy, compiled in one tsc program (once, for every test of this file). */
let compiled: ReturnType<typeof compileSampleProject> | undefined;
const compileOnce = () => {
  if (!compiled) {
    writeGrownProject(workDir, own, [renamed]);
    compiled = compileSampleProject(workDir, [], grownSamples);
  }
  return compiled;
};

describe("the grown fixture's code samples", () => {
  test("every operation of the fixture shows both samples; its own use the grown client", () => {
    for (const op of operations(document)) {
      const labels = op.codeSamples.map((s) => s.label);
      expect(labels, op.operationId).toEqual(["TypeScript", "curl"]);
    }
    expect(own.length).toBe(operations(document).length - 8);
  });

  test("the TypeScript samples type-check against the built grown client; a renamed method does not", () => {
    const { output } = compileOnce();
    expect(sampleErrors(output)).toEqual([]);
    expect(renamed.typescript).toContain(`.${first.operationId}X(`);
    expect(variantErrors(output, renamed.variant).join("\n")).toContain(`${first.operationId}X`);
  });

  // Each sample is its own node process against one mock: they run at once (up to vitest's maxConcurrency).
  describe.concurrent("the paginated operations' samples, run against the mock of the fixture", () => {
    let mock: MockServer;
    beforeAll(async () => {
      compileOnce();
      mock = await startMock({ spec: grownBundle });
    });
    afterAll(async () => {
      await mock?.close();
    });

    test.for(own.filter((op) => op.pagination))(
      "the $operationId sample iterates every page and ends",
      async (op, { expect }) => {
        expect(sampleErrors(compileOnce().output)).toEqual([]);
        const run = await runCompiledSample(workDir, op.operationId, {
          env: { ...CREDENTIALS, MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl },
        });
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        const media = op.responses.find((r) => r.status.startsWith("2"))?.content[0];
        const items = (media?.examples ?? []).flatMap((e) =>
          [resolvePointer(e.value, op.pagination?.items ?? "")].flat(),
        );
        // The sample prints the first item, then how many it read.
        expect(run.stdout).toContain(JSON.stringify(items[0], null, 2));
        expect(run.stdout.trim().split("\n").at(-1)).toMatch(new RegExp(`:${items.length}}$`));
      },
    );
  });

  describe("the curl samples", () => {
    const bin = tmp("grown-samples-bin");
    beforeAll(() => {
      mkdirSync(bin, { recursive: true });
      writeFakeCurl(bin);
    });

    test.each(own)(
      "$operationId sends its method to its path, with the credentials its security asks for",
      async (op) => {
        const run = await x("sh", ["-c", op.curl ?? "exit 9"], {
          nodeOptions: {
            env: {
              PATH: `${bin}:/usr/bin:/bin`,
              MERCHANT_PAYMENTS_BASE_URL: "http://127.0.0.1:4010",
              ...CREDENTIALS,
            },
          },
          timeout: 10_000,
          throwOnError: true,
          nodePath: false,
        });
        const call = parseCurlArgs(fakeCurlArgs(run.stdout));
        const template = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
        expect(call.url.pathname).toMatch(template);
        expect(call.method).toBe(op.method);
        const schemes = op.security[0] ?? [];
        for (const scheme of schemes)
          expect(sentCredential(call, scheme), scheme.key).toBe(
            CREDENTIALS[secretVariable(scheme)],
          );
        if (schemes.length === 0) {
          expect(call.headers.has("authorization")).toBe(false);
          expect(call.user).toBeUndefined();
        }
      },
    );
  });
});
