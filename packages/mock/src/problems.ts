// The refusal catalog (after Prism's mocker/errors.ts): every answer of the mock and the proxy that is not a 2xx
// is an RFC 9457 problem built here, by a named constructor; the problem+json media type is written only here.
import { STATUS_CODES } from "node:http";
import { type ConformanceCheck, type Issue, pointer } from "@merchant-payments/spec/model";
import { documents } from "./documented-status.js";
import { type Fault, faultDefinition } from "./fault-kinds.js";
import {
  describeIssues,
  isParameterIssue,
  problemErrors,
  type RequestPart,
} from "./request-issues.js";
import { problemExample, type SpecSource } from "./spec-source.js";

/** An RFC 9457 problem details object (the spec's `Problem`). */
export interface Problem {
  /** URI reference of the problem type; the spec's example type for the status when it has one. */
  type: string;
  /** Short summary of the problem type. */
  title: string;
  /** The answer's HTTP status code, repeated in the body (RFC 9457), e.g. 400. */
  status: number;
  /** What went wrong with this request. */
  detail?: string;
  /** Extension members, e.g. `errors` (JSON Pointer and message of each invalid field). */
  [extension: string]: unknown;
}

/** A refusal: the problem a request gets instead of an answer. */
export interface Refusal {
  /** The answer's HTTP status code: 4xx for a bad request, 429/503 for an injected fault, 500 if the server failed. */
  status: number;
  /** The problem's `detail`: one sentence on what is wrong with this request, e.g. the limit it passed. */
  detail: string;
  /** A title of its own (the problem's type is then `about:blank`); default the spec's example for the status. */
  title?: string;
  /** What is wrong with the request, if the refusal is about its fields or parameters (the problem's `errors`). */
  issues?: readonly Issue<RequestPart>[];
  /** Extra headers of the answer. */
  headers?: Record<string, string>;
  /** Extension members added to the problem, e.g. the proxy's `violations`; default none. */
  extensions?: Record<string, unknown>;
}

/** An answer to send. */
export interface Answer {
  /** The HTTP status code to answer with. */
  status: number;
  headers: Record<string, string>;
  /** The body's text or bytes. */
  body: string | Uint8Array;
}

/** The media type of every problem. */
export const PROBLEM_MEDIA_TYPE = "application/problem+json";

/** How many entries a problem's `errors` or `violations` member lists at most. */
const LISTED_ENTRIES = 100;

/** An operation as a refusal names it: its method and path as the spec writes them. */
export interface NamedOperation {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path as the spec writes it, e.g. `/bookings/{bookingId}`. */
  readonly path: string;
  /** Its documented responses, where known (a refusal the operation does not document is then said to be so). */
  readonly responses?: readonly { readonly status: string }[];
}

/**
 * What the detail of a refusal answered with `status` in place of `wanted` says, naming the operation and the JSON
 * Pointer of its responses (nothing when the two statuses are equal).
 */
export function fallbackNote(wanted: number, status: number, op?: NamedOperation): string {
  const where = op
    ? `${op.method} ${op.path} (${pointer("paths", op.path, op.method.toLowerCase(), "responses")})`
    : "The operation";
  if (wanted === status) {
    if (!op?.responses || documents({ responses: op.responses }, status)) return "";
    const none = [...new Set([status, 400, 422])];
    const listed = `${none.slice(0, -1).join(", ")} or ${none.at(-1)}`;
    return ` ${where} documents no ${listed}: the mock answers ${status}, which the document does not list.`;
  }
  return ` ${where} documents no ${wanted}, so the mock answers its documented ${status}.`;
}

/** Every named refusal of the mock and the proxy. */
export const refusals = {
  /** 400: the request target is not a URL path. */
  invalidTarget: (): Refusal => ({
    status: 400,
    detail: "The request target is not a valid URL path.",
  }),
  /** 422: the `Prefer` header cannot be read. */
  unreadablePrefer: (message: string): Refusal => ({ status: 422, detail: message }),
  /** 413: the declared Content-Length is above the limit. */
  declaredTooLarge: (declared: number, maxBodyBytes: number): Refusal => ({
    status: 413,
    detail: `The body (${declared} bytes) is larger than the ${maxBodyBytes} bytes accepted.`,
  }),
  /** 413: the body grew above the limit while it was read. */
  bodyTooLarge: (maxBodyBytes: number): Refusal => ({
    status: 413,
    detail: `The body is larger than the ${maxBodyBytes} bytes accepted.`,
  }),
  /** 408: the body did not arrive in time. */
  bodyTimeout: (bodyTimeoutMs: number): Refusal => ({
    status: 408,
    detail: `The body did not arrive within ${bodyTimeoutMs} ms.`,
  }),
  /**
   * 415: the body's media type is not one the operation accepts (`accepted`); `why` is the first sentence. An
   * operation that documents no 415 gets `status`, its documented fallback (`documentedStatus`), said in the detail.
   */
  unsupportedMediaType: (
    why: string,
    accepted: readonly string[],
    status = 415,
    op?: NamedOperation,
  ): Refusal => ({
    status,
    detail: `${why} Send Content-Type: ${accepted.join(" or ")}${accepted.some((m) => /json|^text\//.test(m)) ? " (UTF-8)" : ""}.${fallbackNote(415, status, op)}`,
    ...(status === 415 ? {} : { title: STATUS_CODES[status] ?? "Error" }),
  }),
  /** 400: the body is not well-formed JSON. */
  malformedJson: (reason: string): Refusal => ({
    status: 400,
    detail: `The request body is not valid JSON. ${reason}`,
  }),
  /** 400: the body is not a well-formed `mediaType` (a form, text). */
  malformedBody: (mediaType: string, reason: string): Refusal => ({
    status: 400,
    detail: `The request body is not valid ${mediaType}. ${reason}`,
  }),
  /** 400: the body nests deeper than the limit. */
  tooDeep: (maxDepth: number): Refusal => ({
    status: 400,
    title: "Body nested too deep",
    detail: `The request body nests arrays and objects deeper than ${maxDepth} levels.`,
  }),
  /** An injected fault that answers a problem (503 `unavailable`, 429 `rate-limited` with Retry-After: see FAULTS). */
  injectedFault: (fault: Fault): Refusal => {
    const refusal = faultDefinition(fault.kind).refusal;
    if (refusal === undefined) throw new Error(`fault ${fault.kind} answers no problem`);
    return {
      status: refusal.status,
      detail: refusal.detail(fault),
      ...(refusal.headers ? { headers: refusal.headers(fault) } : {}),
    };
  },
  /** 500: the server itself failed on this request. */
  serverFailed: (message: string): Refusal => ({
    status: 500,
    detail: `The server failed: ${message}`,
  }),
  /** 431: Node's parser refused a head above the limit. */
  headTooLarge: (maxHeaderBytes: number): Refusal => ({
    status: 431,
    detail: `The request head is larger than ${maxHeaderBytes} bytes.`,
  }),
  /** 408: the head did not arrive in time. */
  headTimeout: (headersTimeoutMs: number): Refusal => ({
    status: 408,
    detail: `The request did not arrive within ${headersTimeoutMs} ms.`,
  }),
  /** 400: Node's parser refused the request (`why`: its error code). */
  notHttp: (why: string): Refusal => ({
    status: 400,
    detail: `The request is not valid HTTP/1.1 (${why}).`,
  }),
  /** 404 (proxy): no operation of the spec matches. */
  unknownOperation: (method: string, path: string): Refusal => ({
    status: 404,
    detail: `The proxy's spec has no operation ${method} ${path}.`,
  }),
  /** 401 or 422 (proxy): the request violates the spec and was not forwarded. */
  requestNotForwarded: (status: number, issues: readonly Issue<RequestPart>[]): Refusal => ({
    status,
    detail: `The request does not conform to the spec, so the proxy did not forward it: ${describeIssues(issues)}.`,
    issues: issues.filter((issue) => isParameterIssue(issue) || issue.check === "body"),
  }),
  /** 502 (proxy): the upstream's answer was too large to read. */
  upstreamTooLarge: (message: string): Refusal => ({
    status: 502,
    detail: `The proxy did not read the upstream's answer: ${message}.`,
  }),
  /** 504 (proxy): the upstream did not answer in time. */
  upstreamTimeout: (message: string): Refusal => ({
    status: 504,
    detail: `The proxy got no answer from the upstream: ${message}.`,
  }),
  /** 502 (proxy): the connection to the upstream failed. */
  upstreamTransport: (message: string): Refusal => ({
    status: 502,
    detail: `The proxy got no complete answer from the upstream: ${message}.`,
  }),
  /** 502 (proxy): the upstream's answer violates the spec. */
  upstreamNonConforming: (
    upstreamStatus: number,
    issues: readonly Issue<ConformanceCheck>[],
  ): Refusal => ({
    status: 502,
    detail: `The upstream's answer (${upstreamStatus}) does not conform to the spec: ${describeIssues(issues)}.`,
    extensions: { violations: issues.slice(0, LISTED_ENTRIES) },
  }),
  /** 500 (proxy): the proxy itself failed on this exchange. */
  proxyFailed: (message: string): Refusal => ({ status: 500, detail: message }),
} as const;

/**
 * A problem for `status`: the type and title of the spec's own example for that status when it has one
 * (e.g. its malformed-JSON 400), else `about:blank` and the standard reason phrase.
 */
export function problemFor(
  spec: SpecSource | undefined,
  status: number,
  detail: string,
  extensions: Record<string, unknown> = {},
): Problem {
  const example = spec ? problemExample(spec, status) : undefined;
  return {
    type: example?.type ?? "about:blank",
    title: example?.title ?? STATUS_CODES[status] ?? "Error",
    status,
    detail,
    ...extensions,
  };
}

/** The problem of a refusal: the spec's example for its status, or `about:blank` with its own title. */
export function refusalProblem(spec: SpecSource | undefined, refusal: Refusal): Problem {
  return {
    ...problemFor(spec, refusal.status, refusal.detail, {
      ...(refusal.issues ? { errors: problemErrors(refusal.issues, LISTED_ENTRIES) } : {}),
      ...refusal.extensions,
    }),
    ...(refusal.title ? { type: "about:blank", title: refusal.title } : {}),
  };
}

/** The answer carrying a refusal: its problem as problem+json, with the refusal's own headers. */
export function refusalAnswer(spec: SpecSource | undefined, refusal: Refusal): Answer {
  return {
    status: refusal.status,
    headers: { ...refusal.headers, "content-type": PROBLEM_MEDIA_TYPE },
    body: problemBody(refusalProblem(spec, refusal)),
  };
}

/** An answer carrying a problem that was built elsewhere (Prism's), with `headers` under the media type. */
export function problemAnswer(
  problem: Record<string, unknown> & { status: number },
  headers: Record<string, string> = {},
): Answer {
  return {
    status: problem.status,
    headers: { ...headers, "content-type": PROBLEM_MEDIA_TYPE },
    body: JSON.stringify(problem),
  };
}

/** The text of a problem as sent. */
function problemBody(problem: Problem): string {
  return JSON.stringify(problem);
}

/** A complete raw HTTP/1.1 response carrying a problem, for sockets without a ServerResponse (parse errors). */
export function rawProblemResponse(problem: Problem, headers: Record<string, string> = {}): string {
  const body = problemBody(problem);
  const lines = [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? "Error"}`,
    `Content-Type: ${PROBLEM_MEDIA_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
