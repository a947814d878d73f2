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
import {
  compileSampleProject,
  runCompiledSample,
  type SampleVariant,
  sampleErrors,
  variantErrors,
  writeSampleProject,
} from "../src/samples.mjs";
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

  describe("the paginated operations' samples, run against the mock of the fixture", () => {
    let mock: MockServer;
    beforeAll(async () => {
      compileOnce();
      mock = await startMock({ spec: grownBundle });
    });
    afterAll(async () => {
      await mock?.close();
    });

    test.each(own.filter((op) => op.pagination))(
      "the $operationId sample iterates every page and ends",
      async (op) => {
        expect(sampleErrors(compileOnce().output)).toEqual([]);
        const run = await runCompiledSample(workDir, op.operationId, {
          env: { MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl, MERCHANT_PAYMENTS_TOKEN: "t0ken-123" },
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

    test.each(own)("$operationId sends its method to its path", async (op) => {
      const run = await x("sh", ["-c", op.curl ?? "exit 9"], {
        nodeOptions: {
          env: {
            PATH: `${bin}:/usr/bin:/bin`,
            MERCHANT_PAYMENTS_BASE_URL: "http://127.0.0.1:4010",
            MERCHANT_PAYMENTS_TOKEN: "t0ken-123",
            MERCHANT_PAYMENTS_API_KEY_HEADER: "k1",
            MERCHANT_PAYMENTS_API_KEY_QUERY: "k2",
            MERCHANT_PAYMENTS_CLIENT_SECRET: "s3",
            MERCHANT_PAYMENTS_PARTNER_BASIC: "partner:p4ss",
            MERCHANT_PAYMENTS_SESSION_COOKIE: "c5",
          },
        },
        timeout: 10_000,
        throwOnError: true,
        nodePath: false,
      });
      const args = fakeCurlArgs(run.stdout);
      const url = new URL(args.find((a) => a.startsWith("http://")) ?? "");
      const template = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      expect(url.pathname).toMatch(template);
      const sendsBody = args.some((a) => a.startsWith("--data") || a.startsWith("--form"));
      const method = args.includes("--head")
        ? "HEAD"
        : args.includes("--request")
          ? args[args.indexOf("--request") + 1]
          : args.includes("--get") || !sendsBody
            ? "GET"
            : "POST";
      expect(method).toBe(op.method);
      const secured = op.security[0]?.[0];
      const basic = secured?.type === "http" && secured.scheme?.toLowerCase() === "basic";
      if (secured?.type === "http" && !basic)
        expect(args).toContain("Authorization: Bearer t0ken-123");
      if (basic) expect(args[args.indexOf("--user") + 1]).toBe("partner:p4ss");
      if (secured?.in === "cookie")
        expect(args.find((a) => a.startsWith("Cookie: "))).toContain(`${secured.name}=c5`);
      if (secured?.in === "header") expect(args).toContain(`${secured.name}: k1`);
      if (secured?.in === "query") expect(args).toContain(`${secured.name}=k2`);
      if (op.security.length === 0) expect(args.join(" ")).not.toContain("Authorization");
    });
  });
});
