// The one node:http server of the mock and the proxy: limits, timeouts, CORS, the request checks, fault
// injection, then the answer of Prism (mock) or of the upstream (proxy). Every refusal is a problem+json.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { OperationSpec } from "@merchant-payments/spec/model";
import { createBodyInspector } from "./body-inspector.js";
import {
  DEFAULT_CHECKS,
  propertiesToPick,
  type Rejection,
  type RequestCheck,
  type RequestContext,
} from "./checks.js";
import { corsHeaders, REQUEST_ID_HEADER } from "./cors.js";
import { createFaultPlan, type Fault, type FaultOptions } from "./faults.js";
import type { RequestLimits } from "./limits.js";
import type { Logger } from "./logger.js";
import {
  type FieldError,
  PROBLEM_MEDIA_TYPE,
  problemBody,
  problemFor,
  rawProblemResponse,
} from "./problem.js";
import { headerErrors, missingBodyError } from "./request-validation.js";
import { operationMatcher, type SpecSource } from "./spec-source.js";

/** An answer to send. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body's text or bytes. */
  body: string | Uint8Array;
}

/** A request that passed every check, as handed to the mock's or the proxy's answering function. */
export interface CheckedRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path and query as received. */
  url: string;
  /** Path without the query. */
  path: string;
  /** Query parameters. */
  query: Record<string, string | string[]>;
  /** Request headers, lower-case names, repeated headers joined. */
  headers: Record<string, string>;
  /** The operation, if the request matched one. */
  operation: OperationSpec | undefined;
  /** The body's bytes (empty for none). */
  bytes: Uint8Array;
  /** Violations of the spec by the body and headers (the project's validator). */
  errors: readonly FieldError[];
  /** Context of the checks (preferences…). */
  context: RequestContext;
}

/** Options of `createSpecServer`. */
export interface SpecServerOptions {
  /** The spec served. */
  spec: SpecSource;
  /** The limits in force. */
  limits: RequestLimits;
  /** The request checks, in order; default DEFAULT_CHECKS. */
  checks?: readonly RequestCheck[];
  /** Faults to inject; default none (a `Prefer: fault=…` header still forces one). */
  faults?: FaultOptions;
  /** The answer to a request that passed the checks. */
  answer(request: CheckedRequest): Promise<Answer>;
  /** Where the server logs (never bodies). */
  logger: Logger;
  /** Keep the body's bytes for `answer` (the proxy forwards them); default false (a large body moves to a worker). */
  keepBodies?: boolean;
}

/** A listening spec server. */
export interface SpecServer {
  /** The node:http server. */
  server: Server;
  /** Listens on `port` (0: any free port) and `host`; resolves with the port. */
  listen(port: number, host: string): Promise<number>;
  /** Stops accepting, ends every connection and worker; resolves once the port is free. */
  close(): Promise<void>;
}

function joinHeaders(headers: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function queryOf(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the server (not yet listening). */
export function createSpecServer(options: SpecServerOptions): SpecServer {
  const { spec, limits, logger } = options;
  const checks = options.checks ?? DEFAULT_CHECKS;
  const headChecks = checks.filter((c) => c.stage === "head");
  const bodyChecks = checks.filter((c) => c.stage === "body");
  const findOperation = operationMatcher(spec);
  const cors = corsHeaders(spec);
  const inspector = createBodyInspector(spec, { maxDepth: limits.maxDepth });
  const faultFor = createFaultPlan(options.faults);

  const send = (res: ServerResponse, answer: Answer) => {
    if (res.headersSent || res.destroyed) return;
    const body = typeof answer.body === "string" ? Buffer.from(answer.body) : answer.body;
    res.writeHead(answer.status, { ...answer.headers, "content-length": body.byteLength });
    res.end(body);
  };

  const problemAnswer = (rejection: Rejection): Answer => ({
    status: rejection.status,
    headers: { ...rejection.headers, "content-type": PROBLEM_MEDIA_TYPE },
    body: problemBody({
      ...problemFor(
        spec,
        rejection.status,
        rejection.detail,
        rejection.errors ? { errors: rejection.errors } : {},
      ),
      ...(rejection.title ? { type: "about:blank", title: rejection.title } : {}),
    }),
  });

  /** Answers, then closes the connection once the answer is out (the rest of the body is not read). */
  const refuseAndClose = (req: IncomingMessage, res: ServerResponse, rejection: Rejection) => {
    res.shouldKeepAlive = false;
    send(
      res,
      problemAnswer({ ...rejection, headers: { ...rejection.headers, connection: "close" } }),
    );
    // Read (and drop) what is still coming for a moment, so the client sees the answer before the close.
    req.resume();
    const timer = setTimeout(() => req.socket.destroy(), 1000);
    timer.unref();
    res.once("finish", () => {
      if (req.complete) clearTimeout(timer);
    });
  };

  const readBody = (req: IncomingMessage, res: ServerResponse): Promise<Uint8Array | undefined> =>
    new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const settle = (bytes: Uint8Array | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(bytes);
      };
      const timer = setTimeout(() => {
        refuseAndClose(req, res, {
          status: 408,
          detail: `The body did not arrive within ${limits.bodyTimeoutMs} ms.`,
        });
        settle(undefined);
      }, limits.bodyTimeoutMs);
      req.on("data", (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > limits.maxBodyBytes) {
          refuseAndClose(req, res, {
            status: 413,
            detail: `The body is larger than the ${limits.maxBodyBytes} bytes accepted.`,
          });
          settle(undefined);
          return;
        }
        chunks.push(chunk);
      });
      req.once("end", () => {
        if (settled) return;
        // One exact-size allocation of its own (not from Node's shared pool), so it can move to a worker.
        const bytes = new Uint8Array(size);
        let at = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, at);
          at += chunk.length;
        }
        chunks.length = 0;
        settle(bytes);
      });
      req.once("error", () => settle(undefined));
      req.once("close", () => settle(undefined));
    });

  const applyFault = async (
    fault: Fault,
    req: IncomingMessage,
    res: ServerResponse,
    common: Record<string, string>,
  ): Promise<"answered" | "continue" | "reset"> => {
    switch (fault.kind) {
      case "drop":
        req.socket.destroy();
        return "answered";
      case "latency":
        await sleep(fault.latencyMs);
        return "continue";
      case "unavailable":
        send(res, {
          ...problemAnswer({
            status: 503,
            detail: "Fault injected: the service is unavailable.",
          }),
          headers: { ...common, "content-type": PROBLEM_MEDIA_TYPE },
        });
        return "answered";
      case "rate-limited": {
        const answer = problemAnswer({
          status: 429,
          detail: `Fault injected: too many requests; retry after ${fault.retryAfterSeconds} seconds.`,
        });
        send(res, {
          ...answer,
          headers: { ...answer.headers, ...common, "retry-after": String(fault.retryAfterSeconds) },
        });
        return "answered";
      }
      case "reset":
        return "reset";
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const requested = req.headers["x-request-id"];
    const requestId =
      typeof requested === "string" && /^[\w.:-]{1,128}$/.test(requested)
        ? requested
        : randomUUID();
    const common: Record<string, string> = {
      ...cors.always,
      [REQUEST_ID_HEADER.toLowerCase()]: requestId,
    };
    for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
    const method = (req.method ?? "GET").toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://mock.invalid");
    } catch {
      refuseAndClose(req, res, {
        status: 400,
        detail: "The request target is not a valid URL path.",
      });
      return;
    }
    if (method === "OPTIONS" && req.headers["access-control-request-method"]) {
      res.writeHead(204, { ...cors.preflight, "content-length": 0 });
      res.end();
      req.resume();
      return;
    }
    const operation = findOperation(method, url.pathname);
    const declared = req.headers["content-length"];
    const context: RequestContext = {
      method,
      path: url.pathname,
      headers: req.headers,
      operation,
      announcesBody:
        req.headers["transfer-encoding"] !== undefined ||
        (declared !== undefined && Number(declared) > 0),
      limits,
      preferences: {},
      errors: [],
    };
    for (const check of headChecks) {
      const rejection = check.check(context);
      if (rejection) {
        refuseAndClose(req, res, rejection);
        return;
      }
    }
    const bytes = await readBody(req, res);
    if (bytes === undefined) return;
    context.bytes = bytes;
    const hasBody = bytes.length > 0;
    if (hasBody) {
      context.inspection = await inspector.inspect(
        bytes,
        operation,
        propertiesToPick(operation),
        options.keepBodies ?? false,
      );
    }
    for (const check of bodyChecks) {
      const rejection = check.check(context);
      if (rejection) {
        send(res, problemAnswer(rejection));
        return;
      }
    }
    const fault = faultFor(operation?.operationId, context.preferences);
    let reset = false;
    if (fault) {
      logger.info(
        `${method} ${url.pathname} fault ${fault.kind}${fault.kind === "latency" ? ` ${fault.latencyMs} ms` : ""}`,
      );
      const outcome = await applyFault(fault, req, res, common);
      if (outcome === "answered") return;
      reset = outcome === "reset";
    }
    const errors: FieldError[] = operation
      ? [
          ...missingBodyError(operation, hasBody),
          ...headerErrors(spec.ajv, operation, req.headers),
          ...(context.inspection?.kind === "json" ? context.inspection.errors : []),
          ...context.errors,
        ]
      : [];
    const answer = await options.answer({
      method,
      url: req.url ?? "/",
      path: url.pathname,
      query: queryOf(url.searchParams),
      headers: joinHeaders(req.headers),
      operation,
      bytes,
      errors,
      context,
    });
    if (reset) {
      const body = typeof answer.body === "string" ? Buffer.from(answer.body) : answer.body;
      res.writeHead(answer.status, { ...answer.headers, "content-length": body.byteLength });
      res.write(body.subarray(0, Math.floor(body.byteLength / 2)), () =>
        req.socket.resetAndDestroy(),
      );
      return;
    }
    send(res, answer);
  };

  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      // The body has its own timer (bodyTimeoutMs, answered 408); this is only a backstop.
      requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + 60_000,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      keepAliveTimeout: 5_000,
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        logger.error(`${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) {
          send(
            res,
            problemAnswer({
              status: 500,
              detail: `The server failed: ${(error as Error).message}`,
            }),
          );
        } else res.destroy();
      });
    },
  );

  // Requests Node's parser refuses (a head too large or too slow, a broken request line or header) get a
  // problem too, written straight to the socket.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? 431
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? 408
          : 400;
    const detail =
      status === 431
        ? `The request head is larger than ${limits.maxHeaderBytes} bytes.`
        : status === 408
          ? `The request did not arrive within ${limits.headersTimeoutMs} ms.`
          : `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`;
    socket.end(
      rawProblemResponse(problemFor(spec, status, detail), cors.always as Record<string, string>),
    );
    setTimeout(() => socket.destroy(), 1000).unref();
  });

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
