import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll } from "vitest";

/** A request the test server received, body fully read. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** Decides the answer to the n-th request (0-based). */
export type Handler = (req: Received, res: ServerResponse, n: number) => void;

/** A real node:http server on a free loopback port whose answers each test scripts. */
export interface TestServer {
  baseUrl: string;
  port: number;
  received: Received[];
  /** Sets the handler for the following requests and clears `received`. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Sends a JSON answer. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = typeof body === "string" && headers["x-raw"] === "1" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

export async function startServer(): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let handler: Handler = (_req, res) => {
    res.writeHead(500);
    res.end("no handler");
  };
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(r);
      handler(r, res, received.length - 1);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    received,
    handle(h) {
      handler = h;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts a test server before the file's tests and closes it after them; the handle it returns reaches that server
 * (use it inside tests and hooks only: before the server starts, touching it throws).
 */
export function useTestServer(): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(() => started?.close());
  const live = (): TestServer => {
    if (!started)
      throw new Error("the test server is not started yet (use it inside a test or hook)");
    return started;
  };
  return {
    get baseUrl() {
      return live().baseUrl;
    },
    get port() {
      return live().port;
    },
    get received() {
      return live().received;
    },
    handle: (handler) => live().handle(handler),
    close: () => live().close(),
  };
}

/** A loopback port with nothing listening on it (connecting gets ECONNREFUSED). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
