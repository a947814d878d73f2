// The validation proxy on the grown fixture: exchanges of every shape forwarded and classified (in front of the
// mock itself), and answers of every shape that break the spec (in front of a scripted upstream).
import { createRequire } from "node:module";
import { DELIBERATELY_INVALID_HEADER } from "@merchant-payments/kit/deliberately-invalid";
import { type LoopbackServer, startLoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type MockServer,
  startMock,
  startValidationProxy,
  type ValidationProxy,
} from "../src/index.js";

const grownSpec = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);
const AUTH = { authorization: "Bearer proxy-test-token" };

let mock: MockServer;
let upstream: LoopbackServer;
let overMock: ValidationProxy;
let overUpstream: ValidationProxy;

beforeAll(async () => {
  mock = await startMock({ spec: grownSpec });
  upstream = await startLoopbackServer();
  overMock = await startValidationProxy({
    upstream: mock.baseUrl,
    spec: grownSpec,
    onViolations: () => {},
  });
  overUpstream = await startValidationProxy({
    upstream: upstream.baseUrl,
    spec: grownSpec,
    onViolations: () => {},
  });
});
afterAll(async () => {
  await Promise.all([overMock?.close(), overUpstream?.close(), mock?.close(), upstream?.close()]);
});

async function send(proxy: ValidationProxy, method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${proxy.baseUrl}${path}`, {
    method,
    ...init,
    headers: { ...AUTH, ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(5000),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const lastEvent = (proxy: ValidationProxy) => proxy.report().events.at(-1);

describe("the proxy in front of a conforming server (the mock)", () => {
  test("forwards and records as ok an exchange of every shape", async () => {
    const evidence = new FormData();
    evidence.append("category", "receipt");
    evidence.append("file", new Blob(["%PDF"], { type: "application/pdf" }), "r.pdf");
    const exchanges: [string, string, RequestInit, number][] = [
      [
        "GET",
        "/transactions?merchantAccountNumber=12345678&status=S&status=P&connectors=a,b",
        {},
        200,
      ],
      ["HEAD", "/transactions/TXN-1", {}, 200],
      ["POST", "/disputes/DSP-000451/evidence", { body: evidence }, 201],
      [
        "POST",
        "/auth/token",
        {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=client_credentials&client_id=a&client_secret=b",
        },
        200,
      ],
      [
        "POST",
        "/disputes/DSP-000451/notes",
        { headers: { "content-type": "text/plain" }, body: "A note." },
        204,
      ],
      [
        "PUT",
        "/disputes/DSP-000451/attachments/a.pdf",
        {
          headers: { "content-type": "application/octet-stream" },
          body: new Uint8Array([0, 1, 2, 255]),
        },
        200,
      ],
      [
        "GET",
        "/settlements/2024-01-15/report?columns=transactionDate%20amountSent",
        { headers: { "x-api-key": "report-key-123" } },
        200,
      ],
      ["GET", "/transactions/TXN-1/receipt", {}, 200],
      ["POST", "/payouts/PO-2024-000311/cancel", {}, 202],
      ["DELETE", "/webhooks/subscriptions/payment.success", {}, 204],
    ];
    for (const [method, path, init, status] of exchanges) {
      const answer = await send(overMock, method, path, init);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(lastEvent(overMock), `${method} ${path}`).toMatchObject({ outcome: "ok", issues: [] });
    }
    expect(overMock.report().summary).toMatchObject({ exchanges: exchanges.length, failed: 0 });
  });

  test("refuses a request whose parameter breaks the spec, and one without the API key its operation requires", async () => {
    const wrong = await send(overMock, "GET", "/transactions?merchantAccountNumber=abc");
    expect(wrong.status).toBe(422);
    expect(lastEvent(overMock)).toMatchObject({
      outcome: "request-violation",
      issues: [
        {
          check: "request query",
          path: "/merchantAccountNumber",
          keyword: "type",
          message: "must be integer",
        },
      ],
    });
    const noKey = await send(overMock, "GET", "/settlements/2024-01-15/report", {
      headers: { authorization: "" },
    });
    expect(noKey.status).toBe(401);
    expect(lastEvent(overMock)?.issues[0]).toMatchObject({ check: "request credentials" });
    expect(lastEvent(overMock)?.issues[0]?.message).toContain("X-Api-Key");
  });

  test("passes on a HEAD's documented error answers, which have no body, as expected refusals", async () => {
    const marked = { [DELIBERATELY_INVALID_HEADER]: "the test" };
    const noCredentials = await send(overMock, "HEAD", "/transactions/TXN-1", {
      headers: { ...marked, authorization: "" },
    });
    expect(noCredentials.status).toBe(401);
    expect(noCredentials.bytes.byteLength).toBe(0);
    const responseIssues = () =>
      (lastEvent(overMock)?.issues ?? []).filter((i) => !i.check?.startsWith("request"));
    expect(lastEvent(overMock)).toMatchObject({ outcome: "expected-refusal", upstreamStatus: 401 });
    expect(responseIssues()).toEqual([]);
    const tooLong = await send(overMock, "HEAD", `/transactions/${"T".repeat(65)}`, {
      headers: marked,
    });
    expect(tooLong.status).toBe(400);
    expect(lastEvent(overMock)).toMatchObject({ outcome: "expected-refusal", upstreamStatus: 400 });
    expect(responseIssues()).toEqual([]);
  });

  test("keeps an API key sent in the query out of the report", async () => {
    await send(
      overMock,
      "GET",
      "/analytics/volumes?merchantAccountNumber=12345678&period[from]=2024-01-01&period[to]=2024-01-02&api_key=query-secret-key-42",
      { headers: { authorization: "" } },
    );
    expect(lastEvent(overMock)?.outcome).toBe("ok");
    expect(JSON.stringify(overMock.report())).not.toContain("query-secret-key-42");
  });
});

describe("the proxy in front of a server that breaks the spec", () => {
  test("a CSV answered as JSON and a 201 without its Location are response violations; an empty 204 passes", async () => {
    upstream.handle((request, response) => {
      if (request.url.startsWith("/webhooks")) {
        response.writeHead(204, { "content-length": "0" });
        response.end();
        return;
      }
      if (request.url.startsWith("/settlements")) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
        return;
      }
      response.writeHead(201, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          refundId: "RFD-1",
          transactionReference: "T",
          refundType: "full",
          amount: 1,
          status: "completed",
        }),
      );
    });
    const csv = await send(overUpstream, "GET", "/settlements/2024-01-15/report", {
      headers: { "x-api-key": "k" },
    });
    expect(csv.status).toBe(502);
    expect(lastEvent(overUpstream)).toMatchObject({
      outcome: "response-violation",
      issues: [expect.objectContaining({ check: "response media-type" })],
    });
    const refund = await send(overUpstream, "POST", "/refunds", {
      headers: {
        "content-type": "application/json",
        "idempotency-key": "0b7d2f6e-3c1a-4e8b-9f5d-6a2c8e1b4d70",
      },
      body: JSON.stringify({ refundType: "full", transactionReference: "T" }),
    });
    expect(refund.status).toBe(502);
    expect(lastEvent(overUpstream)?.issues).toEqual([
      expect.objectContaining({ check: "response header", path: "/Location" }),
    ]);
    const removed = await send(overUpstream, "DELETE", "/webhooks/subscriptions/payment.success");
    expect(removed.status).toBe(204);
    expect(lastEvent(overUpstream)?.outcome).toBe("ok");
  });
});
