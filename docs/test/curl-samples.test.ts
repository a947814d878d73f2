import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { resolvePointer } from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { secretVariable } from "../src/console/security.js";
import { listOperations, runCurlSample, uploadedFiles } from "../src/samples.mjs";
import { defaultAnswer } from "./support/client-answer.js";
import { sampleCredentials } from "./support/credentials.js";
import { type CurlCall, parseCurlArgs, sentCredential } from "./support/curl-call.js";
import { fakeCurlArgs, writeFakeCurl } from "./support/fake-curl.js";

const operations = listOperations();
const TOKEN = "docs-test-token";
const DEFAULT_BASE_URL = "http://127.0.0.1:4010";

/** Stand-in credentials for every security scheme of the spec and every other variable its samples read. */
const CREDENTIALS = sampleCredentials(operations, TOKEN);

/** The credentials, and no MERCHANT_PAYMENTS_BASE_URL: the sample's default base URL. */
const WITHOUT_BASE_URL = { ...CREDENTIALS, MERCHANT_PAYMENTS_BASE_URL: undefined };

const fakeBin = fileURLToPath(new URL("../.tmp/fake-curl/", import.meta.url));

/** The operation's path as a pattern: each `{parameter}` is one non-empty segment. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);

/** The runs of the samples by their operation and environment: a test that needs the same run reads it again. */
const curlRuns = new Map<string, ReturnType<typeof runCurlSample>>();

async function curlCallOf(
  operationId: string,
  env: Record<string, string | undefined>,
): Promise<CurlCall> {
  const key = JSON.stringify([operationId, env]);
  if (!curlRuns.has(key)) curlRuns.set(key, runSample(operationId, env));
  const run = await (curlRuns.get(key) as ReturnType<typeof runCurlSample>);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return parseCurlArgs(fakeCurlArgs(run.stdout));
}

function runSample(operationId: string, env: Record<string, string | undefined>) {
  return runCurlSample(operationId, {
    env: { ...env, PATH: `${fakeBin}:${process.env.PATH ?? ""}` },
    timeoutMs: 10_000,
  });
}

beforeAll(() => writeFakeCurl(fakeBin));

describe.each(operations)("the curl sample of $operationId", (op) => {
  test("sends the operation's method to its path under MERCHANT_PAYMENTS_BASE_URL", async () => {
    const base = "https://api.example.test/sandbox/v1";
    const call = await curlCallOf(op.operationId, {
      ...CREDENTIALS,
      MERCHANT_PAYMENTS_BASE_URL: base,
    });
    expect(call.method).toBe(op.method);
    expect(call.url.href.startsWith(`${base}/`), call.url.href).toBe(true);
    expect(call.url.pathname.slice(new URL(base).pathname.length)).toMatch(pathPattern(op.path));
  });

  test("defaults the base URL to the local mock", async () => {
    const call = await curlCallOf(op.operationId, WITHOUT_BASE_URL);
    expect(call.url.origin).toBe(DEFAULT_BASE_URL);
    expect(call.url.pathname).toMatch(pathPattern(op.path));
  });

  test("sends the credentials its security asks for, its body as declared and every required header", async () => {
    const call = await curlCallOf(op.operationId, WITHOUT_BASE_URL);
    const schemes = op.security[0] ?? [];
    if (schemes.length === 0) {
      expect(call.headers.has("authorization")).toBe(false);
      expect(call.user).toBeUndefined();
    }
    // Each credential read from the variable the console's curl line names for its scheme, sent where it goes.
    for (const scheme of schemes)
      expect(sentCredential(call, scheme), scheme.key).toBe(CREDENTIALS[secretVariable(scheme)]);
    if (op.requestBodies.length === 0) expect(call.bodyOptions).toEqual([]);
    else if (op.requestBodyRequired) expect(call.bodyOptions.length).toBeGreaterThan(0);
    if (op.request && call.headers.get("content-type") === "application/json") {
      const body = JSON.parse(call.bodyOptions[0]?.[1] ?? "null");
      expect(body).toEqual(expect.any(Object));
      const accountHeader = call.headers.get("merchantaccountnumber");
      if (accountHeader !== undefined)
        expect(Number(accountHeader)).toBe(body.merchantAccountNumber);
    }
    for (const header of op.headers) {
      if (header.required)
        expect(call.headers.has(header.name.toLowerCase()), header.name).toBe(true);
    }
    const cookieParameters = op.parameters.filter((p) => p.in === "cookie");
    for (const cookie of cookieParameters)
      if (cookie.required) expect(call.cookies.has(cookie.name), cookie.name).toBe(true);
    for (const name of call.cookies.keys())
      expect(
        [
          ...cookieParameters.map((p) => p.name),
          ...schemes.flatMap((s) => (s.in === "cookie" && s.name ? [s.name] : [])),
        ],
        `cookie ${name}`,
      ).toContain(name);
    const documented = [
      "authorization",
      "content-type",
      "accept",
      ...op.headers.map((h) => h.name.toLowerCase()),
      ...schemes.flatMap((s) => (s.in === "header" && s.name ? [s.name.toLowerCase()] : [])),
      ...(call.cookies.size > 0 ? ["cookie"] : []),
    ];
    for (const name of call.headers.keys()) expect(documented, `header ${name}`).toContain(name);
    const contentType = call.headers.get("content-type");
    if (contentType !== undefined)
      expect(op.requestBodies.map((m) => m.mediaType.split(";")[0])).toContain(
        contentType.split(";")[0],
      );
  });
});

// Each run is its own sh and curl against one mock: they run at once (up to vitest's maxConcurrency).
describe.concurrent("the curl samples run against the mock", () => {
  let mock: MockServer;
  // Where the samples run: the files they upload (`@file`, "in the current directory") exist there.
  const workDir = mkdtempSync(join(tmpdir(), "curl-samples-"));
  // A curl configuration (read through CURL_HOME) that adds the answer's status after its body: a sample never
  // fails on an error answer, so the status is what tells the documented answer from a refusal.
  const curlHome = join(workDir, ".curl-home");
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  beforeAll(async () => {
    const found = spawnSync("curl", ["--version"], { encoding: "utf8" });
    if (found.status !== 0) throw new Error("curl is not installed: apt-get install -y curl");
    mkdirSync(curlHome);
    writeFileSync(join(curlHome, ".curlrc"), 'write-out = "\\n%{http_code}"\n');
    mock = await startMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  test.for(operations)(
    "the $operationId sample gets the answer the mock documents by default",
    async (op, { expect }) => {
      for (const file of uploadedFiles(op.curl ?? ""))
        writeFileSync(join(workDir, file), `%PDF-1.4\n% ${file}: a stand-in upload\n%%EOF\n`);
      const run = await runCurlSample(op.operationId, {
        env: { ...CREDENTIALS, MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl, CURL_HOME: curlHome },
        timeoutMs: 20_000,
        cwd: workDir,
      });
      expect(run.code, run.stderr).toBe(0);
      const end = run.stdout.lastIndexOf("\n");
      const [body, status] = [run.stdout.slice(0, end), run.stdout.slice(end + 1)];
      // The mock's default: the first documented 2xx, its first example (a list's first page starts with the first
      // documented item). What curl shows of it depends on the sample: the headers of a HEAD, a file it saves,
      // else the body as sent.
      const answer = defaultAnswer(op);
      expect(status, body).toBe(answer.status);
      const saved = /(?:--output|-o)\s+(\S+)/.exec(op.curl ?? "")?.[1];
      if (op.method === "HEAD")
        expect(body).toMatch(new RegExp(`^HTTP/[\\d.]+ ${answer.status}\\b`));
      else if (saved !== undefined) {
        expect(body).toBe("");
        const size = statSync(join(workDir, saved)).size;
        if (answer.mediaType === undefined) expect(size).toBe(0);
        else expect(size).toBeGreaterThan(0);
      } else if (answer.mediaType === undefined) expect(body).toBe("");
      else if (!/[/+]json\b/.test(answer.mediaType)) expect(body).toBe(answer.example);
      else if (op.pagination)
        expect([resolvePointer(JSON.parse(body), op.pagination.items)].flat()[0]).toEqual(
          [resolvePointer(answer.example, op.pagination.items)].flat()[0],
        );
      else expect(JSON.parse(body)).toEqual(answer.example);
    },
  );

  test("a curl sample without a token is refused by the mock", async ({ expect }) => {
    const run = await runCurlSample("getTransaction", {
      env: { MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl, MERCHANT_PAYMENTS_TOKEN: "" },
      timeoutMs: 20_000,
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 401 });
  });
});
