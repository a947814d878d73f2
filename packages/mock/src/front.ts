import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { type HeaderBodyRule, headerBodyMismatch } from "./header-rules.js";
import { malformedJsonProblem, type Problem } from "./problem.js";

/** One response in which Prism reported violations of the spec (its `sl-violations` header). */
export interface ViolationReport {
  /** HTTP method of the request, upper case. */
  method: string;
  /** Path and query of the request. */
  path: string;
  /** Status code answered to the caller. */
  status: number;
  /** Prism's violations: where, how severe, which rule, and its message. */
  violations: Array<{
    location: string[];
    severity: string;
    code: string | number;
    message: string;
  }>;
}

/** Options of the front server that sits before Prism. */
export interface FrontOptions {
  /** Host of the Prism process to forward to. */
  targetHost: string;
  /** Port of the Prism process to forward to. */
  targetPort: number;
  /** The spec's own 400 problem example, used as the body for malformed JSON; default a generic problem. */
  problemTemplate?: Problem;
  /** Called for every response that carries Prism's `sl-violations` header. Default: none. */
  onViolations?: (report: ViolationReport) => void;
  /** Largest JSON body, in bytes, that is checked before forwarding; default 64 MiB. */
  maxJsonBodyBytes?: number;
  /** Milliseconds a JSON body may take to arrive completely before a 400 answers it; default 10000. */
  bodyTimeoutMs?: number;
  /** Headers that must equal a body property (the spec's `x-equals-body-property`); a mismatch gets a 422. Default none. */
  headerBodyRules?: readonly HeaderBodyRule[];
}

/** The running front server. */
export interface Front {
  /** The underlying node:http server. */
  server: Server;
  /** Listens on `port` (0 = any free port) and `host`; resolves with the bound port. */
  listen(port: number, host: string): Promise<number>;
  /** Stops accepting, ends open connections and frees the port. */
  close(): Promise<void>;
}

/** Attempts to reach Prism for one request before the front answers 502. */
const MAX_FORWARD_ATTEMPTS = 6;

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return /^\s*application\/([\w.+-]*\+)?json\s*(;|$)/i.test(contentType);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  if (length !== undefined) return Number(length) > 0;
  return req.headers["transfer-encoding"] !== undefined;
}

function sendProblem(
  res: ServerResponse,
  problem: Problem,
  extraHeaders: OutgoingHttpHeaders = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(problem);
  res.writeHead(problem.status, {
    "content-type": "application/problem+json",
    "content-length": Buffer.byteLength(body),
    "access-control-allow-origin": "*",
    ...extraHeaders,
  });
  res.end(body);
}

function forwardHeaders(req: IncomingMessage, bodyLength?: number): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = value;
  }
  if (bodyLength !== undefined) headers["content-length"] = String(bodyLength);
  else if (req.headers["transfer-encoding"])
    headers["transfer-encoding"] = req.headers["transfer-encoding"];
  return headers;
}

function parseViolations(header: string | string[] | undefined): ViolationReport["violations"] {
  if (typeof header !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(header);
    return Array.isArray(parsed) ? (parsed as ViolationReport["violations"]) : [];
  } catch {
    return [{ location: [], severity: "Error", code: "unparsed", message: header }];
  }
}

function violationsFromProblem(body: Buffer): ViolationReport["violations"] {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { validation?: unknown };
    return Array.isArray(parsed.validation)
      ? (parsed.validation as ViolationReport["violations"])
      : [];
  } catch {
    return [];
  }
}

/**
 * A small node:http server before Prism: it answers a malformed JSON body at once with a 400
 * problem+json (Prism alone may not answer it), and passes every other request through, streamed.
 */
export function createFront(options: FrontOptions): Front {
  // Idle sockets are dropped before Prism's own 5 s keep-alive timeout closes them under us.
  const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 });
  const maxBytes = options.maxJsonBodyBytes ?? 64 * 1024 * 1024;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;

  const forward = (req: IncomingMessage, res: ServerResponse, body?: Buffer, attempt = 1) => {
    const replayable = body !== undefined || !hasBody(req);
    const upstream = httpRequest(
      {
        host: options.targetHost,
        port: options.targetPort,
        method: req.method,
        path: req.url,
        headers: forwardHeaders(req, body?.length),
        agent,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const raw: string[] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) {
          const name = answer.rawHeaders[i] ?? "";
          if (HOP_BY_HOP.has(name.toLowerCase())) continue;
          raw.push(name, answer.rawHeaders[i + 1] ?? "");
        }
        const report = (violations: ViolationReport["violations"]) => {
          if (violations.length === 0) return;
          options.onViolations?.({
            method: req.method ?? "GET",
            path: req.url ?? "/",
            status,
            violations,
          });
        };
        res.writeHead(status, answer.statusMessage, raw);
        const headerViolations = parseViolations(answer.headers["sl-violations"]);
        if (
          headerViolations.length > 0 ||
          !/problem\+json/i.test(answer.headers["content-type"] ?? "")
        ) {
          report(headerViolations);
          answer.pipe(res);
        } else {
          // Prism's own problems (e.g. in proxy mode) list the violations in the body instead.
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            res.write(chunk);
          });
          answer.once("end", () => {
            report(violationsFromProblem(Buffer.concat(chunks)));
            res.end();
          });
        }
        answer.once("error", () => res.destroy());
      },
    );
    upstream.once("error", (error: NodeJS.ErrnoException) => {
      // A connection Prism reset before answering (e.g. a kept-alive socket it closed at the same
      // moment, or a busy Prism whose accept queue overflowed): nothing was answered and the mock is
      // stateless, so the request is sent again, for up to about 1.5 s in all.
      const transient = ["ECONNRESET", "EPIPE", "ECONNREFUSED"].includes(error.code ?? "");
      if (attempt < MAX_FORWARD_ATTEMPTS && transient && replayable && !res.headersSent) {
        setTimeout(() => forward(req, res, body, attempt + 1), 50 * attempt);
        return;
      }
      sendProblem(res, {
        type: "about:blank",
        title: "Bad Gateway",
        status: 502,
        detail: `The mock could not reach Prism: ${error.message} (${error.code ?? "no code"}, attempt ${attempt}, reused socket ${upstream.reusedSocket})`,
      });
    });
    res.once("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (body) upstream.end(body);
    else if (req.readableEnded) upstream.end();
    else req.pipe(upstream);
  };

  const server = createServer((req, res) => {
    if (!hasBody(req) || !isJsonContentType(req.headers["content-type"])) {
      forward(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      sendProblem(
        res,
        malformedJsonProblem(
          options.problemTemplate,
          `The body did not arrive completely within ${bodyTimeoutMs} ms.`,
        ),
      );
      res.once("finish", () => req.destroy());
    }, bodyTimeoutMs);
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        clearTimeout(timer);
        sendProblem(res, {
          type: "about:blank",
          title: "Payload Too Large",
          status: 413,
          detail: `The mock checks JSON bodies of at most ${maxBytes} bytes.`,
        });
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.once("error", () => {
      done = true;
      clearTimeout(timer);
      res.destroy();
    });
    req.once("end", () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const body = Buffer.concat(chunks);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch (error) {
        sendProblem(
          res,
          malformedJsonProblem(options.problemTemplate, String((error as Error).message)),
        );
        return;
      }
      const mismatch = headerBodyMismatch(
        options.headerBodyRules ?? [],
        req.method ?? "GET",
        req.url ?? "/",
        req.headers,
        parsed,
      );
      if (mismatch) {
        // Reported like Prism's own violations: in `sl-violations` and to onViolations.
        const violations = mismatch.validation as ViolationReport["violations"];
        options.onViolations?.({
          method: req.method ?? "POST",
          path: req.url ?? "/",
          status: 422,
          violations,
        });
        sendProblem(res, mismatch, { "sl-violations": JSON.stringify(violations) });
        return;
      }
      forward(req, res, body);
    });
  });
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 60_000;

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
    close() {
      return new Promise((resolve) => {
        agent.destroy();
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
