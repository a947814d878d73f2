import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { resolvePointer } from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listOperations, runCurlSample, uploadedFiles } from "../src/samples.mjs";
import { defaultAnswer } from "./support/client-answer.js";
import { fakeCurlArgs, writeFakeCurl } from "./support/fake-curl.js";

const operations = listOperations();
const TOKEN = "docs-test-token";
const DEFAULT_BASE_URL = "http://127.0.0.1:4010";

/** The command line a curl sample gives curl: the sample runs under sh with a `curl` that prints its argv. */
interface CurlCall {
  /** The method curl sends (its own rules: `--request`, else `--head`, else GET with `--get` or no body, else POST). */
  method: string;
  url: URL;
  headers: Map<string, string>;
  /** The options that send a body (`--data*`, `--form*`) with their values, in order. */
  bodyOptions: [string, string][];
}

/** curl options the samples use that take a value, and those that send a body. */
const VALUE_OPTIONS = new Set(["--request", "-X", "--header", "-H", "--output", "-o"]);
const BODY_OPTIONS = new Set([
  "--data",
  "-d",
  "--data-raw",
  "--data-binary",
  "--data-urlencode",
  "--form",
  "-F",
  "--form-string",
]);

/** Environment the samples read their credentials from (each kind of security scheme has its variable). */
const CREDENTIALS = {
  MERCHANT_PAYMENTS_TOKEN: TOKEN,
  MERCHANT_PAYMENTS_API_KEY_HEADER: "header-key",
  MERCHANT_PAYMENTS_API_KEY_QUERY: "query-key",
  MERCHANT_PAYMENTS_CLIENT_SECRET: "client-secret",
};

/** The credentials, and no MERCHANT_PAYMENTS_BASE_URL: the sample's default base URL. */
const WITHOUT_BASE_URL = { ...CREDENTIALS, MERCHANT_PAYMENTS_BASE_URL: undefined };

const fakeBin = fileURLToPath(new URL("../.tmp/fake-curl/", import.meta.url));

function parseCurlArgs(args: string[]): CurlCall {
  const headers = new Map<string, string>();
  const bodyOptions: [string, string][] = [];
  const flags = new Set<string>();
  let url: string | undefined;
  let request: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (VALUE_OPTIONS.has(arg) || BODY_OPTIONS.has(arg)) {
      i += 1;
      const value = args[i];
      if (value === undefined) throw new Error(`${arg} has no value`);
      if (arg === "--request" || arg === "-X") request = value;
      else if (arg === "--header" || arg === "-H") {
        const colon = value.indexOf(":");
        headers.set(value.slice(0, colon).trim().toLowerCase(), value.slice(colon + 1).trim());
      } else if (BODY_OPTIONS.has(arg)) bodyOptions.push([arg, value]);
    } else if (arg === "--get" || arg === "-G" || arg === "--head" || arg === "-I") flags.add(arg);
    else if (arg.startsWith("-")) throw new Error(`a curl option this test does not know: ${arg}`);
    else if (url === undefined) url = arg;
    else throw new Error(`second URL ${arg}`);
  }
  if (url === undefined) throw new Error("no URL");
  const parsed = new URL(url);
  const get = flags.has("--get") || flags.has("-G");
  if (get) {
    for (const [, value] of bodyOptions) {
      const eq = value.indexOf("=");
      parsed.searchParams.append(value.slice(0, eq), value.slice(eq + 1));
    }
  }
  const head = flags.has("--head") || flags.has("-I");
  const method = request ?? (head ? "HEAD" : get || bodyOptions.length === 0 ? "GET" : "POST");
  return { method, url: parsed, headers, bodyOptions: get ? [] : bodyOptions };
}

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
    if (schemes.length === 0) expect(call.headers.has("authorization")).toBe(false);
    for (const scheme of schemes) {
      if (scheme.type === "http") expect(call.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
      else if (scheme.in === "header")
        expect(call.headers.has(scheme.name?.toLowerCase() ?? "")).toBe(true);
      else if (scheme.in === "query")
        expect(call.url.searchParams.has(scheme.name ?? "")).toBe(true);
    }
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
    const documented = [
      "authorization",
      "content-type",
      "accept",
      ...op.headers.map((h) => h.name.toLowerCase()),
      ...schemes.flatMap((s) => (s.in === "header" && s.name ? [s.name.toLowerCase()] : [])),
    ];
    for (const name of call.headers.keys()) expect(documented, `header ${name}`).toContain(name);
    const contentType = call.headers.get("content-type");
    if (contentType !== undefined)
      expect(op.requestBodies.map((m) => m.mediaType.split(";")[0])).toContain(
        contentType.split(";")[0],
      );
  });
});

describe("the curl samples run against the mock", () => {
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

  test.each(operations)(
    "the $operationId sample gets the answer the mock documents by default",
    async (op) => {
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

  test("a curl sample without a token is refused by the mock", async () => {
    const run = await runCurlSample("getTransaction", {
      env: { MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl, MERCHANT_PAYMENTS_TOKEN: "" },
      timeoutMs: 20_000,
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 401 });
  });
});
