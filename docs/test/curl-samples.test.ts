import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listOperations, runCurlSample } from "../src/samples.mjs";
import { writeFakeCurl } from "./support/fake-curl.js";

const operations = listOperations();
const TOKEN = "docs-test-token";
const DEFAULT_BASE_URL = "http://127.0.0.1:4010";

/** The command line a curl sample gives curl: the sample runs under sh with a `curl` that prints its argv. */
interface CurlCall {
  method?: string;
  url?: string;
  headers: Map<string, string>;
  data?: string;
}

const fakeBin = fileURLToPath(new URL("../.tmp/fake-curl/", import.meta.url));

function parseCurlArgs(args: string[]): CurlCall {
  const call: CurlCall = { headers: new Map() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    const next = () => {
      i += 1;
      const value = args[i];
      if (value === undefined) throw new Error(`${arg} has no value`);
      return value;
    };
    if (arg === "--request" || arg === "-X") call.method = next();
    else if (arg === "--header" || arg === "-H") {
      const header = next();
      const colon = header.indexOf(":");
      call.headers.set(header.slice(0, colon).trim().toLowerCase(), header.slice(colon + 1).trim());
    } else if (arg === "--data" || arg === "-d" || arg === "--data-raw") call.data = next();
    else if (arg.startsWith("-")) throw new Error(`unexpected curl option ${arg}`);
    else if (call.url === undefined) call.url = arg;
    else throw new Error(`second URL ${arg}`);
  }
  return call;
}

async function curlCallOf(
  operationId: string,
  env: Record<string, string | undefined>,
): Promise<CurlCall> {
  const run = await runCurlSample(operationId, {
    env: { ...env, PATH: `${fakeBin}:${process.env.PATH ?? ""}` },
    timeoutMs: 10_000,
  });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return parseCurlArgs(JSON.parse(run.stdout));
}

beforeAll(() => writeFakeCurl(fakeBin));

describe.each(operations)("the curl sample of $operationId", (op) => {
  test("sends the operation's method to its path under MERCHANT_PAYMENTS_BASE_URL", async () => {
    const call = await curlCallOf(op.operationId, {
      MERCHANT_PAYMENTS_BASE_URL: "https://api.example.test/sandbox/v1",
      MERCHANT_PAYMENTS_TOKEN: TOKEN,
    });
    expect(call.method).toBe(op.method);
    expect(call.url).toBe(`https://api.example.test/sandbox/v1${op.path}`);
  });

  test("defaults the base URL to the local mock", async () => {
    const call = await curlCallOf(op.operationId, {
      MERCHANT_PAYMENTS_BASE_URL: undefined,
      MERCHANT_PAYMENTS_TOKEN: TOKEN,
    });
    expect(call.url).toBe(`${DEFAULT_BASE_URL}${op.path}`);
  });

  test("sends the Bearer token, a JSON body and every required header", async () => {
    const call = await curlCallOf(op.operationId, { MERCHANT_PAYMENTS_TOKEN: TOKEN });
    expect(call.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(call.headers.get("content-type")).toBe("application/json");
    const body = JSON.parse(call.data ?? "null");
    expect(body).toEqual(expect.any(Object));
    for (const header of op.headers) {
      if (header.required)
        expect(call.headers.has(header.name.toLowerCase()), header.name).toBe(true);
    }
    for (const name of call.headers.keys()) {
      const documented = [
        "authorization",
        "content-type",
        ...op.headers.map((h) => h.name.toLowerCase()),
      ];
      expect(documented, `header ${name}`).toContain(name);
    }
    const accountHeader = call.headers.get("merchantaccountnumber");
    if (accountHeader !== undefined) expect(Number(accountHeader)).toBe(body.merchantAccountNumber);
  });
});

describe("the curl samples run against the mock", () => {
  let mock: MockServer;

  beforeAll(async () => {
    const found = spawnSync("curl", ["--version"], { encoding: "utf8" });
    if (found.status !== 0) throw new Error("curl is not installed: apt-get install -y curl");
    mock = await startMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  test.each(operations)(
    "the $operationId sample gets the response the spec documents",
    async (op) => {
      const run = await runCurlSample(op.operationId, {
        env: { MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl, MERCHANT_PAYMENTS_TOKEN: TOKEN },
        timeoutMs: 20_000,
      });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(op.responseExamples[0]);
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
