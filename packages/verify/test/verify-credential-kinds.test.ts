// verify against the mock on a copy of the grown fixture whose operations take HTTP Basic credentials, an API key in
// a cookie and a required cookie parameter (test-support's withCredentialKinds): every operation sent with the credentials its security asks for, zero defects, no secret in the report.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withCredentialKinds } from "@merchant-payments/test-support";
import { afterAll, expect, test } from "vitest";
import { verifyCommand } from "../src/main.js";
import { readJsonReport } from "./reports.js";
import { useMock } from "./use-mock.js";

const require = createRequire(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), "verify-credential-kinds-"));
const spec = join(dir, "openapi.json");
const BASIC = "partner:s3cret-basic";
const API_KEY = "verify-cookie-key";

/** The grown bundle with Basic (or Bearer) on readTransaction, a cookie parameter there, a cookie key on the report. */
function writeSpec(): void {
  const document = JSON.parse(
    readFileSync(require.resolve("@merchant-payments/spec/fixtures/grown.json"), "utf8"),
  );
  writeFileSync(spec, JSON.stringify(withCredentialKinds(document, { cookieExample: "eu" })));
}
writeSpec();
const mock = useMock({ spec });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs verify --spec <copy> against the mock with `env`; its exit code, printed lines and JSON report. */
async function verify(env: Record<string, string>) {
  const json = join(dir, `report-${Object.keys(env).join("-")}.json`);
  const lines: string[] = [];
  const exitCode = await verifyCommand(
    [
      ...["--base-url", mock.server.baseUrl, "--spec", spec, "--token", "verify-test-token"],
      ...["--runs", "2", "--seed", "7", "--timeout-ms", "10000", "--report-json", json],
    ],
    { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    env,
  );
  return { exitCode, printed: lines.join("\n"), json, report: readJsonReport(json) };
}

test("sends Basic credentials and the cookie key where the security asks, and the cookie parameter: zero defects", {
  timeout: 120_000,
}, async () => {
  const run = await verify({
    MERCHANT_PAYMENTS_API_KEY: API_KEY,
    MERCHANT_PAYMENTS_BASIC_CREDENTIALS: BASIC,
  });
  expect(run.printed).not.toMatch(/^FAIL /m);
  expect(run.exitCode).toBe(0);
  const sent = run.report.operations.map((o) => o.operationId);
  expect(sent).toContain("readTransaction");
  expect(sent).toContain("downloadSettlementReport");
  const read = run.report.operations.find((o) => o.operationId === "readTransaction");
  expect(read?.cases.map((c) => c.kind)).toContain("no-credentials");
  expect(read?.cases.map((c) => c.kind)).toContain("invalid-parameter");
  const written = readFileSync(run.json, "utf8") + run.printed;
  for (const secret of [BASIC, Buffer.from(BASIC).toString("base64"), API_KEY])
    expect(written).not.toContain(secret);
});

test("without Basic credentials the operation is skipped, saying how to give them", {
  timeout: 120_000,
}, async () => {
  const run = await verify({ MERCHANT_PAYMENTS_API_KEY: API_KEY });
  expect(run.printed).toMatch(
    /SKIP (?:\w+, )*readTransaction(?:, \w+)*: it needs PartnerBasic \(http basic\): set MERCHANT_PAYMENTS_BASIC_CREDENTIALS \(user:password\) or give --basic-credentials-file <file>/,
  );
  expect(run.report.summary.operationsSkipped).toBeGreaterThan(0);
});
