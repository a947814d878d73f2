// Basic credentials, API keys in a cookie, and cookie parameters on the mock, end to end: a copy of the grown
// fixture's bundle whose operations take them (test-support's withCredentialKinds), served by startMock and called
// over HTTP.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withCredentialKinds } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";

const grownFile = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);
const ACCEPT = { accept: "*/*" };
const REPORT = "/settlements/2024-01-15/report";
const READ = "/transactions/TXN-1";

/** The grown bundle with Basic on readTransaction (or Bearer), a cookie key on the report, a cookie parameter. */
function grownWithCookiesAndBasic(): unknown {
  return withCredentialKinds(JSON.parse(readFileSync(grownFile, "utf8")), {
    bearerAlternative: true,
  });
}

let mock: MockServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mock-credential-kinds-"));
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(grownWithCookiesAndBasic()));
  mock = await startMock({ spec: file });
});
afterAll(async () => {
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(path: string, headers: Record<string, string>) {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    headers: { ...ACCEPT, ...headers },
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

describe("HTTP Basic credentials", () => {
  test("Basic in Authorization is accepted where an alternative takes it, and so is the other alternative", async () => {
    const cookie = { cookie: "region=eu" };
    const basic = { authorization: `Basic ${Buffer.from("u:p").toString("base64")}` };
    expect((await call(READ, { ...basic, ...cookie })).status).toBe(200);
    expect((await call(READ, { authorization: "Bearer t", ...cookie })).status).toBe(200);
    const none = await call(READ, cookie);
    expect(none.status).toBe(401);
    expect(none.json().detail).toContain("Basic credentials in Authorization");
    expect((await call(READ, { authorization: "Basic", ...cookie })).status).toBe(401);
  });
});

describe("an API key in a cookie", () => {
  test("is found among the request's cookies; missing or empty, the answer is 401 naming the cookie", async () => {
    expect((await call(REPORT, { cookie: "a=1; session=k3y==; b=2" })).status).toBe(200);
    for (const cookie of ["a=1", "session=", "sessions=k"]) {
      const refused = await call(REPORT, { cookie });
      expect(refused.status, cookie).toBe(401);
      expect(refused.json().detail).toContain("the session cookie");
    }
    expect((await call(REPORT, { "x-api-key": "k" })).status).toBe(401);
  });
});

describe("a cookie parameter", () => {
  const basic = { authorization: `Basic ${Buffer.from("u:p").toString("base64")}` };

  test("is read from the Cookie header and checked against its schema, the problem naming it", async () => {
    expect((await call(READ, { ...basic, cookie: "other=x; region=us" })).status).toBe(200);
    const missing = await call(READ, { ...basic, cookie: "other=x" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.json())).toContain("region");
    const wrong = await call(READ, { ...basic, cookie: "region=mars" });
    expect([400, 422]).toContain(wrong.status);
    expect(JSON.stringify(wrong.json())).toContain("region");
  });
});
