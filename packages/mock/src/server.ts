// The one node:http server of the mock and the proxy: its limits and timeouts, and the request pipeline
// (pipeline/): check head → read body → inspect → check body → fault → answer. Each stage gives the next its
// input or stops the request; every refusal is a problem of the catalog (problems.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createBodyInspector } from "./body-inspector.js";
import { DEFAULT_CHECKS, type RequestCheck } from "./checks.js";
import { corsHeaders } from "./cors.js";
import { createFaultPlan, type FaultOptions } from "./faults.js";
import type { RequestLimits } from "./limits.js";
import type { Logger } from "./logger.js";
import type { CheckedRequest } from "./pipeline/answer.js";
import { pipe } from "./pipeline/pipe.js";
import { refuseParseError } from "./pipeline/refuse.js";
import type { Answer, Refusal } from "./problems.js";
import { operationMatcher, type SpecSource } from "./spec-source.js";

/** How long an idle keep-alive connection stays open, in milliseconds (sent as `Keep-Alive: timeout=60`). */
export const KEEP_ALIVE_MS = 60_000;

/** Options of `createSpecServer`. */
export interface SpecServerOptions {
  /** The loaded spec (the `spec` option's file, else the bundled one): operations matched and validated against. */
  spec: SpecSource;
  /** The limits (body and head bytes, JSON depth, timeouts): the `limits` option over `resolveLimits`' defaults. */
  limits: RequestLimits;
  /** The request checks, in order; default DEFAULT_CHECKS. */
  checks?: readonly RequestCheck[];
  /** Faults to inject; default none (a `Prefer: fault=…` header still forces one). */
  faults?: FaultOptions;
  /** The answer to a request that passed the checks. */
  answer(request: CheckedRequest): Promise<Answer>;
  /** Where the server logs (never bodies). */
  logger: Logger;
  /** Told of every request a stage refused before `answer`, with its operation's id if it matched one (the proxy records it); default none. */
  onRefused?: (req: IncomingMessage, refusal: Refusal, operationId?: string) => void;
  /** Whether a request a `body` check refused is answered by `answer` all the same (`CheckedRequest.refusal`); default never. */
  answersRefused?: (req: IncomingMessage) => boolean;
  /** Keep the body's bytes for `answer` (the proxy forwards them); default false (a large body moves to a worker). */
  keepBodies?: boolean;
}

/** A listening spec server. */
export interface SpecServer {
  /** The underlying node:http server, built with the limits' timeouts and head size; `listen` and `close` drive it. */
  server: Server;
  /** Listens on `port` (0: any free port) and `host`; resolves with the port. */
  listen(port: number, host: string): Promise<number>;
  /** Stops accepting, ends every connection and worker; resolves once the port is free. */
  close(): Promise<void>;
}

/** Creates the server (not yet listening). */
export function createSpecServer(options: SpecServerOptions): SpecServer {
  const { spec, limits, logger } = options;
  const checks = options.checks ?? DEFAULT_CHECKS;
  const cors = corsHeaders(spec);
  const inspector = createBodyInspector(spec, { maxDepth: limits.maxDepth });
  const handle = pipe({
    spec,
    limits,
    logger,
    cors,
    findOperation: operationMatcher(spec),
    headChecks: checks.filter((c) => c.stage === "head"),
    bodyChecks: checks.filter((c) => c.stage === "body"),
    inspector,
    faultFor: createFaultPlan(options.faults),
    keepBodies: options.keepBodies ?? false,
    answer: options.answer,
    ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    ...(options.answersRefused ? { answersRefused: options.answersRefused } : {}),
  });

  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      // The body has its own timer (bodyTimeoutMs, answered 408); this is only a backstop.
      requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + 60_000,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      // An idle connection stays open a minute: a client whose event loop lags (a test process busy building the next
      // request) must not send a POST on a socket the mock is closing that instant, which the client sees as a reset
      // connection (ECONNRESET) and may not retry. Node's 5 s default made that race common on a loaded machine.
      keepAliveTimeout: KEEP_ALIVE_MS,
    },
    (req: IncomingMessage, res: ServerResponse) => void handle(req, res),
  );

  // Requests Node's parser refuses (a head too large or too slow, a broken request line or header) get a
  // problem too, written straight to the socket.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) =>
    refuseParseError(spec, socket, error, limits, cors.always as Record<string, string>),
  );

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.once("error", onError);
        server.listen({ port, host, exclusive: true }, () => {
          server.off("error", onError);
          resolve((server.address() as AddressInfo).port);
        });
      });
    },
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
        inspector.close(),
      ]);
    },
  };
}
