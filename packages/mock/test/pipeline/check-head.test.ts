import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CHECKS } from "../../src/checks.js";
import { corsHeaders } from "../../src/cors.js";
import { resolveLimits } from "../../src/limits.js";
import { checkHead } from "../../src/pipeline/check-head.js";
import { loadSpec, operationMatcher } from "../../src/spec-source.js";
import { startStageServer } from "./stage-server.js";

const spec = loadSpec();
const limits = resolveLimits(spec, { maxBodyBytes: 100 });
const stage = {
  findOperation: operationMatcher(spec),
  cors: corsHeaders(spec),
  limits,
  checks: DEFAULT_CHECKS.filter((c) => c.stage === "head"),
};
const server = await startStageServer((req) => {
  const result = checkHead(req, stage);
  req.resume();
  return result;
});
const operation = spec.operations[0];
const path = operation?.path;
const json = {
  method: operation?.method,
  headers: { "content-type": "application/json" },
  body: "{}",
};

describe("check head stage", () => {
  beforeAll(() => expect(operation).toBeDefined());
  afterAll(() => server.close());

  it("passes a JSON request of a known operation on, with its operation and parsed target", async () => {
    await fetch(`${server.baseUrl}${path}?a=1`, json);
    const result = server.results.at(-1);
    expect(result && "next" in result && result.next.operation?.operationId).toBe(
      operation?.operationId,
    );
    expect(result && "next" in result && result.next.url.searchParams.get("a")).toBe("1");
  });

  it("answers a CORS preflight itself, 204 with the preflight headers", async () => {
    await fetch(`${server.baseUrl}${path}`, {
      method: "OPTIONS",
      headers: { "access-control-request-method": "GET", origin: "http://example.test" },
    });
    const result = server.results.at(-1);
    expect(result && "answer" in result && result.answer.status).toBe(204);
  });

  it("refuses an unreadable Prefer header with a 422, closing the connection", async () => {
    await fetch(`${server.baseUrl}${path}`, {
      ...json,
      headers: { ...json.headers, prefer: "code=abc" },
    });
    const result = server.results.at(-1);
    expect(result && "refuse" in result && [result.refuse.status, result.close]).toEqual([
      422,
      true,
    ]);
  });

  it("refuses a declared body above the limit with a 413 before reading it", async () => {
    const big = "x".repeat(limits.maxBodyBytes + 1);
    await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    }).catch(() => undefined);
    const result = server.results.at(-1);
    expect(result && "refuse" in result && result.refuse.status).toBe(413);
  });

  it("judges each Content-Type value the same every time, beyond the values it remembers", async () => {
    // The media type of a value is read once and remembered (media.ts, 64 values): a repeated value, and one
    // sent again after more distinct values than that, get the same verdict as the first time.
    const statusFor = async (contentType: string) => {
      await fetch(`${server.baseUrl}${path}`, {
        ...json,
        headers: { "content-type": contentType },
      });
      const result = server.results.at(-1);
      return result && ("refuse" in result ? result.refuse.status : "next" in result && "passed");
    };
    const cases = [
      ["application/json", "passed"],
      ["application/json; charset=utf-8", "passed"],
      ["application/json; charset=utf-16le", 415],
      ["not a media type", 415],
      ["text/csv", 415],
    ] as const;
    const first = [];
    for (const [value] of cases) first.push(await statusFor(value));
    expect(first).toEqual(cases.map(([, status]) => status));
    for (let i = 0; i < 70; i++) await statusFor(`application/json; x=${i}`);
    const again = [];
    for (const [value] of cases) again.push(await statusFor(value));
    expect(again).toEqual(first);
  });
});
