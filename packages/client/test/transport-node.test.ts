// The Node transport on its own terms: what the Node entry chooses, connection reuse and its bound, what it reports
// as sent, content codings. The client's behaviour tests also run through it (the "node-transport" vitest project).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { type LoopbackServer, startLoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createMerchantPaymentsClient, TimeoutError } from "../src/index.node.js";
import { TransportFailure } from "../src/transport/index.js";
import { NODE_MAX_SOCKETS_PER_ORIGIN, nodeTransport } from "../src/transport/node.js";
import { DeadlineExceeded } from "../src/transport/timed.js";
import { example } from "./helpers/fixtures.js";

const lookup = example("GetTransactionRequest") as {
  merchantAccountNumber: number;
  transactionReferenceNumber: string;
};
const transaction = example("TransactionSuccess");

let server: LoopbackServer;
/** Connections the server accepted since the last reset. */
let connections = 0;
/** Answers held by the current test, released after it. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = await startLoopbackServer();
  server.server.on("connection", () => connections++);
});
beforeEach(() => {
  connections = 0;
  for (const res of held.splice(0)) res.destroy();
});
afterAll(async () => {
  for (const res of held.splice(0)) res.destroy();
  await server.close();
});

const answer = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
const client = (options: Partial<Parameters<typeof createMerchantPaymentsClient>[0]> = {}) =>
  createMerchantPaymentsClient({
    baseUrl: server.baseUrl,
    token: "node-transport-token",
    ...options,
  });
const post = (body = "{}") => ({
  method: "POST",
  url: `${server.baseUrl}/collections/getTransaction`,
  headers: { "content-type": "application/json", authorization: "Bearer node-transport-token" },
  body,
});

describe("the Node entry", () => {
  test("sends through the Node transport by default, not through fetch", async () => {
    server.handle((_req, res) => answer(res, 200, transaction));
    await client().getTransaction(lookup);
    // Node's fetch marks every request with sec-fetch-mode; the Node transport sends only the client's headers.
    expect(server.received[0]?.headers["sec-fetch-mode"]).toBeUndefined();
    expect(server.received[0]?.headers.authorization).toBe("Bearer node-transport-token");
  });

  test("still honours a custom fetch: then the fetch transport sends", async () => {
    server.handle((_req, res) => answer(res, 200, transaction));
    const seen: string[] = [];
    const result = await client({
      fetch: (url, init) => {
        seen.push(String(url));
        return fetch(url, init);
      },
    }).getTransaction(lookup);
    expect(result.transactionReferenceNumber).toBe(transaction.transactionReferenceNumber);
    expect(seen).toEqual([`${server.baseUrl}/collections/getTransaction`]);
    expect(server.received[0]?.headers["sec-fetch-mode"]).toBe("cors");
  });
});

describe("connections", () => {
  test("reuses one keep-alive connection for calls made one after another", async () => {
    server.handle((_req, res) => answer(res, 200, transaction));
    const api = client();
    for (let i = 0; i < 5; i++) await api.getTransaction(lookup);
    expect(server.received).toHaveLength(5);
    expect(connections).toBeLessThanOrEqual(1);
  });

  test(`opens at most ${NODE_MAX_SOCKETS_PER_ORIGIN} connections to one origin for 1,000 concurrent calls`, async () => {
    server.handle((_req, res) => answer(res, 200, transaction));
    const api = client();
    const results = await Promise.all(
      Array.from({ length: 1000 }, () => api.getTransaction(lookup)),
    );
    expect(results).toHaveLength(1000);
    expect(server.received).toHaveLength(1000);
    expect(connections).toBeLessThanOrEqual(NODE_MAX_SOCKETS_PER_ORIGIN);
  });

  test("a call still waiting for a free connection when its timeout passes was not sent", async () => {
    // Every connection busy with an answer the server holds: the next call waits in the queue, then times out.
    server.handle((_req, res) => held.push(res));
    const api = client({ maxRetries: 0 });
    const busy = Array.from({ length: NODE_MAX_SOCKETS_PER_ORIGIN }, () =>
      api.getTransaction(lookup, { timeoutMs: 10_000 }).catch((err: unknown) => err),
    );
    while (held.length < NODE_MAX_SOCKETS_PER_ORIGIN) await new Promise((r) => setTimeout(r, 10));
    const error = await api.getTransaction(lookup, { timeoutMs: 50 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ requestSent: "none", mayHaveBeenProcessed: false });
    expect(server.received).toHaveLength(NODE_MAX_SOCKETS_PER_ORIGIN);
    for (const res of held.splice(0)) answer(res, 200, transaction);
    await Promise.all(busy);
  });
});

describe("connections after a failure", () => {
  test("a connection whose attempt timed out is closed, never handed back to the pool", async () => {
    let closed: Promise<void> | undefined;
    server.handle((_req, res) => {
      held.push(res);
      closed = new Promise((resolve) => res.socket?.once("close", () => resolve()));
    });
    const failure = await nodeTransport.within(post(), 50).catch((err: unknown) => err);
    expect((failure as TransportFailure).cause).toBeInstanceOf(DeadlineExceeded);
    // A pooled keep-alive connection would stay open (idle for 4 s): this one closes at once.
    await closed;
    server.handle((_req, res) => answer(res, 200, transaction));
    expect((await nodeTransport.within(post(), 5_000)).status).toBe(200);
  });

  test("a reset on a reused keep-alive connection is never reported as 'none'", async () => {
    server.handle((_req, res) => answer(res, 200, transaction));
    expect((await nodeTransport.within(post(), 5_000)).status).toBe(200);
    server.handle((_req, res) => res.socket?.destroy());
    const failure = await nodeTransport.within(post(), 5_000).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).requestSent).toBe("complete");
    // Both calls went over one connection (the second reused the first's, or one left idle by an earlier test).
    expect(connections).toBeLessThanOrEqual(1);
  });
});

describe("what the Node transport reports", () => {
  test("a timeout after the whole request was written is 'complete' (it may have been processed)", async () => {
    server.handle((_req, res) => held.push(res));
    const error = await client({ maxRetries: 0 })
      .getTransaction(lookup, { timeoutMs: 100 })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ requestSent: "complete", mayHaveBeenProcessed: true });
  });

  test("the timeout covers the body: a body that stalls after the head times out, with the head's request id", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "x-request-id": "req-stalled" });
      res.write('{"transactionReferenceNumber":');
      held.push(res);
    });
    const error = await client({ maxRetries: 0 })
      .getTransaction(lookup, { timeoutMs: 150 })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ requestSent: "complete", requestId: "req-stalled" });
  });

  test("the caller's abort mid-body rejects with the signal's reason", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{");
      held.push(res);
    });
    const controller = new AbortController();
    const reason = new Error("caller stopped");
    setTimeout(() => controller.abort(reason), 50);
    const error = await client()
      .getTransaction(lookup, { signal: controller.signal })
      .catch((err: unknown) => err);
    expect(error).toBe(reason);
  });

  test("a redirect is an answer like any other: nothing is followed", async () => {
    server.handle((_req, res) => {
      res.writeHead(307, { location: `${server.baseUrl}/elsewhere` });
      res.end();
    });
    const response = await nodeTransport.within(post(), 5_000);
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(`${server.baseUrl}/elsewhere`);
    // Nothing went to the Location (a request of an earlier test may still arrive on a busy machine).
    expect(server.received.map((r) => r.url)).toContain("/collections/getTransaction");
    expect(server.received.map((r) => r.url)).not.toContain("/elsewhere");
  });

  test("a deadline is a TransportFailure whose cause is DeadlineExceeded", async () => {
    server.handle((_req, res) => held.push(res));
    const failure = await nodeTransport.within(post(), 50).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).cause).toBeInstanceOf(DeadlineExceeded);
    expect((failure as TransportFailure).requestSent).toBe("complete");
  });

  test("called as a plain Transport, it stops when the request's signal aborts", async () => {
    server.handle((_req, res) => held.push(res));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 50);
    const failure = await nodeTransport({ ...post(), signal: controller.signal }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).cause).toEqual(new Error("stop"));
  });

  test.each([
    ["gzip", gzipSync],
    ["deflate", deflateSync],
    ["deflate", deflateRawSync],
    ["br", brotliCompressSync],
  ] as const)("decodes a %s-encoded answer, as fetch does", async (coding, encode) => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": coding });
      res.end(encode(Buffer.from(JSON.stringify(transaction))));
    });
    for (const api of [client(), client({ fetch: globalThis.fetch })]) {
      const result = await api.getTransaction(lookup);
      expect(result.transactionReferenceNumber).toBe(transaction.transactionReferenceNumber);
    }
  });

  test("reads a header value with bytes outside ASCII as fetch does (one character per byte)", async () => {
    server.handle((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.setHeader("x-request-id", Buffer.from([0x72, 0xe9, 0xff]).toString("latin1"));
      res.end(JSON.stringify(transaction));
    });
    const ids: (string | undefined)[] = [];
    for (const api of [client(), client({ fetch: globalThis.fetch })]) {
      ids.push((await api.getTransaction(lookup).withResponse()).requestId);
    }
    // Whatever bytes Node's server wrote, both transports must read the same characters.
    expect(ids[0]).toMatch(/^r[\u0080-\uffff]+$/);
    expect(ids[0]).toBe(ids[1]);
  });

  test("leaves an answer in a coding it cannot decode as it came, as fetch does", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "x-custom" });
      res.end(JSON.stringify(transaction));
    });
    for (const api of [client(), client({ fetch: globalThis.fetch })]) {
      const result = await api.getTransaction(lookup);
      expect(result.transactionReferenceNumber).toBe(transaction.transactionReferenceNumber);
    }
  });
});

/** A test-only self-signed certificate for 127.0.0.1 (valid until 2126), trusted only where a test says so. */
const TLS_DIR = new URL("./fixtures/tls/", import.meta.url);
const tls = {
  cert: readFileSync(new URL("cert.pem", TLS_DIR)),
  key: readFileSync(new URL("key.pem", TLS_DIR)),
};

describe("https", () => {
  let secure: ReturnType<typeof createHttpsServer>;
  let secureUrl = "";
  let handshakes = 0;
  beforeAll(async () => {
    secure = createHttpsServer(tls, (req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on("end", () => answer(res, 200, transaction, { "x-request-id": "tls-1" }));
    });
    secure.on("secureConnection", () => handshakes++);
    await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
    secureUrl = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    secure.closeAllConnections();
    await new Promise((resolve) => secure.close(resolve));
  });

  test("an untrusted certificate fails with requestSent 'none': nothing was sent", async () => {
    const failure = await nodeTransport
      .within({ ...post(), url: `${secureUrl}/collections/getTransaction` }, 5_000)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).requestSent).toBe("none");
    expect((failure as TransportFailure).cause).toMatchObject({
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
    });
  });

  test("the built Node entry calls an https server over one kept-alive TLS connection", async () => {
    // A child process trusts the test certificate (NODE_EXTRA_CA_CERTS is read at start only).
    const child = `
      const { createMerchantPaymentsClient } = await import(process.env.CLIENT_ENTRY);
      const client = createMerchantPaymentsClient({ baseUrl: process.env.BASE_URL, token: "tls-token", maxRetries: 0 });
      const lookup = JSON.parse(process.env.LOOKUP);
      const out = [];
      for (let i = 0; i < 3; i++) {
        const { data, requestId } = await client.getTransaction(lookup).withResponse();
        out.push([data.transactionReferenceNumber, requestId]);
      }
      process.stdout.write(JSON.stringify(out));
    `;
    handshakes = 0;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ["--input-type=module", "-e", child],
        {
          timeout: 30_000,
          env: {
            ...process.env,
            NODE_OPTIONS: "",
            NODE_EXTRA_CA_CERTS: fileURLToPath(new URL("cert.pem", TLS_DIR)),
            CLIENT_ENTRY: fileURLToPath(new URL("../dist/index.node.js", import.meta.url)),
            BASE_URL: secureUrl,
            LOOKUP: JSON.stringify(lookup),
          },
        },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      ),
    );
    const ref = transaction.transactionReferenceNumber;
    expect(JSON.parse(stdout)).toEqual([
      [ref, "tls-1"],
      [ref, "tls-1"],
      [ref, "tls-1"],
    ]);
    expect(handshakes).toBe(1);
  });
});
