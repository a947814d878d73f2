// The validation proxy: the mock's server and request checks in front of a real implementation, every answer
// of which is checked with the spec model's `checkResponse`. CI-grade: every failure is recorded, reported
// (JSON lines) and makes the CLI exit non-zero.
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";
import {
  bearerToken,
  type ConformanceIssue,
  checkResponse,
  type Json,
  type OperationSpec,
  parsePointer,
  redactSecret,
  resolvePointer,
} from "@merchant-payments/spec/model";
import { DEFAULT_CHECKS } from "./checks.js";
import { defaultMaxBodyBytes } from "./limits.js";
import type { Violation } from "./prism-engine.js";
import { PROBLEM_MEDIA_TYPE, problemBody, problemFor } from "./problem.js";
import { describeError } from "./request-validation.js";
import { type CommonServerOptions, listen, prepare, type RunningServer } from "./running.js";
import { type Answer, type CheckedRequest, createSpecServer } from "./server.js";
import { forward } from "./upstream.js";

/** Options of `startValidationProxy`. */
export interface StartValidationProxyOptions extends CommonServerOptions {
  /** URL of the real server to check, e.g. "https://sandbox.example/v1". Required. */
  upstream: string;
  /** Milliseconds to wait for the upstream's whole answer, decoding included, before answering 504; default 30000. */
  upstreamTimeoutMs?: number;
  /**
   * Largest upstream answer body, in bytes, as received and as decoded (gzip, deflate, br): a bigger one is recorded as
   * `response-too-large` and answered 502 without being buffered. Default: from the spec, as the request body limit
   * (its largest `maxItems` × 1 KiB + 1 MiB).
   */
  maxResponseBytes?: number;
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
  | "timeout"
  | "response-too-large"
  | "proxy-error";

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
  /** Upstream answers larger than `maxResponseBytes`. */
  tooLarge: number;
  /** Exchanges the proxy itself failed on (each is recorded and fails the run). */
  proxyErrors: number;
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
  "response-too-large": "tooLarge",
  "proxy-error": "proxyErrors",
};

/**
 * True when the operation requires credentials: its `security` (else the document's) lists requirements and none of
 * them is the empty one.
 */
function requiresCredentials(document: Json, operation: OperationSpec): boolean {
  const own = (resolvePointer(document, operation.pointer) as { security?: unknown }).security;
  const security = own ?? (document as { security?: unknown }).security;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((requirement) => Object.keys(requirement ?? {}).length > 0)
  );
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
  const maxResponseBytes = options.maxResponseBytes ?? defaultMaxBodyBytes(spec);
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
    tooLarge: 0,
    proxyErrors: 0,
  };
  let reportFile: WriteStream | undefined;
  if (options.report) {
    mkdirSync(dirname(options.report), { recursive: true });
    reportFile = createWriteStream(options.report, { flags: "w" });
  }
  let failedOnce = false;

  const recordEvent = (event: ProxyEvent) => {
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
      // One line per violation: through onViolations when it is given (the CLI's), else the logger.
      prepared.report({ method: event.method, path: event.path, status: event.status, violations });
      if (!options.onViolations) {
        logger.error(
          `proxy: ${event.outcome} in ${event.method} ${event.path}: ${event.issues.map((i) => i.message).join("; ")}`,
        );
      }
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
      const secret = bearerToken(request.headers.authorization);
      const base = {
        time,
        method: request.method,
        path: redactSecret(request.url, secret),
        ...(request.operation ? { operationId: request.operation.operationId } : {}),
      };
      // Whatever happens below, the exchange is recorded (and fails the run) with the token scrubbed from it.
      const record = (event: ProxyEvent) =>
        recordEvent({
          ...event,
          issues: event.issues.map((issue) => ({
            check: issue.check,
            path: redactSecret(issue.path, secret),
            message: redactSecret(issue.message, secret),
          })),
        });
      try {
        return await answerChecked(request, base, record, secret);
      } catch (error) {
        const message = `the proxy failed on this exchange: ${(error as Error).message}`;
        record({
          ...base,
          outcome: "proxy-error",
          status: 500,
          issues: [{ check: "proxy", path: "", message }],
        });
        return problem(500, redactSecret(message, secret));
      }
    },
  });

  /** The answer to one checked request: its check, its exchange with the upstream, the answer's check. */
  async function answerChecked(
    request: CheckedRequest,
    base: Pick<ProxyEvent, "time" | "method" | "path" | "operationId">,
    record: (event: ProxyEvent) => void,
    secret: string | undefined,
  ): Promise<Answer> {
    {
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
      const requestIssues = request.errors.map((e) => ({
        check: "request",
        path: e.pointer,
        message: describeError(e),
      }));
      if (requiresCredentials(spec.document, request.operation) && secret === undefined) {
        requestIssues.unshift({
          check: "credentials",
          path: "/headers/authorization",
          message:
            "the request has no Authorization: Bearer credentials, which the spec's security requires",
        });
      }
      if (requestIssues.length > 0) {
        const issues = requestIssues;
        if (errors) {
          const status = issues.every((i) => i.check === "credentials") ? 401 : 422;
          record({ ...base, outcome: "request-violation", status, issues });
          return problem(
            status,
            `The request does not conform to the spec, so the proxy did not forward it: ${issues
              .slice(0, 5)
              .map((i) => i.message)
              .join("; ")}.`,
            { errors: request.errors.slice(0, 100) },
          );
        }
      }
      const forwarded: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!HOP_BY_HOP.has(name)) forwarded[name] = value;
      }
      forwarded["content-length"] = String(request.bytes.byteLength);
      // The answer is checked as text: ask for it uncompressed (a compressed one is still decoded, streaming).
      forwarded["accept-encoding"] = "identity";
      const result = await forward(
        upstream,
        { method: request.method, url: request.url, headers: forwarded, bytes: request.bytes },
        timeoutMs,
        maxResponseBytes,
      );
      if (result.kind === "too-large") {
        const message = `the upstream's answer${result.status ? ` (${result.status})` : ""} is larger than ${maxResponseBytes} bytes (received or decoded)`;
        record({
          ...base,
          outcome: "response-too-large",
          ...(result.status ? { upstreamStatus: result.status } : {}),
          status: 502,
          issues: [{ check: "size", path: "", message }],
        });
        return problem(502, `The proxy did not read the upstream's answer: ${message}.`);
      }
      if (result.kind === "timeout") {
        const message = `the upstream did not answer within ${timeoutMs} ms (body and decoding included)`;
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
          `The proxy got no complete answer from the upstream: ${redactSecret(result.message, secret)}.`,
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
        body: answer.decoded.toString("utf8"),
      });
      const issues = conformance.issues.map((issue) => ({
        check: issue.check,
        path: redactSecret(issue.path, secret),
        message: redactSecret(describeIssue(issue), secret),
      }));
      const outcome: ProxyOutcome = conformance.conforms
        ? requestIssues.length > 0
          ? "request-violation"
          : "ok"
        : conformance.issues.some((i) => i.check === "status")
          ? "undocumented-status"
          : "response-violation";
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
    }
  }

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
