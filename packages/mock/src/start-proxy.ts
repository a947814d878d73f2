// The validation proxy: the mock's server and request checks in front of a real implementation, every answer
// of which is checked with the spec model's `checkResponse`. CI-grade: every failure is recorded, reported
// (JSON lines) and makes the CLI exit non-zero.
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
import { refusalAnswer, refusals } from "./problems.js";
import {
  classifyExchange,
  type ExchangeIssue,
  type RequestFacts,
  type Verdict,
} from "./proxy/classify.js";
import { createRecorder, type ProxyEvent, type ProxyReport } from "./proxy/recorder.js";
import { describeError } from "./request-validation.js";
import { type CommonServerOptions, listen, prepare, type RunningServer } from "./running.js";
import { type Answer, type CheckedRequest, createSpecServer } from "./server.js";
import { forward } from "./upstream.js";

export type { ExchangeIssue, ProxyOutcome } from "./proxy/classify.js";
export type { ProxyEvent, ProxyReport, ProxySummary } from "./proxy/recorder.js";

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
  const refuseViolations = options.errors ?? true;
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const maxResponseBytes = options.maxResponseBytes ?? defaultMaxBodyBytes(spec);
  const recorder = createRecorder({
    ...(options.report ? { file: options.report } : {}),
    reportViolations: prepared.report,
    logger,
    logFailures: !options.onViolations,
    ...(options.onFailure ? { onFailure: options.onFailure } : {}),
  });

  const server = createSpecServer({
    spec,
    limits: prepared.limits,
    checks: [...DEFAULT_CHECKS, ...(options.checks ?? [])],
    logger,
    keepBodies: true,
    async answer(request) {
      const secret = bearerToken(request.headers.authorization);
      const base = {
        time: new Date().toISOString(),
        method: request.method,
        path: redactSecret(request.url, secret),
        ...(request.operation ? { operationId: request.operation.operationId } : {}),
      };
      // Whatever happens below, the exchange is recorded (and fails the run) with the token scrubbed from it.
      const record = (event: ProxyEvent) =>
        recorder.record({
          ...event,
          issues: event.issues.map((issue) => ({
            check: issue.check,
            path: redactSecret(issue.path, secret),
            message: redactSecret(issue.message, secret),
          })),
        });
      try {
        return await exchange(
          request,
          (text) => redactSecret(text, secret),
          secret,
          (r) => record({ ...base, ...r }),
        );
      } catch (error) {
        const message = `the proxy failed on this exchange: ${(error as Error).message}`;
        record({
          ...base,
          outcome: "proxy-error",
          status: 500,
          issues: [{ check: "proxy", path: "", message }],
        });
        return refusalAnswer(spec, refusals.proxyFailed(redactSecret(message, secret)));
      }
    },
  });

  /** One exchange: the request's verdict, the upstream's answer, the answer's verdict. */
  async function exchange(
    request: CheckedRequest,
    redact: (text: string) => string,
    secret: string | undefined,
    record: (entry: Omit<ProxyEvent, "time" | "method" | "path" | "operationId">) => void,
  ): Promise<Answer> {
    const facts: RequestFacts = {
      method: request.method,
      path: request.path,
      matched: request.operation !== undefined,
      issues: request.operation ? requestIssues(request, request.operation, secret) : [],
      errors: request.errors,
      refuseViolations,
      redact,
    };
    /** The answer of a verdict: recorded, then its refusal or the upstream's answer passed on. */
    const conclude = (verdict: Verdict, passed?: Answer): Answer => {
      if (verdict.kind === "forward") throw new Error("the exchange was forwarded already");
      record(verdict.record);
      if (verdict.kind === "refuse") return refusalAnswer(spec, verdict.refusal);
      if (!passed) throw new Error("no upstream answer to pass on");
      return passed;
    };
    const before = classifyExchange(facts);
    if (before.kind !== "forward") return conclude(before);
    const operation = request.operation as OperationSpec;
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
    if (result.kind !== "answer") {
      return conclude(
        classifyExchange(
          facts,
          result.kind === "too-large"
            ? {
                kind: "too-large",
                ...(result.status ? { status: result.status } : {}),
                maxResponseBytes,
              }
            : result.kind === "timeout"
              ? { kind: "timeout", timeoutMs }
              : { kind: "transport", message: result.message },
        ),
      );
    }
    const { answer } = result;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name))
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const conformance = checkResponse(spec.ajv, operation, {
      status: answer.status,
      headers,
      body: answer.decoded.toString("utf8"),
    });
    const verdict = classifyExchange(facts, {
      kind: "answered",
      status: answer.status,
      conforms: conformance.conforms,
      undocumentedStatus: conformance.issues.some((i) => i.check === "status"),
      issues: conformance.issues.map((issue) => ({
        check: issue.check,
        path: redact(issue.path),
        message: redact(describeIssue(issue)),
      })),
    });
    return conclude(verdict, { status: answer.status, headers, body: answer.body });
  }

  /** The request's violations of the spec: missing credentials first, then the validator's. */
  function requestIssues(
    request: CheckedRequest,
    operation: OperationSpec,
    secret: string | undefined,
  ): ExchangeIssue[] {
    const issues = request.errors.map((e) => ({
      check: "request",
      path: e.pointer,
      message: describeError(e),
    }));
    if (requiresCredentials(spec.document, operation) && secret === undefined) {
      issues.unshift({
        check: "credentials",
        path: "/headers/authorization",
        message:
          "the request has no Authorization: Bearer credentials, which the spec's security requires",
      });
    }
    return issues;
  }

  const running = await listen(server, prepared, options, () => recorder.close());
  return { ...running, report: (): ProxyReport => recorder.report() };
}
