// A real loopback node:http server that runs one stage on each request it receives and keeps the results.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The server of a stage under test. */
export interface StageServer<T> {
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** The port. */
  port: number;
  /** Every stage result so far. */
  results: T[];
  /** Stops the server and its connections. */
  close(): Promise<void>;
}

/** Starts a server whose requests go through `stage`; each result is kept, then the request answered 200 "ok". */
export async function startStageServer<T>(
  stage: (req: IncomingMessage, res: ServerResponse) => T | Promise<T>,
): Promise<StageServer<T>> {
  const results: T[] = [];
  const server = createServer(async (req, res) => {
    results.push(await stage(req, res));
    if (!res.headersSent && !res.destroyed) res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    results,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
