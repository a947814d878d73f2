import { describe, expect, test } from "vitest";
import {
  ConnectionError,
  createMerchantPaymentsClient,
  MerchantPaymentsError,
  RequestValidationError,
  TokenError,
} from "../src/index.js";
import { createRawClient } from "../src/raw.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };
const SECRET = "s3cr3t-TOKEN-value";

function answerOk() {
  server.handle((_req, res) => json(res, 200, { merchantAccountNumber: 12345678, batchNumber: 1 }));
}

async function failureOf(p: Promise<unknown>): Promise<Error> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

/** Everything a log line could show of an error. */
function shown(err: Error): string {
  return [err.message, String(err), JSON.stringify(err)].join("\n");
}

describe("a token function that fails", () => {
  test("throwing gives a TokenError with the cause, sends nothing and is not retried", async () => {
    answerOk();
    let calls = 0;
    const cause = new Error("vault unreachable");
    const c = createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: () => {
        calls++;
        throw cause;
      },
      backoff: { baseDelayMs: 0 },
    });
    const err = await failureOf(c.getTransaction(lookup));
    expect(err).toBeInstanceOf(TokenError);
    expect(err).toBeInstanceOf(MerchantPaymentsError);
    expect(err.cause).toBe(cause);
    expect(calls).toBe(1);
    expect(server.received).toHaveLength(0);
  });

  test("rejecting gives a TokenError, sends nothing and is not retried", async () => {
    answerOk();
    let calls = 0;
    const c = createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: async () => {
        calls++;
        throw new Error("refresh failed");
      },
    });
    const err = await failureOf(c.submitDisbursementBatch({} as never));
    // validation comes first for an invalid body; a valid lookup reaches the token function
    expect(err).toBeInstanceOf(RequestValidationError);
    const err2 = await failureOf(
      c.getMerchantUser({ merchantAccountNumber: 12345678, userId: "7" }),
    );
    expect(err2).toBeInstanceOf(TokenError);
    expect(calls).toBe(1);
    expect(server.received).toHaveLength(0);
  });

  test("returning an empty string, a non-string or a value with a newline gives a TokenError that never quotes it", async () => {
    answerOk();
    for (const value of ["", undefined, 42, `${SECRET}\nX-Injected: 1`, `Bearer ${SECRET}`]) {
      const c = createMerchantPaymentsClient({
        baseUrl: server.baseUrl,
        token: () => value as string,
      });
      const err = await failureOf(c.getTransaction(lookup));
      expect(err).toBeInstanceOf(TokenError);
      expect(shown(err)).not.toContain(SECRET);
    }
    expect(server.received).toHaveLength(0);
  });

  test("never answering gives a TokenError after the call's timeoutMs, sends nothing and is not retried", async () => {
    answerOk();
    let calls = 0;
    const c = createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: () => {
        calls++;
        return new Promise<string>(() => {});
      },
    });
    const err = await failureOf(c.getTransaction(lookup, { timeoutMs: 50 }));
    expect(err).toBeInstanceOf(TokenError);
    expect(err.message).toContain("50 ms");
    expect(calls).toBe(1);
    expect(server.received).toHaveLength(0);
  }, 5000);

  test("an abort while the token function is pending rejects with the signal's reason, sending nothing", async () => {
    answerOk();
    const c = createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: () => new Promise<string>(() => {}),
    });
    const controller = new AbortController();
    const reason = new Error("user gave up");
    setTimeout(() => controller.abort(reason), 20);
    const err = await failureOf(c.getTransaction(lookup, { signal: controller.signal }));
    expect(err).toBe(reason);
    expect(server.received).toHaveLength(0);
  }, 5000);

  test("raw gets the same TokenError from a failing token function", async () => {
    answerOk();
    const raw = createRawClient({
      baseUrl: server.baseUrl,
      token: () => Promise.reject(new Error("no token")),
    });
    const err = await failureOf(raw.POST("/collections/getTransaction", { body: lookup }));
    expect(err).toBeInstanceOf(TokenError);
    expect(server.received).toHaveLength(0);
  });
});

describe("a string token that cannot be a Bearer credential", () => {
  test("is refused by createMerchantPaymentsClient without quoting it", () => {
    for (const token of ["", `${SECRET}\n`, `${SECRET} extra`, `${SECRET}€`, `Bearer ${SECRET}`]) {
      let err: unknown;
      try {
        createMerchantPaymentsClient({ baseUrl: server.baseUrl, token });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TypeError);
      expect(shown(err as Error)).not.toContain(SECRET);
    }
  });
});

describe("a ConnectionError whose cause quotes the request", () => {
  test("has the token redacted from its message and JSON", async () => {
    const c = createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: SECRET,
      maxRetries: 0,
      fetch: async (_url, init) => {
        const auth = new Headers(init?.headers).get("authorization");
        throw new TypeError(`socket hang up while sending ${auth}`);
      },
    });
    const err = await failureOf(c.getTransaction(lookup));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toContain("[redacted]");
    expect(shown(err)).not.toContain(SECRET);
  });
});

describe("numeric options", () => {
  test("createMerchantPaymentsClient refuses a timeoutMs of 0, below 0 or NaN with a RangeError", () => {
    for (const timeoutMs of [0, -1, Number.NaN]) {
      expect(() =>
        createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token", timeoutMs }),
      ).toThrow(RangeError);
    }
    expect(() =>
      createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token", timeoutMs: 0 }),
    ).toThrow(/timeoutMs must be a number of milliseconds above 0 \(Infinity for none\); got 0$/);
  });

  test("createMerchantPaymentsClient refuses a maxRetries below 0, fractional or NaN (which would retry forever)", () => {
    for (const maxRetries of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() =>
        createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token", maxRetries }),
      ).toThrow(/maxRetries must be a whole number/);
    }
  });

  test("createMerchantPaymentsClient refuses a backoff delay that is NaN, below 0 or longer than a timer can wait", () => {
    for (const baseDelayMs of [Number.NaN, -1, 2 ** 31]) {
      expect(() =>
        createMerchantPaymentsClient({
          baseUrl: server.baseUrl,
          token: "test-token",
          backoff: { baseDelayMs },
        }),
      ).toThrow(RangeError);
    }
  });

  test("a per-call timeoutMs or maxRetries that is out of range rejects with a RangeError and sends nothing", async () => {
    answerOk();
    const c = createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token" });
    for (const o of [
      { timeoutMs: 0 },
      { timeoutMs: -5 },
      { maxRetries: -1 },
      { maxRetries: Number.NaN },
      // null is a value given, not the client's default
      { timeoutMs: null as unknown as number },
      { maxRetries: null as unknown as number },
    ]) {
      const err = await failureOf(c.getTransaction(lookup, o));
      expect(err).toBeInstanceOf(RangeError);
      expect(err.message).toMatch(/^getTransaction: (timeoutMs|maxRetries) must be .*; got /);
    }
    expect(server.received).toHaveLength(0);
  });

  test("an acceptLanguage that is empty or holds a newline is a TypeError at once, not a retried ConnectionError", async () => {
    answerOk();
    for (const acceptLanguage of ["", "en\r\nX-Injected: 1", "fr€"]) {
      expect(() =>
        createMerchantPaymentsClient({
          baseUrl: server.baseUrl,
          token: "test-token",
          acceptLanguage,
        }),
      ).toThrow(/acceptLanguage must be/);
    }
    const c = createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token" });
    const err = await failureOf(c.getTransaction(lookup, { acceptLanguage: "en\n" }));
    expect(err).toBeInstanceOf(TypeError);
    expect(server.received).toHaveLength(0);
    await c.getTransaction(lookup, { acceptLanguage: "en-US, fr;q=0.5" });
    expect(server.received[0]?.headers["accept-language"]).toBe("en-US, fr;q=0.5");
  });

  test("maxRetries 0 makes exactly one attempt", async () => {
    server.handle((_req, res) => json(res, 503, { title: "Unavailable" }));
    const c = createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: "test-token",
      maxRetries: 0,
    });
    await failureOf(c.getTransaction(lookup));
    expect(server.received).toHaveLength(1);
  });
});

describe("a numeric userId", () => {
  test("beyond 2^53 is a RequestValidationError (its digits are already lost), listed with the other violations, nothing sent", async () => {
    answerOk();
    const c = createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token" });
    const err = await failureOf(
      c.getMerchantUser({ merchantAccountNumber: 1, userId: Number("9007199254740993") }),
    );
    expect(err).toBeInstanceOf(RequestValidationError);
    const paths = (err as RequestValidationError).issues.map((i) => i.path);
    expect(paths).toContain("/userId");
    expect(paths).toContain("/merchantAccountNumber");
    expect(server.received).toHaveLength(0);
  });

  test("that is NaN, Infinity or fractional is a RequestValidationError", async () => {
    answerOk();
    const c = createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token" });
    for (const userId of [Number.NaN, Number.POSITIVE_INFINITY, 1.5]) {
      const err = await failureOf(c.getMerchantUser({ merchantAccountNumber: 12345678, userId }));
      expect((err as RequestValidationError).issues).toEqual([
        { path: "/userId", message: expect.stringContaining("pass a bigger id as a string") },
      ]);
    }
    expect(server.received).toHaveLength(0);
  });

  test("up to 2^53 - 1 is sent as its exact digits", async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const c = createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "test-token" });
    await c.getMerchantUser({ merchantAccountNumber: 12345678, userId: Number.MAX_SAFE_INTEGER });
    expect(JSON.parse(server.received[0]?.body ?? "{}").userId).toBe("9007199254740991");
  });
});
