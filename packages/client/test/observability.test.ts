import { describe, expect, test } from "vitest";
import {
  ApiPromise,
  type Logger,
  type LogLevel,
  NotFoundError,
  ServerError,
} from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { example } from "./helpers/fixtures.js";
import { failure } from "./helpers/rejection.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.b2JzZXJ2YWJpbGl0eQ.SIGNATURE-never-logged";
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };
const client = (extra: Record<string, unknown> = {}) =>
  testClient(server, { token: TOKEN, maxRetries: 0, ...extra });

describe("withResponse()", () => {
  test("resolves the data with the answer's status, headers and request id", async () => {
    server.handle((_req, res) =>
      json(res, 200, example("TransactionSuccess"), {
        "x-request-id": "req-ok-1",
        "x-extra": "yes",
      }),
    );
    const promise = client().getTransaction(lookup);
    expect(promise).toBeInstanceOf(ApiPromise);
    expect(promise).toBeInstanceOf(Promise);
    const { data, response, requestId } = await promise.withResponse();
    expect(data.transactionReferenceNumber).toBe("TXN-20240115-000123");
    expect(data.beneficiaryAccountNumber).toBeTypeOf("string");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-extra")).toBe("yes");
    expect(requestId).toBe("req-ok-1");
  });

  test("gives the same data as awaiting the promise, from one request", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    const promise = client().getTransaction(lookup);
    const [awaited, withMeta] = await Promise.all([promise, promise.withResponse()]);
    expect(withMeta.data).toBe(awaited);
    expect(withMeta.requestId).toBeUndefined();
    expect(server.received).toHaveLength(1);
  });

  test("rejects with the method's error, which carries the request id", async () => {
    server.handle((_req, res) =>
      json(res, 404, example("ProblemNotFound"), { "x-request-id": "req-404" }),
    );
    const err = (await failure(client().getTransaction(lookup).withResponse())) as NotFoundError;
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.requestId).toBe("req-404");
  });

  test("works on every method, the webhook delete's normalized answer included", async () => {
    server.handle((_req, res) => json(res, 200, "deleted", { "request-id": "req-del" }));
    const r = await client()
      .deleteWebhookSubscription(example("DeleteWebhookRequest"))
      .withResponse();
    expect(r.data).toEqual({ message: "deleted" });
    expect(r.requestId).toBe("req-del");
  });

  test("the promise still behaves as a promise: then, catch, finally, Promise.all", async () => {
    server.handle((_req, res) => json(res, 503, { title: "down" }));
    let finallyRan = false;
    const caught = await client()
      .getTransaction(lookup)
      .catch((e: unknown) => e)
      .finally(() => {
        finallyRan = true;
      });
    expect(caught).toBeInstanceOf(ServerError);
    expect(finallyRan).toBe(true);
  });
});

describe("per-request headers and defaultHeaders", () => {
  test("are sent, the call's over the client's", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    const c = client({ defaultHeaders: { "X-Tenant": "corner-grocers", "X-Trace": "client" } });
    await c.getTransaction(lookup, { headers: { "X-Trace": "call-1" } });
    await c.getTransaction(lookup);
    const [first, second] = server.received;
    expect(first?.headers["x-tenant"]).toBe("corner-grocers");
    expect(first?.headers["x-trace"]).toBe("call-1");
    expect(second?.headers["x-trace"]).toBe("client");
    expect(first?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(first?.headers["content-type"]).toBe("application/json");
  });

  test("a per-call acceptLanguage wins over an Accept-Language header", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    const c = client({ defaultHeaders: { "Accept-Language": "fr" } });
    await c.getTransaction(lookup);
    await c.getTransaction(lookup, { acceptLanguage: "sw" });
    expect(server.received.map((r) => r.headers["accept-language"])).toEqual(["fr", "sw"]);
  });

  test.each(["Authorization", "authorization", "Content-Type", "MerchantAccountNumber"])(
    "refuses %s in defaultHeaders with a TypeError at creation",
    (name) => {
      expect(() => client({ defaultHeaders: { [name]: "x" } })).toThrow(TypeError);
    },
  );

  test("refuses Authorization or Content-Type in a call's headers with a TypeError, sending nothing", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    const refused: Record<string, string>[] = [
      { Authorization: "Bearer someone-elses-token" },
      { "content-type": "text/plain" },
    ];
    for (const headers of refused) {
      const err = await failure(client().getTransaction(lookup, { headers }));
      expect(err).toBeInstanceOf(TypeError);
      expect((err as { mayHaveBeenProcessed: boolean }).mayHaveBeenProcessed).toBe(false);
    }
    expect(server.received).toHaveLength(0);
  });

  test.each(["Content-Length", "Transfer-Encoding", "Connection", "Host", "Expect", "Upgrade"])(
    "refuses the framing header %s in a call's headers with a TypeError, sending nothing",
    async (name) => {
      server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
      const err = await failure(client().getTransaction(lookup, { headers: { [name]: "1" } }));
      expect(err).toBeInstanceOf(TypeError);
      expect(String((err as Error).message)).toContain("HTTP framing");
      expect((err as { mayHaveBeenProcessed: boolean }).mayHaveBeenProcessed).toBe(false);
      expect(server.received).toHaveLength(0);
    },
  );

  test("refuses a header value with a line break, or a name that is not a header name, with a TypeError", async () => {
    expect(() => client({ defaultHeaders: { "X-A": "1\r\nX-Injected: 1" } })).toThrow(TypeError);
    expect(() => client({ defaultHeaders: { "X A": "1" } })).toThrow(TypeError);
    expect(() => client({ defaultHeaders: { "X-A": 1 } as never })).toThrow(TypeError);
    const err = await failure(client().getTransaction(lookup, { headers: { "X-A": "a\nb" } }));
    expect(err).toBeInstanceOf(TypeError);
  });
});

/** A logger that records every line: level, message and details. */
function recordingLogger(): Logger & {
  lines: { level: string; message: string; details: unknown }[];
} {
  const lines: { level: string; message: string; details: unknown }[] = [];
  const at = (level: string) => (message: string, details?: Record<string, unknown>) =>
    lines.push({ level, message, details });
  return { lines, error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
}

describe("logger and logLevel", () => {
  test("log nothing by default, even with a logger", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    const logger = recordingLogger();
    await client({ logger }).getTransaction(lookup);
    expect(logger.lines).toEqual([]);
  });

  test("info logs each completed call: method, URL path, status, attempt, duration and request id", async () => {
    server.handle((_req, res) =>
      json(res, 200, example("TransactionSuccess"), { "x-request-id": "req-log-1" }),
    );
    const logger = recordingLogger();
    await client({
      logger,
      logLevel: "info",
      baseUrl: `${server.baseUrl}/sandbox/v1?tenant=a`,
    }).getTransaction(lookup);
    expect(logger.lines).toHaveLength(1);
    const [line] = logger.lines;
    expect(line?.level).toBe("info");
    expect(line?.message).toContain("POST /sandbox/v1/collections/getTransaction 200");
    expect(line?.details).toMatchObject({
      method: "POST",
      path: "/sandbox/v1/collections/getTransaction",
      status: 200,
      attempt: 1,
      requestId: "req-log-1",
      durationMs: expect.any(Number),
    });
  });

  test("warn logs each retry and error the final failure", async () => {
    server.handle((_req, res) => json(res, 503, { title: "down" }, { "x-request-id": "req-503" }));
    const logger = recordingLogger();
    await failure(client({ logger, logLevel: "warn", maxRetries: 2 }).getTransaction(lookup));
    expect(logger.lines.map((l) => l.level)).toEqual(["warn", "warn", "error"]);
    expect(logger.lines[0]?.message).toContain("retrying in");
    expect(logger.lines[2]?.details).toMatchObject({
      status: 503,
      attempt: 3,
      requestId: "req-503",
      error: "ServerError",
      mayHaveBeenProcessed: true,
    });
  });

  test("debug logs each attempt's headers with Authorization and cookies as ***", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    const logger = recordingLogger();
    await client({
      logger,
      logLevel: "debug",
      defaultHeaders: { Cookie: "session=abc123" },
    }).getTransaction(lookup);
    const request = logger.lines.find(
      (l) => l.level === "debug" && "headers" in (l.details as object),
    );
    expect(request).toBeDefined();
    expect(
      (request?.details as { headers?: Record<string, string> } | undefined)?.headers,
    ).toMatchObject({
      authorization: "***",
      cookie: "***",
      accept: expect.any(String),
    });
    expect(logger.lines.map((l) => l.level)).toEqual(["debug", "debug", "info"]);
  });

  test.each(["error", "warn", "info", "debug"] as const)(
    "the token is never printed at level %s, whatever happens",
    async (logLevel: LogLevel) => {
      const logger = recordingLogger();
      const c = client({ logger, logLevel, maxRetries: 1, token: () => TOKEN });
      let attempts = 0;
      server.handle((req, res) => {
        const scenario = req.headers["x-scenario"];
        if (scenario === "401") {
          json(res, 401, { title: "Unauthorized", detail: `bad ${req.headers.authorization}` });
        } else if (scenario === "503-then-200" && attempts++ === 0) {
          json(res, 503, { title: "down", detail: String(req.headers.authorization) });
        } else if (scenario === "silent") {
          // never answers: the call times out
        } else {
          json(res, 200, example("TransactionSuccess"), { "x-echo": TOKEN.slice(0, 30) });
        }
      });
      const as = (scenario: string) => ({ headers: { "X-Scenario": scenario } });
      await failure(c.getTransaction(lookup, as("401")));
      await c.getTransaction(lookup, as("503-then-200"));
      await failure(c.getTransaction(lookup, { ...as("silent"), timeoutMs: 50, maxRetries: 0 }));
      expect(logger.lines.length).toBeGreaterThan(0);
      const printed = JSON.stringify(logger.lines);
      expect(printed).not.toContain(TOKEN);
      expect(printed).not.toContain("SIGNATURE-never-logged");
      expect(printed).not.toContain(TOKEN.slice(0, 30));
    },
  );

  test("an unknown logLevel or a logger without the four methods is a TypeError", () => {
    expect(() => client({ logLevel: "verbose" })).toThrow(TypeError);
    expect(() => client({ logLevel: "info", logger: { info() {} } })).toThrow(TypeError);
  });
});
