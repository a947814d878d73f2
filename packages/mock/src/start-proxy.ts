// The validation proxy: the mock's server and request checks in front of a real implementation, every answer
// of which is checked with the spec model's `checkResponse`. CI-grade: every failure is recorded, reported
// (JSON lines) and makes the CLI exit non-zero.
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { dirname } from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { type ConformanceIssue, checkResponse, parsePointer } from "@merchant-payments/spec/model";
import { DEFAULT_CHECKS } from "./checks.js";
import type { Violation } from "./prism-engine.js";
import { PROBLEM_MEDIA_TYPE, problemBody, problemFor } from "./problem.js";
import { describeError } from "./request-validation.js";
import { type CommonServerOptions, listen, prepare, type RunningServer } from "./running.js";
import { type Answer, type CheckedRequest, createSpecServer } from "./server.js";

/** Options of `startValidationProxy`. */
export interface StartValidationProxyOptions extends CommonServerOptions {
  /** URL of the real server to check, e.g. "https://sandbox.example/v1". Required. */
  upstream: string;
  /** Milliseconds to wait for the upstream's whole answer before answering 504; default 30000. */
  upstreamTimeoutMs?: number;
  /** File to write the report to, as JSON lines (one per exchange, a summary line at close); default none. */
  report?: string;
  /** Called at the first failure (the CLI's `--fail-fast` stops there); default none. */
  onFailure?: (event: ProxyEvent) => void;
}

/** What went wrong in one exchange, if anything. */
export type ProxyOutcome =
  | "ok"
  | "request-violation"
  | "response-violation"
  | "undocumented-status"
  | "transport-failure"
  | "timeout";

/** One exchange through the proxy. */
export interface ProxyEvent {
  /** ISO 8601 time the request arrived. */
  time: string;
  /** HTTP method. */
  method: string;
  /** Path and query. */
  path: string;
  /** The operation, if the request matched one. */
  operationId?: string;
  /** The outcome. */
  outcome: ProxyOutcome;
  /** The status the upstream answered, if it answered. */
  upstreamStatus?: number;
  /** The status the proxy answered. */
  status: number;
  /** What is wrong (empty when `ok`). */
  issues: { check: string; path: string; message: string }[];
}

/** The counts of a proxy's report. */
export interface ProxySummary {
  /** Exchanges seen. */
  exchanges: number;
  /** Exchanges without any failure. */
  passed: number;
  /** Exchanges with a failure (the sum of the counts below). */
  failed: number;
  requestViolations: number;
  responseViolations: number;
  undocumentedStatuses: number;
  transportFailures: number;
  timeouts: number;
}

/** The report: a summary and every exchange. */
export interface ProxyReport {
  summary: ProxySummary;
  events: ProxyEvent[];
}

/** The running proxy. */
export interface ValidationProxy extends RunningServer {
  /** The report so far. */
  report(): ProxyReport;
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "host",
  "content-length",
]);

const OUTCOME_COUNT: Record<Exclude<ProxyOutcome, "ok">, keyof ProxySummary> = {
  "request-violation": "requestViolations",
  "response-violation": "responseViolations",
  "undocumented-status": "undocumentedStatuses",
  "transport-failure": "transportFailures",
  timeout: "timeouts",
};

/** The text of an answer's body, decoded from its Content-Encoding (gzip, deflate, br) when it has one. */
function bodyText(body: Buffer, encoding: string | undefined): string {
  try {
    switch ((encoding ?? "").trim().toLowerCase()) {
      case "gzip":
      case "x-gzip":
        return gunzipSync(body).toString("utf8");
      case "deflate":
        return inflateSync(body).toString("utf8");
      case "br":
        return brotliDecompressSync(body).toString("utf8");
      default:
        return body.toString("utf8");
    }
  } catch {
    return body.toString("latin1");
  }
}

function describeIssue(issue: ConformanceIssue): string {
  if (issue.check === "schema" || issue.check === "invariant") {
    const field = parsePointer(issue.path).join(".");
    return field
      ? `Response body property ${field} ${issue.message}`
      : `Response body ${issue.message}`;
  }
  return issue.message;
}

interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Exchange =
  | { kind: "answer"; answer: UpstreamAnswer }
  | { kind: "timeout" }
  | { kind: "transport"; message: string };

/** Sends one request upstream and reads the whole answer, within `timeoutMs`. */
function exchange(upstream: URL, request: CheckedRequest, timeoutMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers["content-length"] = String(request.bytes.byteLength);
    // The answer is checked as text: ask for it uncompressed (a compressed one is still decoded, see bodyText).
    headers["accept-encoding"] = "identity";
    const send = upstream.protocol === "https:" ? httpsRequest : httpRequest;
    let settled = false;
    const settle = (result: Exchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const outgoing = send(
      new URL(`${upstream.pathname.replace(/\/$/, "")}${request.url}`, upstream),
      { method: request.method, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.once("end", () =>
          settle({
            kind: "answer",
            answer: {
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks),
            },
          }),
        );
        incoming.once("aborted", () =>
          settle({
            kind: "transport",
            message: "the upstream closed the connection in the middle of its answer",
          }),
        );
        incoming.once("error", (error) =>
          settle({
            kind: "transport",
            message: `the upstream's answer broke off: ${error.message}`,
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      settle({ kind: "timeout" });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.once("error", (error: NodeJS.ErrnoException) =>
      settle({
        kind: "transport",
        message: `the upstream could not be reached or reset the connection: ${error.code ?? error.message}`,
      }),
    );
    outgoing.end(request.bytes);
  });
}

/**
 * Puts the spec in front of a real server: requests are checked before they are forwarded, answers with the
 * spec model's `checkResponse`. With `errors` (default true) a non-conforming answer becomes a 502 problem
 * listing the violations; a transport failure is a 502, an upstream slower than `upstreamTimeoutMs` a 504.
 */
export async function startValidationProxy(
  options: StartValidationProxyOptions,
): Promise<ValidationProxy> {
  const upstream = new URL(options.upstream);
  const prepared = prepare(options, "proxy");
  const { spec, logger } = prepared;
  const errors = options.errors ?? true;
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const events: ProxyEvent[] = [];
  const summary: ProxySummary = {
    exchanges: 0,
    passed: 0,
    failed: 0,
    requestViolations: 0,
    responseViolations: 0,
    undocumentedStatuses: 0,
    transportFailures: 0,
    timeouts: 0,
  };
  let reportFile: WriteStream | undefined;
  if (options.report) {
    mkdirSync(dirname(options.report), { recursive: true });
    reportFile = createWriteStream(options.report, { flags: "w" });
  }
  let failedOnce = false;

  const record = (event: ProxyEvent) => {
    events.push(event);
    summary.exchanges++;
    if (event.outcome === "ok") summary.passed++;
    else {
      summary.failed++;
      summary[OUTCOME_COUNT[event.outcome]]++;
      const violations: Violation[] = event.issues.map((issue) => ({
        location: [event.outcome === "request-violation" ? "request" : "response", issue.check],
        severity: "Error",
        code: issue.check,
        message: issue.message,
      }));
      prepared.report({ method: event.method, path: event.path, status: event.status, violations });
      logger.error(
        `proxy: ${event.outcome} in ${event.method} ${event.path}: ${event.issues.map((i) => i.message).join("; ")}`,
      );
      if (!failedOnce) {
        failedOnce = true;
        options.onFailure?.(event);
      }
    }
    reportFile?.write(`${JSON.stringify({ type: "exchange", ...event })}\n`);
  };

  const problem = (
    status: number,
    detail: string,
    extensions: Record<string, unknown> = {},
  ): Answer => ({
    status,
    headers: { "content-type": PROBLEM_MEDIA_TYPE },
    body: problemBody(problemFor(spec, status, detail, extensions)),
  });

  const server = createSpecServer({
    spec,
    limits: prepared.limits,
    checks: [...DEFAULT_CHECKS, ...(options.checks ?? [])],
    logger,
    keepBodies: true,
    async answer(request) {
      const time = new Date().toISOString();
      const base = {
        time,
        method: request.method,
        path: request.url,
        ...(request.operation ? { operationId: request.operation.operationId } : {}),
      };
      if (!request.operation) {
        const answer = problem(
          404,
          `The proxy's spec has no operation ${request.method} ${request.path}.`,
        );
        record({
          ...base,
          outcome: "request-violation",
          status: 404,
          issues: [
            {
              check: "operation",
              path: "",
              message: `${request.method} ${request.path} is not in the spec`,
            },
          ],
        });
        return answer;
      }
      if (request.errors.length > 0) {
        const issues = request.errors.map((e) => ({
          check: "request",
          path: e.pointer,
          message: describeError(e),
        }));
        if (errors) {
          record({ ...base, outcome: "request-violation", status: 422, issues });
          return problem(
            422,
            `The request does not conform to the spec, so the proxy did not forward it: ${issues
              .slice(0, 5)
              .map((i) => i.message)
              .join("; ")}.`,
            { errors: request.errors.slice(0, 100) },
          );
        }
      }
      const result = await exchange(upstream, request, timeoutMs);
      if (result.kind === "timeout") {
        const message = `the upstream did not answer within ${timeoutMs} ms`;
        record({
          ...base,
          outcome: "timeout",
          status: 504,
          issues: [{ check: "timeout", path: "", message }],
        });
        return problem(504, `The proxy got no answer from the upstream: ${message}.`);
      }
      if (result.kind === "transport") {
        record({
          ...base,
          outcome: "transport-failure",
          status: 502,
          issues: [{ check: "transport", path: "", message: result.message }],
        });
        return problem(
          502,
          `The proxy got no complete answer from the upstream: ${result.message}.`,
        );
      }
      const { answer } = result;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name))
          headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const conformance = checkResponse(spec.ajv, request.operation, {
        status: answer.status,
        headers,
        body: bodyText(answer.body, headers["content-encoding"]),
      });
      const issues = conformance.issues.map((issue) => ({
        check: issue.check,
        path: issue.path,
        message: describeIssue(issue),
      }));
      const outcome: ProxyOutcome = conformance.conforms
        ? request.errors.length > 0
          ? "request-violation"
          : "ok"
        : conformance.issues.some((i) => i.check === "status")
          ? "undocumented-status"
          : "response-violation";
      const requestIssues = request.errors.map((e) => ({
        check: "request",
        path: e.pointer,
        message: describeError(e),
      }));
      if (!conformance.conforms && errors) {
        record({
          ...base,
          outcome,
          upstreamStatus: answer.status,
          status: 502,
          issues: [...requestIssues, ...issues],
        });
        return problem(
          502,
          `The upstream's answer (${answer.status}) does not conform to the spec: ${issues
            .slice(0, 5)
            .map((i) => i.message)
            .join("; ")}.`,
          { violations: issues.slice(0, 100) },
        );
      }
      record({
        ...base,
        outcome,
        upstreamStatus: answer.status,
        status: answer.status,
        issues: [...requestIssues, ...issues],
      });
      return { status: answer.status, headers, body: answer.body };
    },
  });

  const running = await listen(server, prepared, options, async () => {
    if (reportFile) {
      const file = reportFile;
      file.write(`${JSON.stringify({ type: "summary", ...summary })}\n`);
      await new Promise<void>((resolve) => file.end(() => resolve()));
    }
  });
  return {
    ...running,
    report: () => ({ summary: { ...summary }, events: [...events] }),
  };
}
