import { inspect } from "node:util";
import { getFreePort } from "@merchant-payments/test-support";
import { describe, expect, test, vi } from "vitest";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  createMerchantPaymentsClient,
  MerchantPaymentsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  type RequestValidationError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  UnprocessableEntityError,
} from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { example } from "./helpers/fixtures.js";
import { failure } from "./helpers/rejection.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.SIGNATURE-do-not-leak";
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };
const client = (extra: Record<string, unknown> = {}) =>
  testClient(server, { token: TOKEN, maxRetries: 0, backoff: undefined, ...extra });

describe("an ApiError subclass per status", () => {
  test.each([
    [400, BadRequestError, "ProblemMalformedJson"],
    [401, AuthenticationError, "ProblemUnauthorized"],
    [403, PermissionDeniedError, "ProblemForbidden"],
    [404, NotFoundError, "ProblemNotFound"],
    [422, UnprocessableEntityError, "ProblemValidation"],
    [429, RateLimitError, "ProblemRateLimited"],
    [500, ServerError, "ProblemServerError"],
    [503, ServerError, "ProblemServerError"],
  ] as const)("throws %s as %o with the parsed problem body", async (status, Class, problem) => {
    const body = example(problem);
    server.handle((_req, res) =>
      json(res, status, body, {
        "content-type": "application/problem+json",
        "x-request-id": "req-42",
      }),
    );
    const err = (await failure(client().getTransaction(lookup))) as ApiError;
    expect(err).toBeInstanceOf(Class);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(MerchantPaymentsError);
    expect(err.name).toBe(Class.name);
    expect(err.status).toBe(status);
    expect(err.body).toEqual(body);
    expect(err.requestId).toBe("req-42");
    expect(err.headers["content-type"]).toBe("application/problem+json");
    expect(err.message).toContain(String(status));
    expect(err.message).toContain((body as { title: string }).title);
  });

  test("throws a plain ApiError for another status, e.g. 418", async () => {
    server.handle((_req, res) => json(res, 418, { title: "teapot", status: 418 }));
    const err = (await failure(client().getTransaction(lookup))) as ApiError;
    expect(err.constructor).toBe(ApiError);
    expect(err.status).toBe(418);
    expect(err.requestId).toBeUndefined();
  });

  test("keeps the raw text of a non-JSON error body, e.g. an HTML gateway page", async () => {
    const html = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    server.handle((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(html);
    });
    const err = (await failure(client().getTransaction(lookup))) as ServerError;
    expect(err).toBeInstanceOf(ServerError);
    expect(err.body).toBe(html);
    expect(err.message).not.toContain("<html>");
  });

  test("keeps the raw text of an error body that only looks like JSON", async () => {
    server.handle((_req, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end("{broken");
    });
    const err = (await failure(client().getTransaction(lookup))) as BadRequestError;
    expect(err.body).toBe("{broken");
  });

  test("gives RateLimitError.retryAfterMs from Retry-After seconds", async () => {
    server.handle((_req, res) =>
      json(res, 429, example("ProblemRateLimited"), { "retry-after": "30" }),
    );
    const err = (await failure(client().getTransaction(lookup))) as RateLimitError;
    expect(err.retryAfterMs).toBe(30000);
  });

  test("gives RateLimitError.retryAfterMs from a Retry-After HTTP date", async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    server.handle((_req, res) =>
      json(res, 429, example("ProblemRateLimited"), { "retry-after": at }),
    );
    const err = (await failure(client().getTransaction(lookup))) as RateLimitError;
    expect(err.retryAfterMs).toBeGreaterThan(100_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  test("leaves RateLimitError.retryAfterMs undefined without Retry-After", async () => {
    server.handle((_req, res) => json(res, 429, example("ProblemRateLimited")));
    const err = (await failure(client().getTransaction(lookup))) as RateLimitError;
    expect(err.retryAfterMs).toBeUndefined();
  });
});

describe("errors without a response", () => {
  test("throws TimeoutError when no answer comes in time", async () => {
    server.handle(() => {
      /* never answers */
    });
    const err = (await failure(client({ timeoutMs: 100 }).getTransaction(lookup))) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toBeInstanceOf(MerchantPaymentsError);
    expect(err.timeoutMs).toBe(100);
  });

  test("throws ConnectionError when the connection is refused", async () => {
    const port = await getFreePort();
    const c = createMerchantPaymentsClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      maxRetries: 0,
    });
    const err = (await failure(c.getTransaction(lookup))) as ConnectionError;
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toBeInstanceOf(MerchantPaymentsError);
    expect(err.message).toContain("ECONNREFUSED");
    expect(err.cause).toBeDefined();
  });

  test("throws ConnectionError when the server drops the connection", async () => {
    server.handle((req, res) => {
      void req;
      res.socket?.destroy();
    });
    const err = await failure(client().getTransaction(lookup));
    expect(err).toBeInstanceOf(ConnectionError);
  });

  test("throws UnexpectedResponseError for a 200 whose body is not JSON", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>login</html>");
    });
    const err = (await failure(client().getTransaction(lookup))) as UnexpectedResponseError;
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(err).toBeInstanceOf(MerchantPaymentsError);
    expect(err.status).toBe(200);
    expect(err.body).toBe("<html>login</html>");
  });

  test("RequestValidationError is a MerchantPaymentsError with issues", async () => {
    const err = (await failure(
      client().getTransaction({ merchantAccountNumber: 1, transactionReferenceNumber: "x" }),
    )) as RequestValidationError;
    expect(err).toBeInstanceOf(MerchantPaymentsError);
    expect(err.name).toBe("RequestValidationError");
    expect(err.issues).toHaveLength(1);
  });
});

describe("the access token never leaks", () => {
  function expectNoToken(err: unknown) {
    expect(err).toBeInstanceOf(MerchantPaymentsError);
    const e = err as Error;
    for (const text of [
      e.message,
      String(e),
      e.stack ?? "",
      JSON.stringify(e),
      inspect(e, { depth: 10 }),
    ]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain("SIGNATURE-do-not-leak");
    }
  }

  test("is not in an ApiError, its message, toString, JSON or inspect output", async () => {
    server.handle((_req, res) => json(res, 401, example("ProblemUnauthorized")));
    expectNoToken(await failure(client().getTransaction(lookup)));
  });

  test("is not in a TimeoutError", async () => {
    server.handle(() => {});
    expectNoToken(await failure(client({ timeoutMs: 50 }).getTransaction(lookup)));
  });

  test("is not in a ConnectionError", async () => {
    const port = await getFreePort();
    expectNoToken(
      await failure(
        createMerchantPaymentsClient({
          baseUrl: `http://127.0.0.1:${port}`,
          token: () => TOKEN,
          maxRetries: 0,
        }).getTransaction(lookup),
      ),
    );
  });

  test("is not in a RequestValidationError, and nothing is logged", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    try {
      expectNoToken(await failure(client().getTransaction({ merchantAccountNumber: 5 } as never)));
      server.handle((_req, res) => json(res, 500, example("ProblemServerError")));
      expectNoToken(
        await failure(
          client({ maxRetries: 1, backoff: { baseDelayMs: 1 } }).getTransaction(lookup),
        ),
      );
      for (const s of spies) expect(s).not.toHaveBeenCalled();
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});

describe("a server that echoes the credential back", () => {
  test("gets the token redacted from the error body and headers", async () => {
    server.handle((req, res) =>
      json(
        res,
        401,
        { title: "Unauthorized", status: 401, detail: `bad token ${req.headers.authorization}` },
        { "x-echo": String(req.headers.authorization) },
      ),
    );
    const err = (await failure(client().getTransaction(lookup))) as AuthenticationError;
    expect(err.problem?.detail).toBe("bad token Bearer [redacted]");
    expect(err.headers["x-echo"]).toBe("Bearer [redacted]");
    for (const text of [err.message, JSON.stringify(err), inspect(err, { depth: 10 })]) {
      expect(text).not.toContain(TOKEN);
    }
  });

  test("gets the token redacted from an unreadable 2xx body", async () => {
    server.handle((req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`echo: ${req.headers.authorization}`);
    });
    const err = (await failure(client().getTransaction(lookup))) as UnexpectedResponseError;
    expect(err.body).toBe("echo: Bearer [redacted]");
  });
});

describe("ApiError.problem", () => {
  test("is the problem details body, or undefined for a non-problem body", async () => {
    server.handle((_req, res, n) =>
      n === 0
        ? json(res, 404, example("ProblemNotFound"))
        : json(res, 404, ["not", "a", "problem"]),
    );
    const first = (await failure(client().getTransaction(lookup))) as NotFoundError;
    expect(first.problem).toEqual(example("ProblemNotFound"));
    const second = (await failure(client().getTransaction(lookup))) as NotFoundError;
    expect(second.problem).toBeUndefined();
    expect(second.body).toEqual(["not", "a", "problem"]);
    expect(Object.keys(JSON.parse(JSON.stringify(first)))).not.toContain("problem");
  });
});

describe("JSON of an error", () => {
  test("has the name, message and fields, for log lines", async () => {
    server.handle((_req, res) =>
      json(res, 404, example("ProblemNotFound"), { "x-request-id": "r-1" }),
    );
    const err = await failure(client().getTransaction(lookup));
    const logged = JSON.parse(JSON.stringify(err));
    expect(logged).toMatchObject({
      name: "NotFoundError",
      status: 404,
      requestId: "r-1",
      body: example("ProblemNotFound"),
    });
    expect(logged.message).toContain("Not Found");
  });
});
