import { operations, retrySafetyOf } from "@merchant-payments/spec/model";
import { getFreePort } from "@merchant-payments/test-support";
import { describe, expect, test } from "vitest";
import { ApiError } from "../src/errors.js";
import { operations as operationTable } from "../src/generated/operation-table.js";
import {
  ConnectionError,
  type DisbursementBatch,
  isRetryableStatus,
  isSafeToRetry,
  provesNothingWasSent,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "../src/index.js";
import { clientDefaults } from "../src/options.js";
import { retryDelay, shouldRetry } from "../src/retry.js";
import { testClient } from "./helpers/client.js";
import { example, spec } from "./helpers/fixtures.js";
import { failure } from "./helpers/rejection.js";
import { json, type TestServer, useTestServer } from "./helpers/server.js";

const server = useTestServer();

const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };
const batch = () => example<DisbursementBatch>("DisbursementBatchScheduled");
const fast = { baseDelayMs: 1, maxDelayMs: 5 };
const client = (extra: Record<string, unknown> = {}) =>
  testClient(server, { backoff: fast, ...extra });
/** Fails the first `n` requests with `fail`, then answers `ok`. */
const failThen = (n: number, fail: Parameters<TestServer["handle"]>[0], ok: unknown) =>
  server.handle((req, res, i) => (i < n ? fail(req, res, i) : json(res, 200, ok)));
const status503 = (_r: unknown, res: Parameters<Parameters<TestServer["handle"]>[0]>[1]) =>
  json(res, 503, example("ProblemServerError"));

describe("safe operations are retried", () => {
  test("retries a lookup after a 503 and resolves", async () => {
    failThen(2, status503, example("TransactionSuccess"));
    const t = await client().getTransaction(lookup);
    expect(t.transactionReferenceNumber).toBe("TXN-20240115-000123");
    expect(server.received).toHaveLength(3);
  });

  test.each([408, 429, 500, 502, 504])("retries a lookup after a %i", async (status) => {
    failThen(
      1,
      (_r, res) => json(res, status, { title: "x", status }),
      example("TransactionSuccess"),
    );
    await client().getTransaction(lookup);
    expect(server.received).toHaveLength(2);
  });

  test.each([400, 401, 403, 404, 422])("does not retry a lookup after a %i", async (status) => {
    failThen(
      1,
      (_r, res) => json(res, status, { title: "x", status }),
      example("TransactionSuccess"),
    );
    await failure(client().getTransaction(lookup));
    expect(server.received).toHaveLength(1);
  });

  test("gives up after maxRetries and throws the last error", async () => {
    server.handle((_r, res) => json(res, 503, example("ProblemServerError")));
    const err = await failure(client({ maxRetries: 3 }).getTransaction(lookup));
    expect(err).toBeInstanceOf(ServerError);
    expect(server.received).toHaveLength(4);
  });

  test("retries twice by default", async () => {
    server.handle((_r, res) => json(res, 503, example("ProblemServerError")));
    await failure(client().getTransaction(lookup));
    expect(server.received).toHaveLength(3);
  });

  test("a per-call maxRetries overrides the client's", async () => {
    server.handle((_r, res) => json(res, 503, example("ProblemServerError")));
    await failure(client({ maxRetries: 5 }).getTransaction(lookup, { maxRetries: 0 }));
    expect(server.received).toHaveLength(1);
  });

  test("retries a lookup after a timeout", async () => {
    failThen(1, () => {}, example("TransactionSuccess"));
    await client({ timeoutMs: 1000 }).getTransaction(lookup);
    expect(server.received).toHaveLength(2);
  });

  test("retries a lookup after a dropped connection", async () => {
    failThen(1, (_r, res) => res.socket?.destroy(), example("TransactionSuccess"));
    await client().getTransaction(lookup);
    expect(server.received).toHaveLength(2);
  });

  test("retries the webhook delete, which the spec marks safe", async () => {
    failThen(1, status503, { message: "deleted" });
    await expect(
      client().deleteWebhookSubscription(example("DeleteWebhookRequest")),
    ).resolves.toEqual({
      message: "deleted",
    });
    expect(server.received).toHaveLength(2);
  });

  test("asks the token function again for every attempt", async () => {
    failThen(1, status503, example("TransactionSuccess"));
    let n = 0;
    await client({ token: () => `access-token-${++n}` }).getTransaction(lookup);
    expect(server.received.map((r) => r.headers.authorization)).toEqual([
      "Bearer access-token-1",
      "Bearer access-token-2",
    ]);
  });

  test("waits for Retry-After before retrying a 429", async () => {
    const times: number[] = [];
    server.handle((_r, res, i) => {
      times.push(Date.now());
      if (i === 0) json(res, 429, example("ProblemRateLimited"), { "retry-after": "1" });
      else json(res, 200, example("TransactionSuccess"));
    });
    await client().getTransaction(lookup);
    expect(server.received).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });

  test("does not retry when Retry-After exceeds the cap", async () => {
    server.handle((_r, res) =>
      json(res, 429, example("ProblemRateLimited"), { "retry-after": "120" }),
    );
    const err = (await failure(
      client({ backoff: { ...fast, maxRetryAfterMs: 60_000 } }).getTransaction(lookup),
    )) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBe(120_000);
    expect(server.received).toHaveLength(1);
  });
});

describe("a disbursement batch is never sent twice", () => {
  test("does not retry a batch after a 503", async () => {
    failThen(1, status503, example("DisbursementBatchAccepted"));
    const err = await failure(client({ maxRetries: 5 }).submitDisbursementBatch(batch()));
    expect(err).toBeInstanceOf(ServerError);
    expect(server.received).toHaveLength(1);
  });

  test("does not retry a batch after a 429", async () => {
    failThen(
      1,
      (_r, res) => json(res, 429, example("ProblemRateLimited"), { "retry-after": "0" }),
      {},
    );
    await failure(client({ maxRetries: 5 }).submitDisbursementBatch(batch()));
    expect(server.received).toHaveLength(1);
  });

  test("does not retry a batch after a timeout", async () => {
    failThen(1, () => {}, example("DisbursementBatchAccepted"));
    const err = await failure(
      client({ maxRetries: 5, timeoutMs: 100 }).submitDisbursementBatch(batch()),
    );
    expect(err).toBeInstanceOf(TimeoutError);
    expect(server.received).toHaveLength(1);
  });

  test("does not retry a batch after a dropped connection (socket destroyed after the request was read)", async () => {
    failThen(1, (_r, res) => res.socket?.destroy(), example("DisbursementBatchAccepted"));
    const err = await failure(client({ maxRetries: 5 }).submitDisbursementBatch(batch()));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(provesNothingWasSent(err)).toBe(false);
    expect(server.received).toHaveLength(1);
  });

  test("retries a batch when the connection was refused", async () => {
    server.handle((_r, res) => json(res, 200, example("DisbursementBatchAccepted")));
    // A port just freed: nothing listens on it, a connection is refused.
    const refused = await getFreePort();
    let calls = 0;
    const c = client({
      fetch: (url: string, init: RequestInit) =>
        fetch(calls++ === 0 ? url.replace(`:${server.port}`, `:${refused}`) : url, init),
    });
    await expect(c.submitDisbursementBatch(batch())).resolves.toEqual(
      example("DisbursementBatchAccepted"),
    );
    expect(calls).toBe(2);
    expect(server.received).toHaveLength(1);
  });

  test("stops retrying a refused batch after maxRetries", async () => {
    // A port just freed: nothing listens on it, a connection is refused.
    const refused = await getFreePort();
    const c = client({ baseUrl: `http://127.0.0.1:${refused}`, maxRetries: 2 });
    let calls = 0;
    const counting = client({
      baseUrl: `http://127.0.0.1:${refused}`,
      fetch: (u: string, i: RequestInit) => {
        calls++;
        return fetch(u, i);
      },
    });
    expect(await failure(c.submitDisbursementBatch(batch()))).toBeInstanceOf(ConnectionError);
    expect(await failure(counting.submitDisbursementBatch(batch()))).toBeInstanceOf(
      ConnectionError,
    );
    expect(calls).toBe(3);
  });
});

describe("aborts", () => {
  test("rejects with the signal's reason and does not retry an aborted call", async () => {
    const controller = new AbortController();
    // Aborted once the server has the request (an event, not a delay a busy machine could outrun); never answered.
    server.handle(() => controller.abort());
    const p = client({ maxRetries: 5 }).getTransaction(lookup, { signal: controller.signal });
    const err = (await failure(p)) as Error;
    expect(err.name).toBe("AbortError");
    expect(server.received).toHaveLength(1);
  });

  test("rejects at once for an already aborted signal, sending nothing", async () => {
    server.handle((_r, res) => json(res, 200, example("TransactionSuccess")));
    const reason = new Error("stop");
    await expect(
      client().getTransaction(lookup, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(server.received).toHaveLength(0);
  });

  test("an abort during the backoff wait ends the retries", async () => {
    server.handle((_r, res) => json(res, 503, example("ProblemServerError")));
    const controller = new AbortController();
    // The abort comes once the 10 s wait has begun: the warn line "retrying in … ms" is logged just before it, and
    // setImmediate runs after the wait is set up (no fixed delay, which a busy machine could outrun).
    const logger = {
      error: () => {},
      warn: () => setImmediate(() => controller.abort()),
      info: () => {},
      debug: () => {},
    } as unknown as Console;
    const p = client({
      backoff: { baseDelayMs: 10_000, maxDelayMs: 10_000 },
      logLevel: "warn",
      logger,
    }).getTransaction(lookup, { signal: controller.signal });
    const err = (await failure(p)) as Error;
    expect(err.name).toBe("AbortError");
    expect(server.received).toHaveLength(1);
  });
});

describe("timeouts", () => {
  test("times out a response whose body stalls after the headers", async () => {
    server.handle((_r, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"transactionReferenceNumber":');
    });
    const err = await failure(client({ maxRetries: 0, timeoutMs: 150 }).getTransaction(lookup));
    expect(err).toBeInstanceOf(TimeoutError);
  });

  test("a per-call timeoutMs overrides the client's", async () => {
    server.handle((_r, res) =>
      setTimeout(() => json(res, 200, example("TransactionSuccess")), 300),
    );
    const c = client({ maxRetries: 0, timeoutMs: 50 });
    await expect(c.getTransaction(lookup, { timeoutMs: 5000 })).resolves.toBeDefined();
    const err = (await failure(c.getTransaction(lookup))) as TimeoutError;
    expect(err.timeoutMs).toBe(50);
  });
});

describe("long timeouts", () => {
  // A server of its own: a request an earlier test timed out may still reach the file's server late.
  const server = useTestServer();
  const client = (extra: Record<string, unknown> = {}) =>
    testClient(server, { backoff: fast, ...extra });

  test("timeoutMs Infinity means no timeout, and a huge one is clamped instead of firing at once", async () => {
    server.handle((_r, res) => setTimeout(() => json(res, 200, example("TransactionSuccess")), 50));
    await expect(
      client({ maxRetries: 0, timeoutMs: Number.POSITIVE_INFINITY }).getTransaction(lookup),
    ).resolves.toBeDefined();
    await expect(
      client({ maxRetries: 0 }).getTransaction(lookup, { timeoutMs: 3e9 }),
    ).resolves.toBeDefined();
    expect(server.received).toHaveLength(2);
  });
});

describe("retry predicates", () => {
  test("isRetryableStatus is true for 408, 429 and 5xx only", () => {
    expect([408, 429, 500, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });

  test("isSafeToRetry follows x-safe-to-retry of every operation in the spec", () => {
    const ops = operations(spec);
    expect(ops.map((op) => op.operationId)).toEqual(Object.keys(operationTable));
    for (const op of ops) {
      expect(isSafeToRetry(op.operationId as never)).toBe(retrySafetyOf(op).safe);
    }
    expect(isSafeToRetry("submitDisbursementBatch")).toBe(false);
  });

  test("provesNothingWasSent looks for ECONNREFUSED through the cause chain", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(
      provesNothingWasSent(new ConnectionError(new TypeError("fetch failed", { cause: refused }))),
    ).toBe(true);
    const all = new AggregateError([refused, refused]);
    expect(provesNothingWasSent(new TypeError("fetch failed", { cause: all }))).toBe(true);
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(
      provesNothingWasSent(new ConnectionError(new TypeError("fetch failed", { cause: reset }))),
    ).toBe(false);
    expect(provesNothingWasSent(new AggregateError([refused, reset]))).toBe(false);
    expect(provesNothingWasSent(new TimeoutError(10))).toBe(false);
  });

  test("shouldRetry never retries the batch except on a refused connection", () => {
    const refused = new ConnectionError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }));
    expect(shouldRetry("submitDisbursementBatch", refused)).toBe(true);
    expect(shouldRetry("submitDisbursementBatch", new ConnectionError(new Error("reset")))).toBe(
      false,
    );
    expect(shouldRetry("submitDisbursementBatch", new TimeoutError(1))).toBe(false);
    expect(shouldRetry("submitDisbursementBatch", new ServerError(503, "", {}))).toBe(false);
    expect(shouldRetry("getTransaction", new ServerError(503, "", {}))).toBe(true);
    expect(shouldRetry("getTransaction", new Error("token function failed"))).toBe(false);
  });

  test("retryDelay grows exponentially with jitter and stays under the max", () => {
    const b = { ...clientDefaults.backoff, baseDelayMs: 100, maxDelayMs: 1000 };
    const err = new ServerError(503, "", {});
    expect(retryDelay(err, 0, b, () => 0)).toBe(50);
    expect(retryDelay(err, 0, b, () => 1)).toBe(100);
    expect(retryDelay(err, 2, b, () => 1)).toBe(400);
    expect(retryDelay(err, 10, b, () => 1)).toBe(1000);
  });

  test("retryDelay honours Retry-After on a 503 and ends retries above the cap", () => {
    const b = { ...clientDefaults.backoff, maxRetryAfterMs: 5000 };
    expect(retryDelay(new ServerError(503, "", { "retry-after": "3" }), 0, b)).toBe(3000);
    expect(retryDelay(new ServerError(503, "", { "retry-after": "6" }), 0, b)).toBeUndefined();
    expect(retryDelay(new ApiError(408, "", {}), 0, b, () => 0)).toBe(b.baseDelayMs / 2);
  });
});
