// What the proxy learns of an exchange, as the facts `classifyExchange` judges: the request's violations (with
// missing credentials), the headers forwarded and passed back, the upstream's failure, the answer's conformance.
import {
  baseMediaType,
  type ConformanceCheck,
  checkResponse,
  type Issue,
  type OperationSpec,
  responseFor,
  type SpecAjv,
} from "@merchant-payments/spec/model";
import { bodyKind, isJsonMedia } from "@merchant-payments/spec/wire";
import type { CheckedRequest } from "../pipeline/answer.js";
import type { RequestPart } from "../request-issues.js";
import { credentialsIssue } from "../security.js";
import type { UpstreamExchange } from "../upstream.js";
import type { UpstreamFacts } from "./classify.js";

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
 * The request's violations of the spec: missing credentials first, then the parameters' and the body's, then
 * what a body check refused it for (malformed JSON …) when it went on all the same (`CheckedRequest.refusal`).
 */
export function requestIssues(
  request: CheckedRequest,
  operation: OperationSpec,
): Issue<RequestPart>[] {
  const missing = credentialsIssue(operation, {
    headers: request.headers,
    query: new URLSearchParams(request.url.split("?")[1] ?? ""),
  });
  const { refusal } = request;
  const refused: Issue<RequestPart>[] = refusal
    ? refusal.issues?.length
      ? [...refusal.issues]
      : [{ check: "body", path: "", message: refusal.detail }]
    : [];
  return [...(missing ? [missing] : []), ...request.issues, ...refused];
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

/** The checks of a HEAD answer (RFC 9110: the headers of a GET, no body). */
const HEAD_CHECKS: ReadonlySet<ConformanceCheck | undefined> = new Set<ConformanceCheck>([
  "status",
  "media-type",
  "header",
]);

/** Statuses whose answers never have a body (RFC 9110). */
const BODILESS_STATUSES = new Set([204, 205, 304]);

/**
 * What the spec model's `checkResponse` leaves to the proxy: a 204/205/304 (or an answer the spec declares
 * without content) that has a body anyway, and a text answer that is not UTF-8.
 */
function bodyIssues(
  operation: OperationSpec,
  answer: { status: number; headers: Record<string, string>; bytes: Uint8Array },
): Issue<ConformanceCheck>[] {
  const documented = responseFor(operation, answer.status);
  const size = answer.bytes.byteLength;
  if (size > 0 && (BODILESS_STATUSES.has(answer.status) || documented?.content.length === 0))
    return [
      {
        check: "body",
        path: "",
        message: `a ${answer.status} answer must have no body, but it has ${size} bytes`,
      },
    ];
  const media = baseMediaType(answer.headers["content-type"]);
  // Text, XML and YAML answers are checked for their media type (by checkResponse) and UTF-8, never parsed as JSON.
  if (bodyKind(media) === "text") {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(answer.bytes);
    } catch {
      return [{ check: "body", path: "", message: `the ${media} body is not UTF-8 text` }];
    }
  }
  return [];
}

/**
 * The facts of an answer of any shape: its conformance to the operation (status, declared headers, media type,
 * a JSON body's schema; an empty 204; text that is text), each issue with `redact` applied.
 */
export function answerFacts(
  ajv: SpecAjv,
  operation: OperationSpec,
  answer: { status: number; headers: Record<string, string>; bytes: Uint8Array },
  redact: (text: string) => string,
): Extract<UpstreamFacts, { kind: "answered" }> {
  const body = Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
  const conformance = checkResponse(ajv, operation, {
    status: answer.status,
    headers: answer.headers,
    body: isJsonMedia(answer.headers["content-type"]) ? body.toString("utf8") : "",
  });
  // A HEAD answer has the status, media type and headers a GET would have, and no body: its body is not checked.
  const issues = [...conformance.issues, ...bodyIssues(operation, answer)].filter(
    (issue) => operation.method !== "HEAD" || HEAD_CHECKS.has(issue.check),
  );
  return {
    kind: "answered",
    status: answer.status,
    conforms: issues.length === 0,
    undocumentedStatus: conformance.issues.some((i) => i.check === "status"),
    issues: issues.map((issue) => ({
      ...issue,
      path: redact(issue.path),
      message: redact(issue.message),
    })),
  };
}
