// The load on the grown fixture (every operation shape), through `--spec`: the script passes Artillery's own
// validation (HEAD, PUT, PATCH, DELETE, path templates), and a bounded run (3 s at 10 arrivals a second) against a
// loopback server answering from the spec's examples sends each request as its operation needs it: URLs with path
// and query parameters, multipart, urlencoded, text and binary bodies, the API key in a header, the query or a
// cookie, HTTP Basic credentials, no credentials for `security: []`. The server answers 401 or 400 to anything else,
// so every answer must be 2xx.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operations } from "@merchant-payments/spec";
import type { LoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parse } from "yaml";
import { startExampleServer } from "./example-server.js";
import { load, runBounded, summaryOf, TEST_TOKEN } from "./load-run.js";

const require = createRequire(import.meta.url);
const spec = require.resolve("@merchant-payments/spec/fixtures/grown.json");
const grown = JSON.parse(readFileSync(spec, "utf8"));
const dir = mkdtempSync(join(tmpdir(), "verify-load-grown-"));
const apiKey = "load-grown-api-key-77aa";
const basic = "load-grown:basic-password-31";
/** One operation of each new shape (weights equal). */
const MIX = [
  "listTransactions",
  "checkTransaction",
  "downloadSettlementReport",
  "getVolumeSummary",
  "uploadDisputeEvidence",
  "uploadDisputeAttachment",
  "addDisputeNote",
  "issueAccessToken",
  "readPayout",
  "getMerchantPreferences",
];
let server: LoopbackServer;
const SECRETS = { MERCHANT_PAYMENTS_API_KEY: apiKey, MERCHANT_PAYMENTS_BASIC_CREDENTIALS: basic };
const previous = Object.fromEntries(Object.keys(SECRETS).map((name) => [name, process.env[name]]));

beforeAll(async () => {
  server = await startExampleServer(grown, operations(grown), {
    token: TEST_TOKEN,
    apiKey,
    basic,
  });
  // Artillery's workers read the API key and Basic credentials from the environment, as on Fargate or Lambda.
  Object.assign(process.env, SECRETS);
});

afterAll(async () => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the grown fixture's script passes Artillery's validation and holds no secret", async () => {
  const script = join(dir, "all", "load.yml");
  const { exitCode, errors } = await load(
    "--base-url",
    "https://api.example.com/v1",
    "--spec",
    spec,
    "--allow-writes",
    "--generated-writes",
    "--out",
    script,
    "--seed",
    "5",
  );
  expect(errors).toBe("");
  expect(exitCode).toBe(0);
  const validate = require("artillery/lib/util/validate-script.js") as (
    s: unknown,
  ) => string | undefined;
  const { readScript, parseScript } = require("artillery/lib/util.js");
  expect(validate(await parseScript(await readScript(script)))).toBeUndefined();
  const scenarios = (parse(readFileSync(script, "utf8")) as { scenarios: { name: string }[] })
    .scenarios;
  expect(scenarios.map((s) => s.name)).toEqual(operations(grown).map((op) => op.operationId));
  const text =
    readFileSync(script, "utf8") + readFileSync(join(dir, "all", "load.processor.mjs"), "utf8");
  for (const secret of [apiKey, TEST_TOKEN, basic, Buffer.from(basic).toString("base64")])
    expect(text).not.toContain(secret);
  expect(text).toContain("X-Api-Key: "); // the header scheme, as a placeholder Artillery fills when it runs
});

test("a bounded load sends every shape as its operation needs it: every answer 2xx and conforming", {
  timeout: 90_000,
}, async () => {
  const report = join(dir, "report.json");
  const run = {
    baseUrl: server.baseUrl,
    out: join(dir, "run", "load.yml"),
    report,
    arrivalRate: 10,
    seed: 5,
  };
  const mix = MIX.map((id) => `${id}=1`).join(",");
  const { exitCode, printed } = await runBounded(
    run,
    ...["--spec", spec, "--allow-writes", "--generated-writes", "--mix", mix],
    ...["--max-error-rate", "0"],
  );
  expect(printed).not.toMatch(/^FAIL /m);
  expect(exitCode).toBe(0);
  const summary = summaryOf(report);
  expect(summary.requests).toBe(30);
  expect(summary.nonConforming).toBe(0);
  for (const op of summary.operations) {
    expect(MIX).toContain(op.operationId);
    expect(
      Object.keys(op.statuses).every((status) => /^2/.test(status)),
      op.operationId,
    ).toBe(true);
  }
  // The first request is the probe of the base URL (one GET of `/`, before the load), then the 30 of the load.
  expect(server.received[0]).toMatchObject({ method: "GET", url: "/" });
  expect(server.received).toHaveLength(31);
  for (const r of server.received.filter((r) => r.url.endsWith("/evidence")))
    expect(r.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  for (const r of server.received.filter((r) => r.url.startsWith("/auth/token")))
    expect(r.headers.authorization).toBeUndefined();
  for (const r of server.received.filter((r) => /^\/payouts\/[^/?]+$/.test(r.url)))
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from(basic).toString("base64")}`);
});
