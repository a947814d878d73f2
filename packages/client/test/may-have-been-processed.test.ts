import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { getFreePort } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ApiError,
  ConnectionError,
  createMerchantPaymentsClient,
  type DisbursementBatch,
  type MerchantPaymentsError,
  RedirectError,
  RequestValidationError,
  ServerError,
  TimeoutError,
  TokenError,
  type Transport,
  UnexpectedResponseError,
} from "../src/index.js";
import { nodeTransport } from "../src/transport/node.js";
import { testClient } from "./helpers/client.js";
import { example } from "./helpers/fixtures.js";

const TOKEN = "processed-test-token-7Hq2";
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };

/** A real node:http server that counts every request it begins to receive and lets each test act on it mid-body. */
interface CountingServer {
  baseUrl: string;
  /** Requests begun (headers read), whatever happened to their body. */
  begun: number;
  /** Requests whose whole body arrived. */
  completed: number;
  /** Called with each request as soon as its headers are read. */
  onRequest: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

async function countingServer(): Promise<CountingServer> {
  const sockets = new Set<Socket>();
  const state: CountingServer = {
    baseUrl: "",
    begun: 0,
    completed: 0,
    onRequest: (_req, res) => {
      res.writeHead(500);
      res.end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    state.begun++;
    req.on("end", () => state.completed++);
    state.onRequest(req, res);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A TCP server that accepts connections and never says a word: a TLS handshake with it never completes. */
async function silentTcpServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((s) => {
    sockets.add(s);
    s.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers once the whole body is read. */
const afterBody =
  (answer: (res: ServerResponse) => void) => (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => answer(res));
  };
const send = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

let server: CountingServer;
beforeAll(async () => {
  server = await countingServer();
});
afterAll(() => server?.close());

const fast = { baseDelayMs: 1, maxDelayMs: 2 };
const client = (extra: Record<string, unknown> = {}) =>
  testClient(server, { token: TOKEN, maxRetries: 0, backoff: fast, ...extra });
async function failure(
  p: Promise<unknown>,
): Promise<MerchantPaymentsError & Record<string, unknown>> {
  const err = await p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  return err as MerchantPaymentsError & Record<string, unknown>;
}
function reset() {
  server.begun = 0;
  server.completed = 0;
}

describe("mayHaveBeenProcessed is false when the service certainly did not act", () => {
  test("a RequestValidationError: nothing was sent", async () => {
    reset();
    const err = await failure(client().getTransaction({ merchantAccountNumber: 1 } as never));
    expect(err).toBeInstanceOf(RequestValidationError);
    expect(err.mayHaveBeenProcessed).toBe(false);
    expect(server.begun).toBe(0);
  });

  test("a TokenError: nothing was sent", async () => {
    reset();
    const err = await failure(
      client({
        token: () => {
          throw new Error("vault down");
        },
      }).getTransaction(lookup),
    );
    expect(err).toBeInstanceOf(TokenError);
    expect(err.mayHaveBeenProcessed).toBe(false);
    expect(server.begun).toBe(0);
  });

  test("an invalid per-call option is a RangeError or TypeError with mayHaveBeenProcessed false, nothing sent", async () => {
    reset();
    const range = await failure(client().getTransaction(lookup, { timeoutMs: -1 }));
    expect(range).toBeInstanceOf(RangeError);
    expect(range.mayHaveBeenProcessed).toBe(false);
    const type = await failure(
      client().getTransaction(lookup, { headers: { Authorization: "Bearer other-token" } }),
    );
    expect(type).toBeInstanceOf(TypeError);
    expect(type.mayHaveBeenProcessed).toBe(false);
    expect(server.begun).toBe(0);
  });

  test("an invalid base URL is a TypeError at creation, with mayHaveBeenProcessed false", () => {
    let err: unknown;
    try {
      createMerchantPaymentsClient({ baseUrl: "not a url", token: TOKEN });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TypeError);
    expect((err as { mayHaveBeenProcessed: boolean }).mayHaveBeenProcessed).toBe(false);
  });

  test("a DNS failure is a ConnectionError with requestSent none, retried even for the batch", async () => {
    let calls = 0;
    const c = createMerchantPaymentsClient({
      baseUrl: "http://merchant-payments.invalid/v1",
      token: TOKEN,
      maxRetries: 2,
      backoff: fast,
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    const err = await failure(
      c.submitDisbursementBatch(example<DisbursementBatch>("DisbursementBatchScheduled")),
    );
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.requestSent).toBe("none");
    expect(err.mayHaveBeenProcessed).toBe(false);
    expect(calls).toBe(3);
  });

  test("a refused connection is a ConnectionError with mayHaveBeenProcessed false", async () => {
    const port = await getFreePort();
    const err = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}` }).getTransaction(lookup),
    );
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.requestSent).toBe("none");
    expect(err.mayHaveBeenProcessed).toBe(false);
  });

  test.each([400, 401, 403, 404, 409, 422, 429])(
    "a %i answer is an ApiError with mayHaveBeenProcessed false",
    async (status) => {
      server.onRequest = afterBody((res) => send(res, status, { title: "refused", status }));
      const err = await failure(client().getTransaction(lookup));
      expect(err).toBeInstanceOf(ApiError);
      expect(err.mayHaveBeenProcessed).toBe(false);
    },
  );

  test("a timeout before any byte was sent (no connection yet) says requestSent none and is retried for the batch", async () => {
    const silent = await silentTcpServer();
    try {
      const c = createMerchantPaymentsClient({
        baseUrl: `https://127.0.0.1:${silent.port}/v1`,
        token: TOKEN,
        transport: nodeTransport,
        timeoutMs: 150,
        maxRetries: 1,
        backoff: fast,
      });
      const err = await failure(
        c.submitDisbursementBatch(example<DisbursementBatch>("DisbursementBatchScheduled")),
      );
      expect(err).toBeInstanceOf(TimeoutError);
      expect(err.requestSent).toBe("none");
      expect(err.mayHaveBeenProcessed).toBe(false);
      expect(err.message).toContain("before anything was sent");
    } finally {
      await silent.close();
    }
  });
});

describe("mayHaveBeenProcessed is true when the service may have acted", () => {
  test.each([500, 502, 503, 504])(
    "a %i answer is a ServerError with mayHaveBeenProcessed true",
    async (status) => {
      server.onRequest = afterBody((res) => send(res, status, { title: "down", status }));
      const err = await failure(client().getTransaction(lookup));
      expect(err).toBeInstanceOf(ServerError);
      expect(err.mayHaveBeenProcessed).toBe(true);
    },
  );

  test("an unreadable 2xx is an UnexpectedResponseError with mayHaveBeenProcessed true and the request id", async () => {
    server.onRequest = afterBody((res) => {
      res.writeHead(200, { "content-type": "text/html", "x-request-id": "html-1" });
      res.end("<html>login</html>");
    });
    const err = await failure(client().getTransaction(lookup));
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(err.mayHaveBeenProcessed).toBe(true);
    expect(err.requestId).toBe("html-1");
  });

  test("a reset after the whole request was read is a ConnectionError with mayHaveBeenProcessed true", async () => {
    server.onRequest = afterBody((res) => res.socket?.destroy());
    const err = await failure(client().getTransaction(lookup));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.mayHaveBeenProcessed).toBe(true);
  });

  test.each([
    ["fetch", undefined],
    ["node", nodeTransport],
  ] as const)(
    "a timeout after the whole request was sent is a TimeoutError with mayHaveBeenProcessed true (%s transport)",
    async (_name, transport) => {
      server.onRequest = afterBody(() => {});
      const err = await failure(client({ timeoutMs: 150, transport }).getTransaction(lookup));
      expect(err).toBeInstanceOf(TimeoutError);
      expect(err.mayHaveBeenProcessed).toBe(true);
      expect(err.requestSent).not.toBe("none");
      if (transport) expect(err.requestSent).toBe("complete");
    },
  );

  test("a timeout while the answer's body stalls carries that answer's request id", async () => {
    server.onRequest = afterBody((res) => {
      res.writeHead(200, { "content-type": "application/json", "x-request-id": "stalled-1" });
      res.write('{"transactionReferenceNumber":');
    });
    const err = await failure(client({ timeoutMs: 150 }).getTransaction(lookup));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.requestSent).toBe("complete");
    expect(err.requestId).toBe("stalled-1");
    expect(err.mayHaveBeenProcessed).toBe(true);
  });
});

/** A valid batch of `count` disbursements (about 200 bytes each). */
function bigBatch(count: number): DisbursementBatch {
  const base = example<DisbursementBatch>("DisbursementBatchScheduled");
  const item = base.transactions[0];
  return {
    ...base,
    transactions: Array.from({ length: count }, (_, i) => ({
      ...item,
      sourceReferenceNumber: `PAY-${i}`,
    })) as DisbursementBatch["transactions"],
  };
}

describe.each([
  ["fetch", undefined],
  ["node", nodeTransport],
] as const)(
  "a disbursement batch is sent at most once with maxRetries 5 (%s transport)",
  (_name, transport) => {
    const batchClient = (extra: Record<string, unknown> = {}) =>
      client({ maxRetries: 5, transport, ...extra });
    const cases: [
      string,
      (req: IncomingMessage, res: ServerResponse) => void,
      abstract new (...args: never[]) => Error,
    ][] = [
      [
        "a 307 redirect",
        afterBody((res) => {
          res.writeHead(307, { location: "http://127.0.0.1:1/elsewhere" });
          res.end();
        }),
        RedirectError,
      ],
      [
        "a 503",
        afterBody((res) => send(res, 503, { title: "down" }, { "retry-after": "0" })),
        ServerError,
      ],
      [
        "a 429",
        afterBody((res) => send(res, 429, { title: "slow down" }, { "retry-after": "0" })),
        ApiError,
      ],
      ["a timeout", afterBody(() => {}), TimeoutError],
      ["a reset after the upload", afterBody((res) => res.socket?.destroy()), ConnectionError],
      [
        "a reset in the middle of the upload",
        (req) => req.once("data", () => req.socket.destroy()),
        ConnectionError,
      ],
    ];

    test.each(cases)("under %s", async (what, handler, ErrorClass) => {
      reset();
      server.onRequest = handler;
      // A timeout that expires only where the case is the timeout, and only once the batch is uploaded (its server
      // never answers; on a busy machine 300 ms could pass before the upload began); elsewhere it bounds a hang.
      const timeoutMs = what === "a timeout" ? 3_000 : 30_000;
      const err = await failure(
        batchClient({ timeoutMs }).submitDisbursementBatch(bigBatch(10_000)),
      );
      expect(err).toBeInstanceOf(ErrorClass);
      expect(err.mayHaveBeenProcessed).toBe(
        !(err instanceof RedirectError) && !(err instanceof ApiError && err.status < 500),
      );
      expect(server.begun).toBe(1);
      if (what.includes("middle")) expect(server.completed).toBe(0);
    });
  },
);

describe("a custom transport's failure is classified the same way", () => {
  test("requestSent none from a transport makes the batch retry; unknown does not", async () => {
    const { TransportFailure } = await import("../src/transport/index.js");
    let calls = 0;
    const failing =
      (sent: "none" | "unknown"): Transport =>
      async () => {
        calls++;
        throw new TransportFailure(sent, new Error("socket closed"));
      };
    const batch = example<DisbursementBatch>("DisbursementBatchScheduled");
    const none = await failure(
      client({ maxRetries: 3, transport: failing("none") }).submitDisbursementBatch(batch),
    );
    expect(none.mayHaveBeenProcessed).toBe(false);
    expect(calls).toBe(4);
    calls = 0;
    const unknown = await failure(
      client({ maxRetries: 3, transport: failing("unknown") }).submitDisbursementBatch(batch),
    );
    expect(unknown.mayHaveBeenProcessed).toBe(true);
    expect(calls).toBe(1);
  });
});
