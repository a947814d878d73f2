// The tarballs of `pnpm release:pack`, installed together with plain npm into an empty project once, before these
// tests, by the `release:install` task (src/install-packs.ts), then used the way a consumer uses them: the client from ESM and from CommonJS against a local
// server, the mock's CLI, and the mock's startMock serving every operation to the client (each named request
// example, or a valid call built from the spec).
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { clientArguments, validCall } from "@merchant-payments/contract-tests/call-inputs";
import { filesAsJson, reviveFilesSource } from "@merchant-payments/contract-tests/json-calls";
import { createAjv, loadBundle, operations, responseFor } from "@merchant-payments/spec";
import { type CredentialScheme, credentialKind } from "@merchant-payments/spec/wire/credentials";
import {
  type LoopbackServer,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { HANG_BOUND_MS } from "@merchant-payments/test-support/vitest-preset";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  installProject,
  type Packed,
  plainEnv,
  readInstall,
  readPacks,
} from "../src/install-packs.js";
import { runGroup } from "../src/process-group.js";
import { SPEC_VERSION_FIELD, specVersionOf, specVersionSentence } from "../src/spec-version.js";

/** A script's bound on a hang: just under the test's own, so that a hung script fails with its output. */
const SCRIPT_TIMEOUT_MS = HANG_BOUND_MS - 15_000;

async function run(
  command: string,
  args: string[],
  cwd: string,
  timeout: number,
  env: NodeJS.ProcessEnv = plainEnv(),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runGroup(command, args, { cwd, env, timeoutMs: timeout });
  return { code, stdout, stderr };
}

// The call every script makes: the first operation with a request example and a 200 example.
const op = operations().find(
  (o) => o.request?.examples[0] && responseFor(o, 200)?.content[0]?.examples[0],
);
if (!op) throw new Error("The spec has no operation with a request and a 200 example");
const requestExample = op.request?.examples[0]?.value;
const responseExample = responseFor(op, 200)?.content[0]?.examples[0]?.value;
/** The answer's fields, which the client hands back (the values may be normalized). */
const exampleKeys = Object.keys(responseExample ?? {}).sort();

const callScript = (load: string) => `${load}
const client = createMerchantPaymentsClient({ baseUrl: process.env.BASE_URL, token: "test-token", maxRetries: 0 });
client.${op.operationId}(${JSON.stringify(requestExample)}).then(
  (result) => console.log(JSON.stringify(result)),
  (error) => { console.error(error); process.exitCode = 1; },
);
`;

/** What a user of the installed spec package reads: the bundles, a code sample and the model. */
const specScript = `import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { bundleJsonPath, bundleYamlPath, codeSamplesDir, createAjv, loadBundle, operations } from "@merchant-payments/spec";
import { operations as portableOperations } from "@merchant-payments/spec/model";
const require = createRequire(import.meta.url);
const json = JSON.parse(readFileSync(require.resolve("@merchant-payments/spec/openapi.json"), "utf8"));
const yaml = readFileSync(require.resolve("@merchant-payments/spec/openapi.yaml"), "utf8");
const first = operations()[0];
const sample = readFileSync(require.resolve(\`@merchant-payments/spec/code_samples/TypeScript/\${first.operationId}.ts\`), "utf8");
console.log(JSON.stringify({
  openapi: json.openapi,
  version: json.info.version,
  sameAsModel: JSON.stringify(loadBundle()) === JSON.stringify(json),
  yamlNamesVersion: yaml.includes(json.info.version),
  paths: [bundleJsonPath, bundleYamlPath, codeSamplesDir].every((p) => p.includes("node_modules")),
  operations: operations().map((o) => o.operationId),
  portable: portableOperations(json).length,
  sampleCallsOperation: sample.includes(first.operationId),
  exampleIssues: createAjv().issuesAt(first.request.schemaPointer, first.request.examples[0].value),
}));
`;

/** `user:password` for every HTTP Basic scheme of the spec (the client takes them as `apiKeys.<scheme>`). */
const basicCredentials = Object.fromEntries(
  Object.entries(loadBundle().components?.securitySchemes ?? {})
    .filter(([, scheme]) => credentialKind(scheme as CredentialScheme) === "basic")
    .map(([name]) => [name, "test-user:test-password"]),
);

/**
 * Calls every operation through the client against startMock(): once with each of its named request examples, once
 * without a body example (its parameters and body valid values from the spec).
 */
const mockScript = `import { existsSync, readFileSync } from "node:fs";
import { createMerchantPaymentsClient } from "@merchant-payments/client";
import { startMock } from "@merchant-payments/mock";
${reviveFilesSource("js")}
const calls = JSON.parse(readFileSync("calls.json", "utf8"));
const mock = await startMock();
const results = [];
try {
  const client = createMerchantPaymentsClient({ baseUrl: mock.baseUrl, token: "test-token", apiKey: "test-key", apiKeys: ${JSON.stringify(basicCredentials)}, maxRetries: 0, timeoutMs: 10000 });
  for (const call of calls) {
    try {
      const result = client[call.operationId](reviveFiles(call.args));
      // A paginated operation's call is its pages (async iterable): every page is read.
      if (result && typeof result[Symbol.asyncIterator] === "function") for await (const _ of result);
      else await result;
      results.push({ operationId: call.operationId, example: call.example, ok: true });
    } catch (error) {
      results.push({ operationId: call.operationId, example: call.example, ok: false, error: String(error) });
    }
  }
} finally {
  await mock.close();
}
console.log(JSON.stringify(results));
`;

/**
 * Every operation's calls, as the client takes them (JSON, files as `{ $file, type }`): one per named request
 * example, or one valid call (the contract suite's `validCall`: the spec's examples, else generated values).
 */
async function mockCalls(): Promise<
  Array<{ operationId: string; example: string; args: unknown }>
> {
  const document = loadBundle();
  const validator = createAjv(document);
  const calls = operations().flatMap((op) => {
    const call = validCall(document, validator, op, MOCK_CALL_SEED);
    const examples = call.media?.examples ?? [];
    const bodies =
      examples.length > 0
        ? examples.map((example) => ({ example: example.name, body: example.value }))
        : [{ example: "(a valid call)", body: call.body }];
    return bodies.map(({ example, body }) => ({
      operationId: op.operationId,
      example,
      args: clientArguments(document, call.params, call.media, body),
    }));
  });
  return Promise.all(calls.map(async (c) => ({ ...c, args: await filesAsJson(c.args) })));
}

// Written by `pnpm release:pack`, which turbo runs before these tests.
const packs: Packed[] = readPacks();
const VERIFY = "@merchant-payments/verify";

const verifyScript = `import { execFile } from "node:child_process";
import { startMock } from "@merchant-payments/mock";
const mock = await startMock();
try {
  const args = ["--base-url", mock.baseUrl, "--token", "test-token", "--runs", "1", "--report-json", process.env.REPORT_PATH];
  await new Promise((done) =>
    execFile("node_modules/.bin/merchant-payments-verify", args, { timeout: ${SCRIPT_TIMEOUT_MS - 10_000} }, (error, stdout, stderr) => {
      process.stdout.write(stdout);
      process.stderr.write(stderr);
      process.exitCode = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      done();
    }),
  );
} finally {
  await mock.close();
}
`;

// Installed once before these tests by the `release:install` task (turbo runs it after `release:pack`).
const install = readInstall();
if (!install)
  throw new Error(
    "No install of the packed packages: run `pnpm --filter @merchant-payments/release release:install` first",
  );
const project = installProject;
let server: LoopbackServer;
/** The calls the installed client makes to the installed mock (written in `beforeAll`). */
let calls: Awaited<ReturnType<typeof mockCalls>>;
/** The seed of the values `validCall` generates where the spec has no example. */
const MOCK_CALL_SEED = 31;

beforeAll(async () => {
  await writeFile(
    join(project, "esm.mjs"),
    callScript('import { createMerchantPaymentsClient } from "@merchant-payments/client";'),
  );
  await writeFile(
    join(project, "cjs.cjs"),
    callScript('const { createMerchantPaymentsClient } = require("@merchant-payments/client");'),
  );
  await writeFile(join(project, "mock.mjs"), mockScript);
  calls = await mockCalls();
  await writeFile(join(project, "calls.json"), JSON.stringify(calls));
  await writeFile(join(project, "verify.mjs"), verifyScript);
  await writeFile(join(project, "spec.mjs"), specScript);
  server = await startLoopbackServer((_request, response) =>
    sendJson(response, 200, responseExample),
  );
});

afterAll(async () => {
  await server?.close();
});

test("npm installs every packed public package into an empty project, every engine satisfied", async () => {
  expect(install.code, install.stderr).toBe(0);
  // A dependency that floats to a release needing a newer Node (Prism's newest need Node 24) shows here.
  expect(`${install.stdout}${install.stderr}`).not.toMatch(/EBADENGINE/);
  expect(install.nodeVersion).toMatch(/^v20\./);
  expect(install.packs).toEqual(packs);
  const { stdout } = await run("npm", ["ls", "--json", "--depth=0"], project, SCRIPT_TIMEOUT_MS);
  const installed = JSON.parse(stdout).dependencies;
  for (const p of packs) expect(installed[p.name]?.version, p.name).toBe(p.version);
  expect(packs.map((p) => p.name)).toEqual(
    expect.arrayContaining([
      "@merchant-payments/client",
      "@merchant-payments/mock",
      "@merchant-payments/spec",
    ]),
  );
});

test("the installed client states the spec version it implements", async () => {
  const root = join(project, "node_modules", "@merchant-payments", "client");
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  const specVersion = specVersionOf(loadBundle());
  expect(manifest[SPEC_VERSION_FIELD]).toBe(specVersion);
  expect(await readFile(join(root, "README.md"), "utf8")).toContain(
    specVersionSentence(specVersion),
  );
});

describe("the installed client calls a local server", () => {
  for (const [format, file] of [
    ["ESM (import)", "esm.mjs"],
    ["CommonJS (require)", "cjs.cjs"],
  ] as const) {
    test(`from ${format}`, async () => {
      server.handle((_request, response) => sendJson(response, 200, responseExample));
      const result = await run(
        process.execPath,
        [file],
        project,
        SCRIPT_TIMEOUT_MS,
        plainEnv({ BASE_URL: server.baseUrl }),
      );
      expect(result.code, result.stderr).toBe(0);
      expect(server.received).toHaveLength(1);
      expect(server.received[0]?.url).toBe(op.path);
      expect(JSON.parse(server.received[0]?.body ?? "")).toEqual(requestExample);
      expect(Object.keys(JSON.parse(result.stdout)).sort()).toEqual(exampleKeys);
    });
  }
});

test("the installed mock needs no other package of this repository, and installs its CLI", async () => {
  const installed = join(project, "node_modules", "@merchant-payments");
  const mockManifest = JSON.parse(await readFile(join(installed, "mock", "package.json"), "utf8"));
  expect(Object.keys(mockManifest.dependencies ?? {})).not.toContain("@merchant-payments/spec");
  expect(await readFile(join(installed, "mock", "dist", "index.d.ts"), "utf8")).not.toContain(
    "@merchant-payments/spec",
  );
  const help = await run(
    join(project, "node_modules", ".bin", "merchant-payments-mock"),
    ["--help"],
    project,
    SCRIPT_TIMEOUT_MS,
  );
  expect(help.code, help.stderr).toBe(0);
  expect(help.stdout).toContain("merchant-payments-mock mock");
});

test("the installed mock's startMock serves every operation's named examples (or a valid call) to the installed client", async () => {
  expect(new Set(calls.map((c) => c.operationId)).size).toBe(operations().length);
  const result = await run(process.execPath, ["mock.mjs"], project, SCRIPT_TIMEOUT_MS);
  expect(result.code, result.stderr).toBe(0);
  const results = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "[]") as Array<{
    ok: boolean;
  }>;
  expect(results.filter((r) => !r.ok)).toEqual([]);
  expect(results).toHaveLength(calls.length);
});

test("every installed package's declarations type-check with only what npm installed", async () => {
  // Every public entry of every packed package, imported by a strict TypeScript project: an import of a private
  // package of this repository (or of anything not installed) in a .d.ts fails here, as it would for a user.
  const entries = packs.flatMap((p) => {
    const manifest = JSON.parse(
      readFileSync(join(project, "node_modules", p.name, "package.json"), "utf8"),
    );
    return Object.keys(manifest.exports ?? { ".": {} })
      .filter((key) => !/\.(json|ya?ml)$/.test(key) && !key.includes("*"))
      .map((key) => `${p.name}${key.slice(1)}`);
  });
  expect(entries).toEqual(expect.arrayContaining(packs.map((p) => p.name)));
  await writeFile(
    join(project, "types.ts"),
    entries
      .map(
        (e, i) =>
          `import type * as entry${i} from "${e}";\nexport type T${i} = typeof entry${i};\n`,
      )
      .join(""),
  );
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const typeRoots = join(import.meta.dirname, "..", "node_modules", "@types");
  const result = await run(
    process.execPath,
    [
      tsc,
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "false",
      // TypeScript's own lib.*.d.ts are the same for every user and no package's: not checked (about 3.5 s of CPU).
      // Every installed declaration file, @types/node's included, still is.
      "--skipDefaultLibCheck",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
      "--typeRoots",
      typeRoots,
      "--types",
      "node",
      "types.ts",
    ],
    project,
    SCRIPT_TIMEOUT_MS,
  );
  expect(`${result.stdout}${result.stderr}`).toBe("");
  expect(result.code).toBe(0);
});

test.runIf(packs.some((p) => p.name === VERIFY))(
  "the installed verify command checks the installed mock with its bundled spec",
  async () => {
    const reportPath = join(project, "verify.json");
    const result = await run(
      process.execPath,
      ["verify.mjs"],
      project,
      SCRIPT_TIMEOUT_MS,
      plainEnv({ REPORT_PATH: reportPath }),
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const report = JSON.parse(await readFile(reportPath, "utf8"));
    expect(report.ok).toBe(true);
    expect(report.summary.operations).toBe(operations().length);
  },
);

test("the installed spec package gives the bundles (JSON and YAML), the code samples and the model", async () => {
  const result = await run(process.execPath, ["spec.mjs"], project, SCRIPT_TIMEOUT_MS);
  expect(result.code, result.stderr).toBe(0);
  const bundle = loadBundle();
  expect(JSON.parse(result.stdout)).toEqual({
    openapi: bundle.openapi,
    version: bundle.info.version,
    sameAsModel: true,
    yamlNamesVersion: true,
    paths: true,
    operations: operations().map((o) => o.operationId),
    portable: operations().length,
    sampleCallsOperation: true,
    exampleIssues: [],
  });
});
