import type { Issue } from "./generated/validators.js";
import { redact } from "./redact.js";
import type { Problem } from "./types.js";

/** Base class of every error the client throws (except the reason of an abort by your own signal). */
export class MerchantPaymentsError extends Error {
  /** @param message - human-readable text; never contains the access token. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    Object.defineProperty(this, "name", {
      value: new.target.name,
      enumerable: false,
      configurable: true,
      writable: true,
    });
  }

  /** A log-friendly plain object: name, message and the error's own fields (never request headers or the token). */
  toJSON(): Record<string, unknown> {
    return Object.assign({ name: this.name, message: this.message }, this as object);
  }
}

/** The service answered with a status other than 2xx. */
export class ApiError extends MerchantPaymentsError {
  /** HTTP status code of the response. */
  readonly status: number;
  /** The parsed problem body (JSON), or the raw text when the body is not JSON (e.g. an HTML gateway page). */
  readonly body: unknown;
  /** Response headers, lower-case names. */
  readonly headers: Record<string, string>;
  /** The request id the service or gateway returned (x-request-id or similar), if any. */
  readonly requestId: string | undefined;

  /** Built by the client from a response; you rarely construct one yourself. */
  constructor(status: number, body: unknown, headers: Record<string, string>, message?: string) {
    super(message ?? describe(status, body));
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.requestId =
      headers["x-request-id"] ??
      headers["request-id"] ??
      headers["x-correlation-id"] ??
      headers["x-amzn-requestid"];
  }

  /** The body as RFC 9457 problem details when it has a string `title` or numeric `status`; else undefined. */
  get problem(): Problem | undefined {
    const b = this.body as Partial<Problem> | null;
    return b !== null &&
      typeof b === "object" &&
      (typeof b.title === "string" || typeof b.status === "number")
      ? (b as Problem)
      : undefined;
  }
}

/** 400: the service could not read the request. */
export class BadRequestError extends ApiError {}
/** 401: the access token is missing or not accepted. */
export class AuthenticationError extends ApiError {}
/** 403: the token may not do this for this merchant. */
export class PermissionDeniedError extends ApiError {}
/** 404: the record does not exist. */
export class NotFoundError extends ApiError {}
/** 422: the request broke a constraint the service checks. */
export class UnprocessableEntityError extends ApiError {}
/** 5xx: the service or a gateway in front of it failed. */
export class ServerError extends ApiError {}

/** 429: too many requests; `retryAfterMs` says how long the service asked to wait. */
export class RateLimitError extends ApiError {
  /** Milliseconds to wait, from the Retry-After header (seconds or HTTP date); undefined when absent or unreadable. */
  readonly retryAfterMs: number | undefined;
  /** Built by the client from a 429 response. */
  constructor(status: number, body: unknown, headers: Record<string, string>) {
    super(status, body, headers);
    this.retryAfterMs = parseRetryAfter(headers["retry-after"]);
  }
}

/** The request was not sent because it breaks the spec; `issues` lists every violation with its JSON path. */
export class RequestValidationError extends MerchantPaymentsError {
  /** Every violation, e.g. { path: "/transactions/3/transactionAmount", message: "must be a finite number" }. */
  readonly issues: Issue[];
  /** Built by the client before any request is sent. */
  constructor(issues: Issue[]) {
    const shown = issues.slice(0, 5).map((i) => `${i.path || "(body)"} ${i.message}`);
    const more = issues.length > 5 ? `; and ${issues.length - 5} more` : "";
    super(`Invalid request: ${shown.join("; ")}${more}`);
    this.issues = issues;
  }
}

/** No response arrived within the timeout (per attempt). */
export class TimeoutError extends MerchantPaymentsError {
  /** The timeout that expired, in milliseconds. */
  readonly timeoutMs: number;
  /** Built by the client when an attempt times out. */
  constructor(timeoutMs: number) {
    super(`The request timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The request could not be completed at the network level (refused, reset, dropped); `cause` has the details. */
export class ConnectionError extends MerchantPaymentsError {
  /** Built by the client from the error fetch threw; `secret` (the token) is redacted from the message. */
  constructor(cause: unknown, secret?: string) {
    super(`Connection error: ${redact(causeText(cause), secret)}`, { cause });
  }
}

/** The token function threw, rejected or returned something that cannot be a Bearer token; nothing was sent, no retry. */
export class TokenError extends MerchantPaymentsError {
  /** Built by the client; the message never quotes the token, `cause` is what the token function threw. */
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** A 2xx response whose body could not be read as the operation's result (e.g. not JSON). */
export class UnexpectedResponseError extends MerchantPaymentsError {
  /** HTTP status code of the response. */
  readonly status: number;
  /** The raw response text. */
  readonly body: string;
  /** Built by the client from an unreadable 2xx response. */
  constructor(status: number, body: string) {
    super(`Unexpected response body for status ${status}: not valid JSON`);
    this.status = status;
    this.body = body;
  }
}

/** Milliseconds from a Retry-After value: delay-seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The ApiError subclass for a status code. */
export function apiErrorFor(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): ApiError {
  switch (status) {
    case 400:
      return new BadRequestError(status, body, headers);
    case 401:
      return new AuthenticationError(status, body, headers);
    case 403:
      return new PermissionDeniedError(status, body, headers);
    case 404:
      return new NotFoundError(status, body, headers);
    case 422:
      return new UnprocessableEntityError(status, body, headers);
    case 429:
      return new RateLimitError(status, body, headers);
    default:
      return status >= 500
        ? new ServerError(status, body, headers)
        : new ApiError(status, body, headers);
  }
}

function describe(status: number, body: unknown): string {
  if (body && typeof body === "object") {
    const p = body as { title?: unknown; detail?: unknown };
    const title = typeof p.title === "string" ? p.title : "";
    const detail = typeof p.detail === "string" ? p.detail : "";
    if (title || detail) return `${status} ${[title, detail].filter(Boolean).join(": ")}`;
  }
  if (typeof body === "string" && body.length > 0)
    return `${status} (non-JSON body; see error.body)`;
  return `HTTP ${status}`;
}

function causeText(cause: unknown): string {
  const parts: string[] = [];
  let c: unknown = cause;
  for (let i = 0; i < 4 && c && typeof c === "object"; i++) {
    const e = c as { message?: unknown; code?: unknown; cause?: unknown };
    const code = typeof e.code === "string" ? ` (${e.code})` : "";
    if (typeof e.message === "string" && e.message) parts.push(e.message + code);
    else if (code) parts.push(code.trim());
    c = e.cause;
  }
  return parts.join(": ") || "network failure";
}
