// What the proxy learns of an exchange, as the facts `classifyExchange` judges: the request's violations (with
// missing credentials), the headers forwarded and passed back, the upstream's failure, the answer's conformance.
import {
  type ConformanceIssue,
  checkResponse,
  type Json,
  type OperationSpec,
  parsePointer,
  resolvePointer,
  type SpecAjv,
} from "@merchant-payments/spec/model";
import type { CheckedRequest } from "../pipeline/answer.js";
import { describeError } from "../request-validation.js";
import type { UpstreamExchange } from "../upstream.js";
import type { ExchangeIssue, UpstreamFacts } from "./classify.js";

/** Headers of one hop only: never forwarded, never passed back. */
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

/** The request's violations of the spec: missing credentials first, then the validator's. */
export function requestIssues(
  document: Json,
  request: CheckedRequest,
  operation: OperationSpec,
  secret: string | undefined,
): ExchangeIssue[] {
  const issues = request.errors.map((e) => ({
    check: "request",
    path: e.pointer,
    message: describeError(e),
  }));
  if (requiresCredentials(document, operation) && secret === undefined) {
    issues.unshift({
      check: "credentials",
      path: "/headers/authorization",
      message:
        "the request has no Authorization: Bearer credentials, which the spec's security requires",
    });
  }
  return issues;
}

/** The headers forwarded upstream: the request's end-to-end headers, its body length, and no compression asked. */
export function forwardedHeaders(request: CheckedRequest): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name)) forwarded[name] = value;
  }
  forwarded["content-length"] = String(request.bytes.byteLength);
  // The answer is checked as text: ask for it uncompressed (a compressed one is still decoded, streaming).
  forwarded["accept-encoding"] = "identity";
  return forwarded;
}

/** The upstream's end-to-end headers, repeated ones joined. */
export function passedHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name))
      passed[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return passed;
}

/** The facts of an upstream that gave no answer to check. */
export function failureFacts(
  result: Exclude<UpstreamExchange, { kind: "answer" }>,
  timeoutMs: number,
  maxResponseBytes: number,
): UpstreamFacts {
  if (result.kind === "too-large")
    return {
      kind: "too-large",
      ...(result.status ? { status: result.status } : {}),
      maxResponseBytes,
    };
  if (result.kind === "timeout") return { kind: "timeout", timeoutMs };
  return { kind: "transport", message: result.message };
}

/** The facts of an answer: its conformance to the operation, each issue in words with `redact` applied. */
export function answerFacts(
  ajv: SpecAjv,
  operation: OperationSpec,
  answer: { status: number; headers: Record<string, string>; body: string },
  redact: (text: string) => string,
): UpstreamFacts {
  const conformance = checkResponse(ajv, operation, answer);
  return {
    kind: "answered",
    status: answer.status,
    conforms: conformance.conforms,
    undocumentedStatus: conformance.issues.some((i) => i.check === "status"),
    issues: conformance.issues.map((issue) => ({
      check: issue.check,
      path: redact(issue.path),
      message: redact(describeIssue(issue)),
    })),
  };
}
