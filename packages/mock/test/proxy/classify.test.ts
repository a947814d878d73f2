import { describe, expect, it } from "vitest";
import { classifyExchange, type RequestFacts } from "../../src/proxy/classify.js";

const request = (overrides: Partial<RequestFacts> = {}): RequestFacts => ({
  method: "GET",
  path: "/transactions/1",
  matched: true,
  issues: [],
  refuseViolations: true,
  redact: (text) => text.replaceAll("secret", "[redacted]"),
  ...overrides,
});
const credentials = {
  check: "credentials",
  path: "/headers/authorization",
  message: "no token",
} as const;
// A request's issue is in one of its parts (`body`), an answer's found by a conformance check (`schema`).
const body = { check: "body", path: "/amount", message: "must be integer" } as const;
const schema = { check: "schema", path: "/amount", message: "must be integer" } as const;

describe("classifyExchange", () => {
  it("refuses an unknown operation 404 as a request violation", () => {
    const verdict = classifyExchange(request({ matched: false }));
    expect(verdict).toMatchObject({
      kind: "refuse",
      record: { outcome: "request-violation", status: 404 },
      refusal: { status: 404 },
    });
    expect(verdict.kind === "refuse" && verdict.record.issues[0]).toMatchObject({
      side: "request",
      check: "operation",
    });
  });

  it("refuses a request missing only its credentials 401, other violations 422, when violations are refused", () => {
    expect(classifyExchange(request({ issues: [credentials] }))).toMatchObject({
      kind: "refuse",
      refusal: { status: 401 },
    });
    expect(classifyExchange(request({ issues: [credentials, body] }))).toMatchObject({
      kind: "refuse",
      record: {
        issues: [
          { ...credentials, side: "request" },
          { ...body, side: "request" },
        ],
      },
      refusal: { status: 422 },
    });
    expect(classifyExchange(request({ issues: [body], refuseViolations: false }))).toEqual({
      kind: "forward",
    });
    expect(classifyExchange(request())).toEqual({ kind: "forward" });
  });

  it("refuses an upstream failure: too large 502, timeout 504, transport 502 with the secret redacted", () => {
    expect(
      classifyExchange(request(), { kind: "too-large", status: 200, maxResponseBytes: 10 }),
    ).toMatchObject({
      record: { outcome: "response-too-large", upstreamStatus: 200, status: 502 },
    });
    expect(classifyExchange(request(), { kind: "timeout", timeoutMs: 5 })).toMatchObject({
      record: { outcome: "timeout", status: 504 },
      refusal: { status: 504 },
    });
    const transport = classifyExchange(request(), { kind: "transport", message: "secret reset" });
    expect(transport).toMatchObject({
      record: {
        outcome: "transport-failure",
        issues: [{ side: "response", check: "transport", message: "secret reset" }],
      },
      refusal: { detail: "The proxy got no complete answer from the upstream: [redacted] reset." },
    });
  });

  it("passes a conforming answer on, ok or a request violation; refuses a non-conforming one 502", () => {
    const answered = {
      kind: "answered" as const,
      status: 200,
      conforms: true,
      undocumentedStatus: false,
      issues: [],
    };
    expect(classifyExchange(request(), answered)).toEqual({
      kind: "pass",
      record: { outcome: "ok", upstreamStatus: 200, status: 200, issues: [] },
    });
    expect(
      classifyExchange(request({ issues: [body], refuseViolations: false }), answered),
    ).toMatchObject({ kind: "pass", record: { outcome: "request-violation" } });
    const wrong = { ...answered, conforms: false, issues: [schema] };
    expect(classifyExchange(request(), wrong)).toMatchObject({
      kind: "refuse",
      record: {
        outcome: "response-violation",
        status: 502,
        upstreamStatus: 200,
        issues: [{ ...schema, side: "response" }],
      },
      refusal: { status: 502, extensions: { violations: [schema] } },
    });
    expect(
      classifyExchange(request({ refuseViolations: false }), {
        ...wrong,
        undocumentedStatus: true,
      }),
    ).toMatchObject({ kind: "pass", record: { outcome: "undocumented-status", status: 200 } });
  });

  it("forwards a request marked deliberately invalid even when violations are refused", () => {
    const marked = request({ issues: [body], deliberatelyInvalid: "generated-invalid" });
    expect(classifyExchange(marked)).toEqual({ kind: "forward" });
    expect(
      classifyExchange(request({ matched: false, deliberatelyInvalid: "probe" })),
    ).toMatchObject({
      kind: "refuse",
      record: { outcome: "expected-refusal", status: 404 },
    });
  });

  it("judges a marked request by the server's answer: a documented 4xx expected, anything else the server's mistake", () => {
    const marked = request({ issues: [body], deliberatelyInvalid: "generated-invalid" });
    const answered = (status: number) => ({
      kind: "answered" as const,
      status,
      conforms: true,
      undocumentedStatus: false,
      issues: [],
    });
    expect(classifyExchange(marked, answered(422))).toMatchObject({
      kind: "pass",
      record: {
        outcome: "expected-refusal",
        status: 422,
        issues: [{ side: "request", check: "body" }],
      },
    });
    for (const status of [200, 503])
      expect(classifyExchange(marked, answered(status))).toMatchObject({
        kind: "pass",
        record: {
          outcome: "response-violation",
          status,
          issues: [
            { side: "request", check: "body" },
            { side: "response", check: "status" },
          ],
        },
      });
    // Marked, but the proxy finds nothing wrong with it: judged like any request.
    expect(
      classifyExchange(request({ deliberatelyInvalid: "generated-invalid" }), answered(200)),
    ).toMatchObject({ record: { outcome: "ok" } });
  });
});
