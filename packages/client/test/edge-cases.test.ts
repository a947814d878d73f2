import { describe, expect, test } from "vitest";
import {
  ConnectionError,
  type RateLimitError,
  ServerError,
  UnexpectedResponseError,
} from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };
const webhook = {
  merchantAccountNumber: 12345678,
  eventCode: "payment.success",
  deletedBy: "a@b.co",
};
const client = (extra = {}) => testClient(server, { token: "edge-case-access-token", ...extra });

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe("unusual answers", () => {
  test("a 200 with an empty body is an UnexpectedResponseError, not a crash or undefined", async () => {
    server.handle((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    const err = await failureOf(client().getTransaction(lookup));
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect((err as UnexpectedResponseError).status).toBe(200);
  });

  test("an empty 204 to the webhook delete is an UnexpectedResponseError: the spec declares a JSON 200", async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client().deleteWebhookSubscription(webhook)).rejects.toMatchObject({
      name: "UnexpectedResponseError",
      status: 204,
      mayHaveBeenProcessed: true,
    });
  });

  test("a 502 HTML page is a ServerError carrying the page, retried for a lookup", async () => {
    const page = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    server.handle((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(page);
    });
    const err = await failureOf(client({ maxRetries: 1 }).getTransaction(lookup));
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).body).toBe(page);
    expect(server.received).toHaveLength(2);
  });

  test("a 429 without Retry-After is retried with backoff", async () => {
    server.handle((_req, res, n) =>
      n === 0 ? json(res, 429, { title: "Too Many Requests" }) : json(res, 200, {}),
    );
    await client().getTransaction(lookup);
    expect(server.received).toHaveLength(2);
  });

  test("a Retry-After HTTP date in the past retries at once", async () => {
    server.handle((_req, res, n) =>
      n === 0
        ? json(
            res,
            429,
            { title: "Too Many Requests" },
            { "retry-after": new Date(0).toUTCString() },
          )
        : json(res, 200, {}),
    );
    const err = await failureOf(client({ maxRetries: 0 }).getTransaction(lookup));
    expect((err as RateLimitError).retryAfterMs).toBe(0);
    await client({ backoff: { maxRetryAfterMs: 0 } }).getTransaction(lookup);
    expect(server.received).toHaveLength(2);
  });

  test("a fetch that throws a non-Error value gives a ConnectionError", async () => {
    const err = await failureOf(
      client({
        maxRetries: 0,
        fetch: () => Promise.reject("boom"),
      }).getTransaction(lookup),
    );
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).cause).toBe("boom");
  });
});

describe("sharing one client", () => {
  test("concurrent calls each get their own answer and headers", async () => {
    server.handle((req, res) =>
      json(res, 200, {
        transactionReferenceNumber: JSON.parse(req.body).transactionReferenceNumber,
      }),
    );
    const c = client({ token: async () => "edge-case-access-token" });
    const refs = Array.from({ length: 25 }, (_, i) => `TXN-${i}`);
    const results = await Promise.all(
      refs.map((ref, i) =>
        c.getTransaction(
          { ...lookup, transactionReferenceNumber: ref },
          { acceptLanguage: i % 2 ? "fr" : "en" },
        ),
      ),
    );
    expect(results.map((r) => r.transactionReferenceNumber)).toEqual(refs);
    for (const r of server.received) {
      const i = Number(JSON.parse(r.body).transactionReferenceNumber.slice(4));
      expect(r.headers["accept-language"]).toBe(i % 2 ? "fr" : "en");
    }
  });
});
