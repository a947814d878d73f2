import { type BaseUrl, checkBaseUrl } from "@merchant-payments/kit/base-url";
import { MAX_TIMER_MS } from "@merchant-payments/kit/timers";
import type { DecimalMode } from "./decimals.js";
import { ensure, notSent } from "./errors.js";
import {
  defaultAcceptLanguage,
  defaultMaxResponseBytes,
  type OperationId,
  operations,
} from "./generated/operation-table.js";
import { checkHeaders } from "./headers.js";
import { type Log, type Logger, type LogLevel, resolveLog } from "./logger.js";
import { MIN_TOKEN_LENGTH } from "./redact.js";
import { fetchTransport, type Transport } from "./transport/transport.js";

/** Backoff settings; every delay is in milliseconds. */
export interface BackoffOptions {
  /** First retry waits about this long, doubling each attempt (with jitter). Default 250 ms. */
  baseDelayMs?: number;
  /** Upper bound of one exponential backoff delay. Default 8000 ms. */
  maxDelayMs?: number;
  /** Longest Retry-After the client will wait; a longer one ends the retries. Default 60000 ms. */
  maxRetryAfterMs?: number;
}

/** An access token, or a function returning one; the function is called for every request and retry. */
export type TokenSource = string | (() => string | Promise<string>);

/** Options of createMerchantPaymentsClient; `Decimals` is the type of the `decimals` option. */
export interface ClientOptions<Decimals extends DecimalMode = DecimalMode> {
  /**
   * The service's {base_url}, including the environment and `v1` segments, e.g. "https://api.example.com/sandbox/v1".
   * Parsed as a URL: a query ("?tenant=a") is kept after every operation's path; a fragment, credentials, whitespace or
   * a scheme other than http/https is a TypeError. Required.
   */
  baseUrl: string;
  /**
   * Bearer access token (at least 8 characters), or a function called for every request (and retry). Required,
   * unless the client is given only API keys (`apiKey`/`apiKeys`) for operations secured by them.
   */
  token: TokenSource;
  /**
   * The API key of every operation the spec secures with an API key (in a header or the query, as its security
   * scheme says), or a function called for every request; redacted like the token. Default none.
   */
  apiKey?: TokenSource;
  /** API keys by security scheme name (e.g. `{ ApiKeyHeader: "…" }`), over `apiKey`. Default none. */
  apiKeys?: Readonly<Record<string, TokenSource>>;
  /** Accept-Language header of every request. Default: the spec's default, "en". */
  acceptLanguage?: string;
  /** Timeout of each attempt, in milliseconds, covering the response body too (Infinity: none). Default 30000. */
  timeoutMs?: number;
  /** Retries after the first attempt for operations the spec marks safe. Default 2. */
  maxRetries?: number;
  /** A fetch implementation, called as fetch(url, init) (and fetch(Request) by `raw`). Default globalThis.fetch. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Sends each attempt of the typed methods (see `Transport`). Default: `fetchTransport` over `fetch`. */
  transport?: Transport;
  /** Backoff between retries, in milliseconds. Default { baseDelayMs: 250, maxDelayMs: 8000, maxRetryAfterMs: 60000 }. */
  backoff?: BackoffOptions;
  /**
   * Headers sent with every request (e.g. a tenant or tracing header). `Authorization`, `Content-Type` and headers the
   * client copies from the body are refused with a TypeError. Default none.
   */
  defaultHeaders?: Record<string, string>;
  /** Where log lines go: an object with error/warn/info/debug methods, e.g. `console`. Default `console`. */
  logger?: Logger;
  /**
   * How much is logged: "off", "error" (failed calls), "warn" (+ retries), "info" (+ every completed call) or "debug"
   * (+ every attempt, with headers; Authorization and cookies shown as "***"). Default "off".
   */
  logLevel?: LogLevel;
  /**
   * How decimal fields (the spec's `format: decimal`) are handed over: `"number"` (JS numbers) or `"string"` (the
   * exact text the service sent, e.g. "100.10"; requests then also take decimal strings, sent as JSON numbers with
   * exactly those digits). Default "number".
   */
  decimals?: Decimals;
  /** Checks every 2xx answer against the operation's schema; a violation throws ResponseValidationError. Default false. */
  validateResponses?: boolean;
  /**
   * Largest answer body read, in bytes, as received and once decoded (gzip, deflate, br); a bigger one ends the attempt
   * with ResponseTooLargeError without being buffered. Default `clientDefaults.maxResponseBytes`: sized from the spec
   * (its largest `maxItems` times 1 KiB per item, plus 1 MiB; see the README).
   */
  maxResponseBytes?: number;
}

/** Per-call options; each overrides the client's option of the same name for this call only. */
export interface RequestOptions {
  /** Aborts the call (and any retry wait); the call then rejects with the signal's reason. Default none. */
  signal?: AbortSignal;
  /** Timeout of each attempt, in milliseconds. Default: the client's timeoutMs (30000). */
  timeoutMs?: number;
  /** Accept-Language header for this call. Default: the client's acceptLanguage ("en"). */
  acceptLanguage?: string;
  /** Retries for this call. Default: the client's maxRetries (2). */
  maxRetries?: number;
  /** Headers for this call, over the client's defaultHeaders; same refusals as defaultHeaders. Default none. */
  headers?: Record<string, string>;
}

/** Every default of the client's options, stated once. */
export const clientDefaults = {
  /** Accept-Language sent when no call or client option sets one: the spec's `default` of that header, today `"en"`. */
  acceptLanguage: defaultAcceptLanguage,
  /** Per-attempt timeout, in milliseconds. */
  timeoutMs: 30000,
  /** Retries after the first attempt, for operations the spec marks safe. */
  maxRetries: 2,
  /** Backoff between retries, in milliseconds. */
  backoff: { baseDelayMs: 250, maxDelayMs: 8000, maxRetryAfterMs: 60000 } as Readonly<
    Required<BackoffOptions>
  >,
  /** Nothing is logged unless asked for. */
  logLevel: "off" as LogLevel,
  /** Decimal fields are JS numbers. */
  decimals: "number" as DecimalMode,
  /** Answers are not checked against their schemas. */
  validateResponses: false,
  /** Largest answer body, in bytes (received and decoded), from the spec: its largest maxItems × 1 KiB + 1 MiB. */
  maxResponseBytes: defaultMaxResponseBytes,
} as const;

/** The base URL split for building each operation's URL: `prefix + path + query` (the workspace's one check). */
export type { BaseUrl };

/** Client options with every default applied and every value checked: what the client runs on. */
export interface ResolvedOptions {
  readonly baseUrl: BaseUrl;
  /** The bearer token; undefined only for a client given API keys alone (its calls that need it are refused). */
  readonly token: TokenSource | undefined;
  /** The API key of every API-key scheme, if given. */
  readonly apiKey: TokenSource | undefined;
  /** API keys by security scheme name, if given. */
  readonly apiKeys: Readonly<Record<string, TokenSource>> | undefined;
  readonly acceptLanguage: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly backoff: Readonly<Required<BackoffOptions>>;
  /** Whether the user gave a fetch (which may keep or edit the headers object it is given; a transport may not). */
  readonly customTransport: boolean;
  readonly transport: Transport;
  /** defaultHeaders with lower-case names; empty when none. */
  readonly defaultHeaders: Readonly<Record<string, string>>;
  /** The logger at its level; undefined when logLevel is "off". */
  readonly log: Log | undefined;
  readonly decimals: DecimalMode;
  readonly validateResponses: boolean;
  readonly maxResponseBytes: number;
}

const WHERE = "createMerchantPaymentsClient";

/**
 * Checks every client option and applies the defaults of {@link clientDefaults}, once, at creation. Throws TypeError for
 * a missing or unusable baseUrl, token, acceptLanguage, headers or logger, RangeError for numbers out of range (each
 * with `mayHaveBeenProcessed: false`).
 */
export function resolveOptions(options: ClientOptions<DecimalMode>): ResolvedOptions {
  ensure(
    !!options && typeof options === "object",
    WHERE,
    "options { baseUrl, token } are required",
    options,
  );
  const baseUrl = parseBaseUrl(options.baseUrl);
  const token = options.token;
  const { apiKey, apiKeys } = options;
  // Every credential given is checked like the token; with API keys alone (no token), only operations secured by an
  // API key (or by nothing) can be called.
  const credentials: [string, unknown][] = Object.entries(apiKeys ?? {}).map(([k, v]) => [
    `apiKeys.${k}`,
    v,
  ]);
  if (apiKey !== undefined) credentials.push(["apiKey", apiKey]);
  if (token !== undefined || credentials.length === 0) credentials.push(["token", token]);
  for (const [name, value] of credentials) checkCredential(value, name);
  const acceptLanguage = options.acceptLanguage ?? clientDefaults.acceptLanguage;
  const timeoutMs = options.timeoutMs ?? clientDefaults.timeoutMs;
  const maxRetries = options.maxRetries ?? clientDefaults.maxRetries;
  const decimals = options.decimals ?? clientDefaults.decimals;
  const maxResponseBytes = options.maxResponseBytes ?? clientDefaults.maxResponseBytes;
  ensure(
    Number.isInteger(maxResponseBytes) && (maxResponseBytes as number) > 0,
    WHERE,
    "maxResponseBytes must be a whole number of bytes above 0",
    maxResponseBytes,
    RangeError,
  );
  const { fetch, transport } = options;
  checkAcceptLanguage(acceptLanguage, WHERE);
  checkTimeoutMs(timeoutMs, WHERE);
  checkMaxRetries(maxRetries, WHERE);
  const backoff = { ...clientDefaults.backoff };
  for (const name of Object.keys(backoff) as (keyof typeof backoff)[]) {
    const value = options.backoff?.[name];
    if (value === undefined) continue;
    ensure(
      typeof value === "number" && value >= 0 && value <= MAX_TIMER_MS,
      WHERE,
      `backoff.${name} must be a number of milliseconds from 0 to ${MAX_TIMER_MS}`,
      value,
      RangeError,
    );
    backoff[name] = value;
  }
  ensure(
    decimals === "number" || decimals === "string",
    WHERE,
    'decimals must be "number" or "string"',
    decimals,
  );
  ensure(
    fetch === undefined || typeof fetch === "function",
    WHERE,
    "fetch must be a function (input, init) => Promise<Response>",
    fetch,
  );
  ensure(
    transport === undefined || typeof transport === "function",
    WHERE,
    "transport must be a function (request) => Promise<TransportResponse>",
    transport,
  );
  return {
    baseUrl,
    token,
    apiKey,
    apiKeys,
    acceptLanguage,
    timeoutMs,
    maxRetries,
    backoff,
    customTransport: fetch !== undefined,
    // Calls globalThis.fetch at call time when no fetch is given (a polyfill or a test may set it later).
    transport: transport ?? fetchTransport((url, init) => (fetch ?? globalThis.fetch)(url, init)),
    defaultHeaders: checkHeaders(options.defaultHeaders, `${WHERE}: defaultHeaders`),
    log: resolveLog(options.logger, options.logLevel ?? clientDefaults.logLevel),
    decimals,
    validateResponses: options.validateResponses === true,
    maxResponseBytes,
  };
}

/**
 * Throws TypeError (nothing sent) unless `value` is a usable credential: a string a Bearer token or API key can be
 * (see tokenProblem), or a function.
 */
function checkCredential(value: unknown, name: string): void {
  ensure(
    typeof value === "string" || typeof value === "function",
    WHERE,
    `${name} must be a string or a function; got ${value === null ? "null" : typeof value}`,
  );
  const problem = typeof value === "string" ? tokenProblem(value) : undefined;
  if (problem !== undefined) throw notSent(new TypeError(`${WHERE}: ${name} is ${problem}`));
}

/**
 * The base URL checked by the workspace's one rule set (`@merchant-payments/kit/base-url`, bundled in), its query
 * kept. Throws TypeError for a missing value, whitespace or control characters anywhere (which URL would silently
 * strip), a relative URL, a scheme other than http/https, credentials, or a fragment (which would silently drop what
 * follows it).
 */
export function parseBaseUrl(value: unknown, where = WHERE): BaseUrl {
  const base = checkBaseUrl(value, { query: "keep" });
  if (!base.ok)
    ensure(false, where, `baseUrl ${base.problem}, e.g. "https://api.example.com/sandbox/v1"`);
  return base as BaseUrl;
}

/** The URL of an operation under the base URL: prefix, the operation's path, then the base URL's query. */
export function operationUrl(base: BaseUrl, operation: OperationId): string {
  return base.prefix + operations[operation].path + base.query;
}

/** Why `token` cannot be sent as a Bearer credential, or undefined when it can; never quotes the token. */
export function tokenProblem(token: unknown): string | undefined {
  if (typeof token !== "string")
    return `a ${token === null ? "null" : typeof token} instead of a string`;
  if (token === "") return "an empty string";
  // Visible ASCII only (RFC 6750 b64token is a subset): no space, control or non-ASCII character.
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return token.startsWith("Bearer ")
      ? 'a value starting with "Bearer " (pass the token alone)'
      : "characters a Bearer token cannot hold (whitespace, control or non-ASCII)";
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    return `shorter than ${MIN_TOKEN_LENGTH} characters (too short to be a real token, and to redact safely)`;
  }
  return undefined;
}

/** Throws RangeError unless `value` is a timeout in milliseconds: a number above 0, or Infinity for none. */
export function checkTimeoutMs(value: unknown, where: string): void {
  ensure(
    typeof value === "number" && value > 0,
    where,
    "timeoutMs must be a number of milliseconds above 0 (Infinity for none)",
    value,
    RangeError,
  );
}

/** Throws RangeError unless `value` is a retry count: a whole number, 0 or more. */
export function checkMaxRetries(value: unknown, where: string): void {
  ensure(
    Number.isInteger(value) && (value as number) >= 0,
    where,
    "maxRetries must be a whole number, 0 or more",
    value,
    RangeError,
  );
}

/** Throws TypeError unless `value` can be sent as Accept-Language (a non-empty string of visible ASCII). */
export function checkAcceptLanguage(value: unknown, where: string): void {
  // A header value a fetch accepts: visible ASCII, inner spaces allowed.
  ensure(
    typeof value === "string" && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value),
    where,
    'acceptLanguage must be a non-empty string of visible ASCII, e.g. "en" or "en-US, fr;q=0.5"',
    value,
  );
}
