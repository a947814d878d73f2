import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, test, vi } from "vitest";
import * as api from "../src/index.js";
import {
  type AuthenticationError,
  ConnectionError,
  clientDefaults,
  createMerchantPaymentsClient,
  RateLimitError,
  ServerError,
  TokenError,
} from "../src/index.js";
import { createRawClient } from "../src/raw.js";
import { testClient } from "./helpers/client.js";
import { failure } from "./helpers/rejection.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.aGFyZGVuaW5nLXRva2Vu.SIGNATURE-kept-secret";
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };
const client = (extra: Record<string, unknown> = {}) =>
  testClient(server, { token: TOKEN, maxRetries: 0, ...extra });
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
};
const tmp = mkdtempSync(join(tmpdir(), "client-hardening-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the base URL is parsed as a URL", () => {
  test("keeps a query of the base URL after the operation's path", async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client({ baseUrl: `${server.baseUrl}/sandbox/v1?tenant=a` }).getTransaction(lookup);
    expect(server.received[0]?.url).toBe("/sandbox/v1/collections/getTransaction?tenant=a");
  });

  test("drops trailing slashes of the path without doubling any", async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client({ baseUrl: `${server.baseUrl}/sandbox/v1/` }).getTransaction(lookup);
    expect(server.received[0]?.url).toBe("/sandbox/v1/collections/getTransaction");
  });

  test("refuses a fragment with a TypeError instead of silently dropping the path after it", () => {
    const err = thrown(() => client({ baseUrl: `${server.baseUrl}/#/sandbox/v1` }));
    expect(err).toBeInstanceOf(TypeError);
    expect(String(err)).toContain("fragment");
  });

  test.each([" ", "\n", "\t"])(
    "refuses surrounding or inner whitespace (%j) with a TypeError at creation, not a retried ConnectionError",
    (space) => {
      for (const baseUrl of [
        `${space}${server.baseUrl}`,
        `${server.baseUrl}/v1${space}`,
        `${server.baseUrl}/s${space}x`,
      ]) {
        const err = thrown(() => client({ baseUrl, maxRetries: 5 }));
        expect(err).toBeInstanceOf(TypeError);
        expect((err as { mayHaveBeenProcessed: boolean }).mayHaveBeenProcessed).toBe(false);
      }
    },
  );

  test("refuses a relative URL, another scheme or credentials in it with a TypeError", () => {
    for (const baseUrl of ["/v1", "ftp://example.com/v1", "https://user:pass@example.com/v1"]) {
      expect(() => client({ baseUrl })).toThrow(TypeError);
    }
    // The message names the fix and an example, never the URL itself (it may hold a password).
    expect(() => client({ baseUrl: "https://user:s3cr3t-pw@example.com/v1" })).toThrow(
      /^createMerchantPaymentsClient: baseUrl must not hold credentials \(use token\), e\.g\. "https:\/\/api\.example\.com\/sandbox\/v1"$/,
    );
  });
});

describe("options are checked once, at creation", () => {
  test("a fetch or transport that is not a function is a TypeError at creation, not a ConnectionError later", () => {
    expect(() => client({ fetch: "fetch" })).toThrow(TypeError);
    expect(() => client({ fetch: "fetch" })).toThrow(/fetch must be a function .*; got "fetch"$/);
    expect(() => client({ transport: {} })).toThrow(TypeError);
    expect(() => client({ transport: {} })).toThrow(/transport must be a function .*; got \{\}$/);
  });
});

describe("error names are stated by each class", () => {
  test("every error class has its own name, also in a minified bundle", async () => {
    const out = await build({
      entryPoints: [join(__dirname, "..", "src", "index.ts")],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      write: false,
      logLevel: "silent",
    });
    const file = join(tmp, "minified.mjs");
    writeFileSync(file, out.outputFiles[0]?.text ?? "");
    const minified = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const classes = Object.keys(api).filter((name) => name.endsWith("Error"));
    expect(classes.length).toBeGreaterThan(10);
    for (const name of classes) {
      const Class = minified[name] as { prototype: Error; name: string };
      expect(Class.prototype.name, name).toBe(name);
    }
    server.handle((_req, res) => json(res, 429, { title: "Too Many Requests" }));
    const create = minified.createMerchantPaymentsClient as typeof createMerchantPaymentsClient;
    const err = (await failure(
      create({ baseUrl: server.baseUrl, token: TOKEN, maxRetries: 0 }).getTransaction(lookup),
    )) as Error;
    expect(err.name).toBe("RateLimitError");
    expect(String(err)).toMatch(/^RateLimitError: /);
  });
});

describe("the token never leaks", () => {
  test("not through a ConnectionError's cause when a custom fetch quotes the request headers", async () => {
    const c = client({
      fetch: async (_url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get("authorization");
        const inner = Object.assign(new Error(`write failed; sent Authorization: ${auth}`), {
          code: "ECONNRESET",
          request: { headers: init.headers, copy: new Headers(init.headers) },
        });
        throw new TypeError(`fetch failed for ${auth}`, { cause: inner });
      },
    });
    const err = (await failure(c.getTransaction(lookup))) as ConnectionError;
    expect(err).toBeInstanceOf(ConnectionError);
    for (const text of [
      inspect(err, { depth: 20 }),
      err.message,
      JSON.stringify(err),
      String(err.stack),
    ]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain("SIGNATURE-kept-secret");
    }
    expect(inspect(err, { depth: 20 })).toContain("[redacted]");
    expect((err.cause as Error).message).toBe("fetch failed for Bearer [redacted]");
    expect(((err.cause as Error).cause as { code: string }).code).toBe("ECONNRESET");
  });

  test("a cause without the token is kept as it is", async () => {
    const cause = new TypeError("fetch failed");
    const err = (await failure(
      client({ fetch: () => Promise.reject(cause) }).getTransaction(lookup),
    )) as ConnectionError;
    expect(err.cause).toBe(cause);
  });

  test("a partial token echoed back is redacted from the error", async () => {
    server.handle((req, res) => {
      const token = String(req.headers.authorization).slice("Bearer ".length);
      json(
        res,
        401,
        {
          title: "Unauthorized",
          detail: `token ${token.slice(0, 24)}… is expired; ends with ${token.slice(-16)}`,
        },
        { "x-token-hint": token.slice(10, 40) },
      );
    });
    const err = (await failure(client().getTransaction(lookup))) as AuthenticationError;
    const shown = [inspect(err, { depth: 10 }), JSON.stringify(err), err.message].join("\n");
    for (const fragment of [
      TOKEN.slice(0, 24),
      TOKEN.slice(-16),
      TOKEN.slice(10, 40),
      TOKEN.slice(5, 20),
    ]) {
      expect(shown).not.toContain(fragment);
    }
    expect(err.problem?.detail).toBe("token [redacted]… is expired; ends with [redacted]");
  });

  test("set-cookie is dropped from an error's headers", async () => {
    server.handle((_req, res) =>
      json(
        res,
        401,
        { title: "Unauthorized" },
        { "set-cookie": "session=s3cr3t; HttpOnly", "x-request-id": "r-1" },
      ),
    );
    const err = (await failure(client().getTransaction(lookup))) as AuthenticationError;
    expect(err.headers["set-cookie"]).toBeUndefined();
    expect(err.headers["x-request-id"]).toBe("r-1");
    expect(JSON.stringify(err)).not.toContain("s3cr3t");
  });

  test("a token shorter than 8 characters is refused: a TypeError at creation, a TokenError from a token function", async () => {
    for (const token of ["a", "t", "1234567"]) {
      expect(() => client({ token })).toThrow(TypeError);
    }
    expect(() => client({ token: "12345678" })).not.toThrow();
    server.handle((_req, res) => json(res, 200, {}));
    const err = await failure(client({ token: () => "short" }).getTransaction(lookup));
    expect(err).toBeInstanceOf(TokenError);
    expect(server.received).toHaveLength(0);
  });
});

describe("smaller fixes", () => {
  test("raw honours timeoutMs", async () => {
    server.handle(() => {});
    const raw = createRawClient({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs: 500 });
    const err = await failure(raw.POST("/collections/getTransaction", { body: lookup }));
    expect(err).toBeInstanceOf(Error);
    // The server (in this process) may read the request after the client gave up: wait for it, so that it was sent
    // and does not land in the next test.
    await vi.waitFor(() => expect(server.received).toHaveLength(1));
  });

  test("raw never follows a redirect: the 3xx comes back as its response", async () => {
    server.handle((_req, res) => {
      res.writeHead(307, { location: `${server.baseUrl}/elsewhere` });
      res.end();
    });
    const raw = createRawClient({ baseUrl: server.baseUrl, token: TOKEN });
    const { response } = await raw.POST("/collections/getTransaction", { body: lookup });
    expect(response.status).toBe(307);
    expect(server.received).toHaveLength(1);
  });

  test("the beneficiaryAccountNumber digits come from the top-level field, not a nested one of the same name", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        '{"transactionReferenceNumber":"T","previous":{"beneficiaryAccountNumber":5,"note":"x"},"beneficiaryAccountNumber":98765432109876543210}',
      );
    });
    const tx = await client().getTransaction(lookup);
    expect(tx.beneficiaryAccountNumber).toBe("98765432109876543210");
  });

  test("a 501 is not retried, even for a safe operation", async () => {
    server.handle((_req, res) => json(res, 501, { title: "Not Implemented" }));
    const err = await failure(client({ maxRetries: 3 }).getTransaction(lookup));
    expect(err).toBeInstanceOf(ServerError);
    expect(server.received).toHaveLength(1);
  });

  test("Retry-After: -1 is ignored, not read as a date", async () => {
    server.handle((_req, res) =>
      json(res, 429, { title: "Too Many Requests" }, { "retry-after": "-1" }),
    );
    const err = (await failure(client().getTransaction(lookup))) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBeUndefined();
    expect(api.isRetryableStatus(429)).toBe(true);
  });

  test("the client's defaults are stated once, in clientDefaults", async () => {
    expect(clientDefaults).toMatchObject({
      acceptLanguage: "en",
      timeoutMs: 30000,
      maxRetries: 2,
      backoff: { baseDelayMs: 250, maxDelayMs: 8000, maxRetryAfterMs: 60000 },
      logLevel: "off",
    });
    server.handle((_req, res) => json(res, 503, { title: "down" }));
    await failure(
      createMerchantPaymentsClient({
        baseUrl: server.baseUrl,
        token: TOKEN,
        backoff: { baseDelayMs: 1 },
      }).getTransaction(lookup),
    );
    expect(server.received).toHaveLength(1 + clientDefaults.maxRetries);
    expect(server.received[0]?.headers["accept-language"]).toBe(clientDefaults.acceptLanguage);
  });
});

describe("maxResponseBytes", () => {
  test("an answer over the limit is a ResponseTooLargeError whose mayHaveBeenProcessed follows the status", async () => {
    for (const [status, processed] of [
      [200, true],
      [404, false],
      [503, true],
    ] as const) {
      server.handle((_req, res) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.write('{"padding":"');
        res.end(`${"x".repeat(4096)}"}`);
      });
      const err = await failure(client({ maxResponseBytes: 1024 }).getTransaction(lookup));
      expect(err).toBeInstanceOf(api.ResponseTooLargeError);
      expect(err).toMatchObject({
        status,
        maxResponseBytes: 1024,
        mayHaveBeenProcessed: processed,
      });
    }
  });

  test("the default comes from the spec and a limit that is not a whole number above 0 is a RangeError", () => {
    expect(clientDefaults.maxResponseBytes).toBeGreaterThan(1024 * 1024);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(thrown(() => client({ maxResponseBytes: bad }))).toBeInstanceOf(RangeError);
    }
  });
});

describe("content codings", () => {
  test("an empty body marked gzip is an empty body on both transports, not a corrupt coding", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end();
    });
    const err = await failure(client().getTransaction(lookup));
    expect(err).toMatchObject({ name: "UnexpectedResponseError", body: "" });
    expect((err as Error).message).toContain("not valid JSON");
  });
});
