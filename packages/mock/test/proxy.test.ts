import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startValidationProxy, type ValidationProxy } from "../src/index.js";
import { portIsFree, post } from "./helpers.js";

/** A stand-in for a real implementation: one conforming and one non-conforming operation. */
function startUpstream(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push(req.url ?? "");
      res.setHeader("content-type", "application/json");
      if (req.url === "/disbursements/batch/addJson") {
        res.end(JSON.stringify({ merchantAccountNumber: 12345678, batchNumber: 40021 }));
      } else {
        // Not the MerchantUser of the spec: userId is a number and most required fields are missing.
        res.end(JSON.stringify({ userId: 1024, firstName: "Wanjiku" }));
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
      }),
    ),
  );
}

describe("the validation proxy", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let proxy: ValidationProxy;
  beforeAll(async () => {
    upstream = await startUpstream();
    proxy = await startValidationProxy({ upstream: upstream.url });
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => upstream?.server.close(resolve));
  });

  test("passes a conforming answer of the upstream through unchanged, with no violation", async () => {
    const answer = await post(
      `${proxy.baseUrl}/disbursements/batch/addJson`,
      JSON.stringify({
        header: { merchantAccountNumber: 12345678, isBatchScheduled: false },
        transactions: [{ beneficiaryName: "Grace", transactionAmount: 10 }],
      }),
      { accept: "application/json" },
    );
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ merchantAccountNumber: 12345678, batchNumber: 40021 });
    expect(upstream.seen).toContain("/disbursements/batch/addJson");
    expect(proxy.violations.filter((v) => v.path === "/disbursements/batch/addJson")).toEqual([]);
  });

  test("answers a non-conforming answer of the upstream with a 502 problem and reports every violation", async () => {
    const answer = await post(
      `${proxy.baseUrl}/security/merchantUsers/get`,
      JSON.stringify({ merchantAccountNumber: 12345678, userId: "1024" }),
    );
    expect(upstream.seen).toContain("/security/merchantUsers/get");
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    const report = proxy.violations.find((v) => v.path === "/security/merchantUsers/get");
    expect(report?.status).toBe(502);
    const issues = report?.issues ?? [];
    expect(issues).toContainEqual({
      check: "response schema",
      path: "",
      keyword: "required",
      message: "must have required property 'lastName'",
    });
    expect(issues).toContainEqual({
      check: "response schema",
      path: "/userId",
      keyword: "type",
      message: "must be string",
    });
    expect(issues.length).toBeGreaterThanOrEqual(12);
  });

  test("records every exchange, a malformed JSON body and a media type not taken included", async () => {
    const before = proxy.report().summary;
    const malformed = await post(`${proxy.baseUrl}/security/merchantUsers/get`, "{not json");
    expect(malformed.status).toBe(400);
    const media = await fetch(`${proxy.baseUrl}/security/merchantUsers/get`, {
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "text/html" },
      body: "<p>",
      signal: AbortSignal.timeout(10_000),
    });
    expect(media.status).toBe(415);
    const after = proxy.report();
    expect(after.summary.exchanges - before.exchanges).toBe(2);
    expect(after.summary.requestViolations - before.requestViolations).toBe(2);
    expect(after.events.slice(-2).map((e) => [e.outcome, e.status])).toEqual([
      ["request-violation", 400],
      ["request-violation", 415],
    ]);
  });

  test("rejects a request that breaks the spec before it reaches the upstream", async () => {
    const before = upstream.seen.length;
    const answer = await post(
      `${proxy.baseUrl}/security/merchantUsers/get`,
      JSON.stringify({ merchantAccountNumber: 9999999, userId: "1024" }),
    );
    expect(answer.status).toBe(422);
    expect(upstream.seen.length).toBe(before);
    expect(proxy.violations.at(-1)?.issues[0]).toMatchObject({
      check: "request body",
      path: "/merchantAccountNumber",
      message: expect.stringMatching(/>= 10000000/),
    });
  });

  test("frees its port after close()", async () => {
    const other = await startValidationProxy({ upstream: upstream.url });
    await other.close();
    expect(await portIsFree(other.port)).toBe(true);
  });
});
