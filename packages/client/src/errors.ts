import { describeCauses } from "@merchant-payments/kit/causes";
import { redactSecret } from "@merchant-payments/kit/redact";
import { formatIssues, type Issue } from "@merchant-payments/spec/issues";
import { redactDeep } from "./redact.js";
import { firstRequestId, provesNothingSent, type RequestSent } from "./transport/transport.js";
import type { Problem } from "./types.js";

/**
 * Base class of every error the client throws (except the reason of an abort by your own signal). Each class states its
 * `name` itself (a minified bundle still reports "RateLimitError").
 */
export class MerchantPaymentsError extends Error {
  /**
   * False when the service certainly did not act on the request: it was never sent or never reached the service
   * (validation, token, options, DNS failure, connection refused), or the service refused it (4xx, 307/308). True when
   * it may have been acted on (timeout or reset after sending began, 5xx, other 3xx, an unreadable 2xx).
   */
  declare readonly mayHaveBeenProcessed: boolean;

  /** @param message - human-readable text; never contains the access token. */
  constructor(message: string, options?: { cause?: unknown; mayHaveBeenProcessed?: boolean }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.mayHaveBeenProcessed = options?.mayHaveBeenProcessed ?? true;
  }

  /** A log-friendly plain object: name, message and the error's own fields (never request headers or the token). */
  toJSON(): Record<string, unknown> {
    return Object.assign({ name: this.name, message: this.message }, this as object);
  }

  override get name(): string {
    return "MerchantPaymentsError";
  }
}

/** The service answered with a status other than 2xx. */
export class ApiError extends MerchantPaymentsError {
  /** HTTP status code of the response. */
  declare readonly status: number;
  /** The parsed problem body (JSON), or the raw text when the body is not JSON (e.g. an HTML gateway page). */
  declare readonly body: unknown;
  /** Response headers, lower-case names. */
  declare readonly headers: Record<string, string>;
  /** The request id the service or gateway returned (x-request-id or similar), if any. */
  declare readonly requestId: string | undefined;

  /** Built by the client from a response; you rarely construct one yourself. */
  constructor(status: number, body: unknown, headers: Record<string, string>, message?: string) {
    super(message ?? describe(status, body), {
      mayHaveBeenProcessed: statusMayHaveBeenProcessed(status),
    });
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.requestId = firstRequestId((name) => headers[name]);
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

  override get name(): string {
    return "ApiError";
  }
}

/** 400: the service could not read the request. */
export class BadRequestError extends ApiError {
  override get name(): string {
    return "BadRequestError";
  }
}
/** 401: the access token is missing or not accepted. */
export class AuthenticationError extends ApiError {
  override get name(): string {
    return "AuthenticationError";
  }
}
/** 403: the token may not do this for this merchant. */
export class PermissionDeniedError extends ApiError {
  override get name(): string {
    return "PermissionDeniedError";
  }
}
/** 404: the record does not exist. */
export class NotFoundError extends ApiError {
  override get name(): string {
    return "NotFoundError";
  }
}
/** 422: the request broke a constraint the service checks. */
export class UnprocessableEntityError extends ApiError {
  override get name(): string {
    return "UnprocessableEntityError";
  }
}
/** 5xx: the service or a gateway in front of it failed. */
export class ServerError extends ApiError {
  override get name(): string {
    return "ServerError";
  }
}

/**
 * 3xx: the service (or something in front of it) answered with a redirect. The client never follows one, never
 * retries and never re-sends: nothing reached the redirect target. `status` is 0 and `location` undefined when a
 * browser hid the redirect (an opaque-redirect response).
 */
export class RedirectError extends ApiError {
  /** The Location header: where the answer pointed; undefined when absent or hidden by the browser. */
  declare readonly location: string | undefined;
  /** Built by the client from a 3xx (or opaque-redirect) response. */
  constructor(status: number, body: unknown, headers: Record<string, string>) {
    const location = headers.location;
    super(
      status,
      body,
      headers,
      `${status === 0 ? "A redirect (hidden by the browser)" : `${status} redirect`}${
        location ? ` to ${location}` : ""
      }: the client does not follow redirects; check baseUrl`,
    );
    this.location = location;
  }

  override get name(): string {
    return "RedirectError";
  }
}

/** 429: too many requests; `retryAfterMs` says how long the service asked to wait. */
export class RateLimitError extends ApiError {
  /** Milliseconds to wait, from the Retry-After header (seconds or HTTP date); undefined when absent or unreadable. */
  declare readonly retryAfterMs: number | undefined;
  /** Built by the client from a 429 response. */
  constructor(status: number, body: unknown, headers: Record<string, string>) {
    super(status, body, headers);
    this.retryAfterMs = parseRetryAfter(headers["retry-after"]);
  }

  override get name(): string {
    return "RateLimitError";
  }
}

/** The request was not sent because it breaks the spec; `issues` lists every violation with its JSON path. */
export class RequestValidationError extends MerchantPaymentsError {
  /** Every violation, e.g. { path: "/transactions/3/transactionAmount", message: "must be a finite number" }. */
  declare readonly issues: Issue[];
  /** Built by the client before any request is sent. */
  constructor(issues: Issue[]) {
    super(`Invalid request: ${formatIssues(issues)}`, { mayHaveBeenProcessed: false });
    this.issues = issues;
  }

  override get name(): string {
    return "RequestValidationError";
  }
}

/** What the client knows of an attempt that ended without a whole response. */
export interface AttemptDetails {
  /** How much of the request had been handed to the network. Default "unknown". */
  requestSent?: RequestSent;
  /** The request id of the response head, when it arrived before the failure. */
  requestId?: string | undefined;
}

const SENT_TEXT: Record<RequestSent, string> = {
  none: "before anything was sent",
  partial: "while the request was being sent",
  complete: "after the whole request was sent",
  unknown: "(the request may have been sent)",
};

/**
 * No whole response arrived within the timeout (per attempt). `requestSent` tells a timeout before any byte was sent
 * ("none": not processed) from one after the whole request was sent ("complete").
 */
export class TimeoutError extends MerchantPaymentsError {
  /** The timeout that expired, in milliseconds. */
  declare readonly timeoutMs: number;
  /** How much of the request had been sent when the timeout expired ("unknown" when the transport cannot tell). */
  declare readonly requestSent: RequestSent;
  /** The request id of the response headers, when they arrived before the timeout (the body stalled). */
  declare readonly requestId: string | undefined;
  /** Built by the client when an attempt times out. */
  constructor(timeoutMs: number, details: AttemptDetails = {}) {
    const requestSent = details.requestSent ?? "unknown";
    super(`The request timed out after ${timeoutMs} ms ${SENT_TEXT[requestSent]}`, {
      mayHaveBeenProcessed: requestSent !== "none",
    });
    this.timeoutMs = timeoutMs;
    this.requestSent = requestSent;
    this.requestId = details.requestId;
  }

  override get name(): string {
    return "TimeoutError";
  }
}

/**
 * The request could not be completed at the network level (DNS, refused, reset, dropped); `cause` has the details,
 * with the access token redacted from it.
 */
export class ConnectionError extends MerchantPaymentsError {
  /** How much of the request had been sent; "none" when the cause proves nothing reached the server. */
  declare readonly requestSent: RequestSent;
  /** The request id of the response headers, when they arrived before the connection failed. */
  declare readonly requestId: string | undefined;
  /** Built by the client from the error the transport reported; `secret` (the token) is redacted from message and cause. */
  constructor(cause: unknown, secret?: string, details: AttemptDetails = {}) {
    const requestSent = details.requestSent ?? (provesNothingSent(cause) ? "none" : "unknown");
    super(`Connection error: ${redactSecret(causeText(cause), secret)}`, {
      cause: redactDeep(cause, secret),
      mayHaveBeenProcessed: requestSent !== "none",
    });
    this.requestSent = requestSent;
    this.requestId = details.requestId;
  }

  override get name(): string {
    return "ConnectionError";
  }
}

/** The token function threw, rejected or returned something that cannot be a Bearer token; nothing was sent, no retry. */
export class TokenError extends MerchantPaymentsError {
  /** Built by the client; the message never quotes the token, `cause` is what the token function threw. */
  constructor(message: string, cause?: unknown) {
    super(message, { cause, mayHaveBeenProcessed: false });
  }

  override get name(): string {
    return "TokenError";
  }
}

/** Most characters of an answer body an error keeps (`body`): a longer body is cut there, with a note of the rest. */
export const MAX_BODY_EXCERPT_CHARS = 65_536;

/** `text` cut to MAX_BODY_EXCERPT_CHARS characters, with "…[N more characters]" when it was longer. */
export function excerpt(text: string): string {
  return text.length <= MAX_BODY_EXCERPT_CHARS
    ? text
    : `${text.slice(0, MAX_BODY_EXCERPT_CHARS)}…[${text.length - MAX_BODY_EXCERPT_CHARS} more characters]`;
}

/**
 * An answer whose body could not be read as the operation's result: a 2xx body that is not JSON (or is empty) where
 * the spec declares JSON, JSON nested deeper than the client reads, or a content coding (gzip, deflate, br) that is
 * corrupt or truncated. A 2xx may have been processed; for another status `mayHaveBeenProcessed` follows the status.
 */
export class UnexpectedResponseError extends MerchantPaymentsError {
  /** HTTP status code of the response. */
  declare readonly status: number;
  /** The response text (at most MAX_BODY_EXCERPT_CHARS characters, the access token redacted). */
  declare readonly body: string;
  /** The request id of the response headers, if any. */
  declare readonly requestId: string | undefined;
  /** Built by the client from an unreadable response; `reason` says why (default "not valid JSON"). */
  constructor(status: number, body: string, requestId?: string, reason = "not valid JSON") {
    super(`Unexpected response body for status ${status}: ${reason}`, {
      mayHaveBeenProcessed: statusMayHaveBeenProcessed(status),
    });
    this.status = status;
    this.body = excerpt(body);
    this.requestId = requestId;
  }

  override get name(): string {
    return "UnexpectedResponseError";
  }
}

/**
 * The answer's body was larger than `maxResponseBytes`, as received or once decoded (gzip, deflate, br): the attempt
 * stopped reading it there. `mayHaveBeenProcessed` is what the answer's status says (true for 2xx and 5xx).
 */
export class ResponseTooLargeError extends MerchantPaymentsError {
  /** The limit, in bytes. */
  declare readonly maxResponseBytes: number;
  /** HTTP status code of the response. */
  declare readonly status: number;
  /** The request id of the response headers, if any. */
  declare readonly requestId: string | undefined;
  /** Built by the client when an answer passes `maxResponseBytes`. */
  constructor(maxResponseBytes: number, status: number, requestId?: string) {
    super(
      `The ${status} answer is larger than maxResponseBytes (${maxResponseBytes} bytes); it was not read`,
      { mayHaveBeenProcessed: statusMayHaveBeenProcessed(status) },
    );
    this.maxResponseBytes = maxResponseBytes;
    this.status = status;
    this.requestId = requestId;
  }

  override get name(): string {
    return "ResponseTooLargeError";
  }
}

/**
 * `error` (a TypeError or RangeError about the arguments or options, thrown before anything is sent) with
 * `mayHaveBeenProcessed: false`, like every error a method throws.
 */
export function notSent<E extends Error>(error: E): E & { readonly mayHaveBeenProcessed: false } {
  Object.defineProperty(error, "mayHaveBeenProcessed", { value: false, enumerable: true });
  return error as E & { readonly mayHaveBeenProcessed: false };
}

/**
 * Whether an answer with this status may have been acted on: 2xx, 5xx and 3xx other than 307/308 may; 4xx did not.
 */
function statusMayHaveBeenProcessed(status: number): boolean {
  if (status >= 400 && status < 500) return false;
  return status !== 307 && status !== 308;
}

/** Milliseconds from a Retry-After value: delay-seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  // An HTTP date names its weekday or month; anything else ("-1", "1e3") is unreadable, not a date of year -1.
  if (!/^[A-Za-z]{3}/.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The ApiError subclass of each 4xx status that has one. */
const BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * The ApiError subclass the client throws for an answer's status: RedirectError for 3xx and for 0 (a redirect the
 * browser hid), the 4xx's own class (ApiError itself for one without), ServerError for 5xx.
 */
export function errorClassFor(status: number): typeof ApiError {
  if (status < 400 && (status === 0 || status >= 300)) return RedirectError;
  return BY_STATUS[status] ?? (status >= 500 ? ServerError : ApiError);
}

/** The ApiError of an answer's status (see `errorClassFor`). */
export function apiErrorFor(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): ApiError {
  return new (errorClassFor(status))(status, body, headers);
}

/** The message of an error answer: "404 Not Found: detail" from a problem body, else what kind of body it had. */
function describe(status: number, body: unknown): string {
  const { title, detail } = (body && typeof body === "object" ? body : {}) as Record<
    string,
    unknown
  >;
  const said = [title, detail].filter((part) => typeof part === "string" && part !== "");
  if (said.length > 0) return `${status} ${said.join(": ")}`;
  if (typeof body === "string" && body.length > 0)
    return `${status} (non-JSON body; see error.body)`;
  return `HTTP ${status}`;
}

/** The messages and codes along the cause chain (its first 4 links), or "network failure" when none says anything. */
function causeText(cause: unknown): string {
  return describeCauses(cause, 4) || "network failure";
}

/** A value as a message shows it: a string quoted, an object as JSON, a function as "a function". */
function shown(value: unknown): string {
  if (typeof value === "function") return "a function";
  try {
    if (typeof value === "string" || typeof value === "object") return JSON.stringify(value);
  } catch {
    // a cycle or a BigInt inside: shown as String shows it
  }
  return String(value);
}

/** Marks a value a message must not show (a URL that may hold credentials, a logger object). */
const HIDDEN = Symbol("hidden");

/**
 * Throws, unless `ok`, a TypeError (or `Class`) "`where`: `rule`; got `value`" with `mayHaveBeenProcessed: false`.
 * `rule` says what is expected, with an example when one helps; without `value`, the message shows none.
 */
export function ensure(
  ok: boolean,
  where: string,
  rule: string,
  value: unknown = HIDDEN,
  Class: typeof TypeError | typeof RangeError = TypeError,
): void {
  const got = value === HIDDEN ? "" : `; got ${shown(value)}`;
  if (!ok) throw notSent(new Class(`${where}: ${rule}${got}`));
}
