// The validation proxy: the mock's server and request checks in front of a real implementation, every answer
// of which is checked with the spec model's `checkResponse`. CI-grade: every failure is recorded, reported
// (JSON lines) and makes the CLI exit non-zero.
import type { IncomingMessage } from "node:http";
import { DELIBERATELY_INVALID_HEADER } from "@merchant-payments/kit/deliberately-invalid";
import { redactSecret } from "@merchant-payments/kit/redact";
import { DEFAULT_CHECKS } from "./checks.js";
import { type CommonServerOptions, listen, prepare, type RunningServer } from "./lifecycle.js";
import { defaultMaxBodyBytes } from "./limits.js";
import type { CheckedRequest } from "./pipeline/answer.js";
import { type Answer, refusalAnswer, refusals } from "./problems.js";
import {
  classifyExchange,
  type ExchangeRecord,
  type RequestFacts,
  type Verdict,
} from "./proxy/classify.js";
import {
  answerFacts,
  failureFacts,
  forwardedHeaders,
  passedHeaders,
  requestIssues,
} from "./proxy/facts.js";
import {
  createRecorder,
  type FailOn,
  type ProxyEvent,
  type ProxyReport,
  type RecordedExchange,
} from "./proxy/recorder.js";
import { reportedIssues } from "./reported-issue.js";
import { credentialValues } from "./security.js";
import { createSpecServer } from "./server.js";
import type { SpecSource } from "./spec-source.js";
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
  /** Called at the first failure that fails the run under `failOn` (the CLI's `--fail-fast` stops there); default none. */
  onFailure?: (event: ProxyEvent) => void;
  /**
   * Which failures fail the run (the summary's `verdict`, `onFailure`, the CLI's exit status): `"all"` (default) the
   * caller's request violations too, `"responses"` only the server's answer violations and the proxy's errors.
   */
  failOn?: FailOn;
}

/** The value of the request's `Merchant-Payments-Deliberately-Invalid` header, if it has one. */
function deliberatelyInvalid(headers: IncomingMessage["headers"]): string | undefined {
  const value = headers[DELIBERATELY_INVALID_HEADER];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The running proxy. */
export interface ValidationProxy extends RunningServer {
  /** The report so far: the summary counts and every exchange, copied (later exchanges do not change it). */
  report(): ProxyReport;
}

/**
 * Puts the spec in front of a real server: requests are checked before they are forwarded, answers with the
 * spec model's `checkResponse`. With `errors` (default true) a non-conforming answer becomes a 502 problem
 * listing the violations; a transport failure is a 502, an upstream slower than `upstreamTimeoutMs` a 504.
 */
export async function startValidationProxy(
  options: StartValidationProxyOptions,
): Promise<ValidationProxy> {
  const prepared = prepare(options, "proxy");
  const { spec, logger } = prepared;
  const proxy: ProxyContext = {
    spec,
    upstream: new URL(options.upstream),
    refuseViolations: options.errors ?? true,
    timeoutMs: options.upstreamTimeoutMs ?? 30_000,
    maxResponseBytes: options.maxResponseBytes ?? defaultMaxBodyBytes(spec),
  };
  const recorder = createRecorder({
    ...(options.report ? { file: options.report } : {}),
    reportViolations: prepared.report,
    logger,
    logFailures: !options.onViolations,
    ...(options.onFailure ? { onFailure: options.onFailure } : {}),
    ...(options.failOn ? { failOn: options.failOn } : {}),
  });

  const server = createSpecServer({
    spec,
    limits: prepared.limits,
    checks: [...DEFAULT_CHECKS, ...(options.checks ?? [])],
    logger,
    keepBodies: true,
    // A request marked deliberately invalid goes to the upstream even when a body check refuses it (malformed
    // JSON): the server's own refusal is what is checked.
    answersRefused: (req) => deliberatelyInvalid(req.headers) !== undefined,
    // A request refused before it could be forwarded (a body too large, a media type not taken; malformed JSON
    // unless marked) is an exchange too: recorded as a request violation, its path without the query (which may
    // hold a key).
    onRefused(req, refusal, operationId) {
      const url = new URL(req.url ?? "/", "http://proxy.invalid");
      recorder.record({
        time: new Date().toISOString(),
        method: req.method ?? "",
        path: url.pathname,
        ...(operationId ? { operationId } : {}),
        ...(deliberatelyInvalid(req.headers) === undefined
          ? {}
          : { deliberatelyInvalid: deliberatelyInvalid(req.headers) as string }),
        outcome: "request-violation",
        status: refusal.status,
        issues: refusal.issues?.length
          ? reportedIssues("request", refusal.issues)
          : [{ side: "request", check: "refused", path: "", message: refusal.detail }],
      });
    },
    async answer(request) {
      // The caller's credentials (a Bearer token, API keys) never reach the report, the log or a problem.
      const secrets = credentialValues(request.operation, {
        headers: request.headers,
        query: new URLSearchParams(request.url.split("?")[1] ?? ""),
      });
      const redact = (text: string) =>
        secrets.reduce((out, secret) => redactSecret(out, secret), text);
      const mark = request.headers[DELIBERATELY_INVALID_HEADER];
      const base = {
        time: new Date().toISOString(),
        method: request.method,
        path: redact(request.url),
        ...(request.operation ? { operationId: request.operation.operationId } : {}),
        ...(mark === undefined ? {} : { deliberatelyInvalid: mark }),
      };
      // Whatever happens below, the exchange is recorded (and fails the run) with the token scrubbed from it.
      const record = (event: RecordedExchange) =>
        recorder.record({
          ...event,
          issues: event.issues.map((issue) => ({
            ...issue,
            path: redact(issue.path),
            message: redact(issue.message),
          })),
        });
      try {
        return await proxyRequest(proxy, request, redact, (r) => record({ ...base, ...r }));
      } catch (error) {
        const message = `the proxy failed on this exchange: ${(error as Error).message}`;
        record({
          ...base,
          outcome: "proxy-error",
          status: 500,
          issues: [{ check: "proxy", path: "", message }],
        });
        return refusalAnswer(spec, refusals.proxyFailed(redact(message)));
      }
    },
  });

  const running = await listen(server, prepared, options, () => recorder.close());
  return { ...running, report: (): ProxyReport => recorder.report() };
}

/** What the proxy's exchanges share. */
interface ProxyContext {
  /** The loaded spec: requests and upstream answers are checked against it. */
  spec: SpecSource;
  /** The upstream's base URL. */
  upstream: URL;
  /** Refuse a non-conforming request or answer (the `errors` option). */
  refuseViolations: boolean;
  /** The upstream timeout, in milliseconds. */
  timeoutMs: number;
  /** The largest upstream answer body, in bytes. */
  maxResponseBytes: number;
}

/** Forwards a checked request and judges the exchange: the request's verdict, the upstream's, the answer's. */
async function proxyRequest(
  proxy: ProxyContext,
  request: CheckedRequest,
  redact: (text: string) => string,
  record: (entry: ExchangeRecord) => void,
): Promise<Answer> {
  const { spec, upstream, refuseViolations, timeoutMs, maxResponseBytes } = proxy;
  const { operation } = request;
  const facts: RequestFacts = {
    method: request.method,
    path: request.path,
    matched: operation !== undefined,
    ...(operation ? { responses: operation.responses } : {}),
    issues: operation ? requestIssues(request, operation) : [],
    refuseViolations,
    redact,
  };
  const mark = request.headers[DELIBERATELY_INVALID_HEADER];
  if (mark !== undefined) facts.deliberatelyInvalid = mark;
  /** The answer of a verdict: recorded, then its refusal or the upstream's answer passed on. */
  const conclude = (verdict: Verdict, passed?: Answer): Answer => {
    if (verdict.kind === "forward") throw new Error("the exchange was forwarded already");
    record(verdict.record);
    if (verdict.kind === "refuse") return refusalAnswer(spec, verdict.refusal);
    if (!passed) throw new Error("no upstream answer to pass on");
    return passed;
  };
  const before = classifyExchange(facts);
  if (before.kind !== "forward" || !operation) return conclude(before);
  const headers = forwardedHeaders(request);
  const { method, url, bytes } = request;
  const result = await forward(
    upstream,
    { method, url, headers, bytes },
    timeoutMs,
    maxResponseBytes,
  );
  if (result.kind !== "answer")
    return conclude(classifyExchange(facts, failureFacts(result, timeoutMs, maxResponseBytes)));
  const { answer } = result;
  const passed = passedHeaders(answer.headers);
  const checked = { status: answer.status, headers: passed, bytes: answer.decoded };
  return conclude(classifyExchange(facts, answerFacts(spec.ajv, operation, checked, redact)), {
    status: answer.status,
    headers: passed,
    body: answer.body,
  });
}
