// The client tests' loopback server: `useTestServer()` starts one shared server per test file, built on
// @merchant-payments/test-support's startLoopbackServer.
import type { ServerResponse } from "node:http";
import {
  type LoopbackServer,
  type ReceivedRequest,
  type RequestHandler,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll } from "vitest";

/** A request the test server received, body fully read. */
export type Received = ReceivedRequest;

/** Decides the answer to the n-th request (0-based). */
type Handler = RequestHandler;

/** A real node:http server on a free loopback port whose answers each test scripts. */
export type TestServer = Pick<LoopbackServer, "baseUrl" | "port" | "received" | "handle" | "close">;

/** Sends a JSON answer; with the header `x-raw: 1` a string body is sent as is (not JSON-encoded). */
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

/** Starts a loopback server (answers 500 until a test sets a handler). */
function startServer(): Promise<TestServer> {
  return startLoopbackServer();
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
