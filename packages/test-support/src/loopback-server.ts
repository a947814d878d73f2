import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A request the loopback server received, body fully read. */
export interface ReceivedRequest {
  /** HTTP method as Node read it, upper case, e.g. `POST`. */
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** Request headers, lower-case names. */
  headers: IncomingMessage["headers"];
  /** The body, decoded as UTF-8. */
  body: string;
}

/** Decides the answer to the n-th request (0-based). */
export type RequestHandler = (
  request: ReceivedRequest,
  response: ServerResponse,
  n: number,
) => void;

/** A real `node:http` server on a free loopback port whose answers each test scripts. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** The free loopback port the system chose for it. */
  readonly port: number;
  /** Every request received since the last `handle()`. */
  readonly received: ReceivedRequest[];
  /** Sets the handler for the following requests and clears `received`. */
  handle(handler: RequestHandler): void;
  /** Destroys open sockets and stops listening. */
  close(): Promise<void>;
  /** The underlying `node:http` server, listening on 127.0.0.1 (e.g. for `connection` listeners of a test). */
  readonly server: Server;
}

/** Sends `body` as JSON with `status` (and extra headers). */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** Starts a loopback server; until `handle()` is called it answers 500 "no handler". */
export async function startLoopbackServer(initial?: RequestHandler): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  let handler: RequestHandler =
    initial ??
    ((_request, response) => {
      response.writeHead(500);
      response.end("no handler");
    });
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: ReceivedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(request);
      handler(request, res, received.length - 1);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    received,
    server,
    handle(next) {
      handler = next;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
