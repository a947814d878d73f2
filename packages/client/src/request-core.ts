import { whenAbortedOrDue } from "@merchant-payments/kit/timers";
import { placeBearer } from "@merchant-payments/spec/wire/credentials";
import type { BeyondJson } from "./beyond-json.js";
import { withWireDates } from "./dates.js";
import {
  MerchantPaymentsError,
  notSent,
  RequestValidationError,
  TokenError,
  UnexpectedResponseError,
} from "./errors.js";
import {
  type OperationId,
  type OperationInfo,
  operations,
  type SecurityInfo,
} from "./generated/operation-table.js";
import { type Issue, parameterValidators, validators } from "./generated/validators.js";
import { checkHeaders, NO_HEADERS } from "./headers.js";
import type { WithIntegerStrings } from "./integer-strings.js";
import type { Log } from "./logger.js";
import {
  checkAcceptLanguage,
  checkMaxRetries,
  checkTimeoutMs,
  operationUrl,
  type RequestOptions,
  type ResolvedOptions,
  tokenProblem,
} from "./options.js";
import { retryDelay, shouldRetry, sleep } from "./retry.js";
import type { TokenFrom } from "./token-function.js";
import { sendAttempt } from "./transport/attempt.js";
import { replaceAtPaths } from "./wire-values.js";
import { ApiPromise, type Exchange } from "./with-response.js";

/** The `x-accepts-integer` rewriting (integer-strings.ts), loaded on the first call of an operation with such fields. */
let integerStrings: Promise<WithIntegerStrings> | undefined;

/**
 * A JSON body as sent: a Date at a `format: date` field as its calendar date, an `x-accepts-integer` number as its
 * digits (an unsafe one reported in `issues`).
 */
async function wireBody(info: OperationInfo, body: unknown, issues: Issue[]): Promise<unknown> {
  const dated = withWireDates(body, info.dateFields);
  if (info.integerStringFields.length === 0) return dated;
  integerStrings ??= import("./integer-strings.js").then((m) =>
    m.createWithIntegerStrings(replaceAtPaths),
  );
  return (await integerStrings)(dated, info.integerStringFields, issues);
}

/** The module of what operations beyond a JSON body need (parameters, other media, pagination), loaded once. */
let beyondJson: Promise<BeyondJson> | undefined;

/** The error of a next cursor the server gave before (following it would never end). */
function cursorRepeated(cursor: string): Error {
  return new UnexpectedResponseError(
    200,
    "",
    undefined,
    `its next cursor ${cursor.slice(0, 64)} was given before (pagination would never end)`,
  );
}

/**
 * Loads the parts of the pipeline only operations beyond a JSON object body use, on the first call of one (its chunk
 * imports nothing of the entry: what it needs is passed in each call).
 */
export function loadBeyondJson(): Promise<BeyondJson> {
  beyondJson ??= import("./beyond-json.js").then((m) =>
    m.pipelineParts({ cursorRepeated, noToken, notSent, tokenFrom }),
  );
  return beyondJson;
}

/** The caller of token functions, loaded once. */
let tokenFunction: Promise<TokenFrom> | undefined;

/**
 * Calls a token (or API key) function (see token-function.ts): imported on the first call of a client whose token is
 * a function, handed what it uses of the entry (so that its chunk shares no code with the entry).
 */
const tokenFrom: TokenFrom = (...args) => {
  tokenFunction ??= import("./token-function.js").then((m) =>
    m.createTokenFrom({ TokenError, tokenProblem, whenAbortedOrDue }),
  );
  return tokenFunction.then((call) => call(...args));
};

/** The error of a call that needs the bearer token on a client given API keys alone (nothing is sent). */
function noToken(op: string): Error {
  return notSent(
    new TypeError(`${op}: this operation needs a bearer token: give the client a \`token\``),
  );
}

/** Turns a completed exchange into a method's result (throws UnexpectedResponseError for an unreadable answer). */
type ParseAnswer<T> = (exchange: Exchange) => T;

/** The shared request core of every method: validation, headers, attempts, retries, logging. */
export interface RequestCore {
  /**
   * Sends `body` as operation `operation` and returns the method's ApiPromise; `issues` are violations found before
   * (they join the validator's). Every rejection is a MerchantPaymentsError, a TypeError/RangeError about the options
   * (all with `mayHaveBeenProcessed`), or the reason of the caller's abort.
   */
  send<T>(
    operation: OperationId,
    body: unknown,
    options: RequestOptions | undefined,
    parse: ParseAnswer<T>,
    issues?: Issue[],
  ): ApiPromise<T>;
}

/** The per-call settings: the client's, with the call's options (checked) over them. */
interface CallSettings {
  readonly callHeaders: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly signal: AbortSignal | undefined;
  readonly language: string | undefined;
}

/**
 * The call's settings: a per-call value given (even as null) is checked; only undefined keeps the client's. A bad
 * one is a TypeError or RangeError, nothing sent.
 */
function callSettings(
  resolved: ResolvedOptions,
  op: OperationId,
  callOptions: RequestOptions | undefined,
): CallSettings {
  const settings = {
    callHeaders: NO_HEADERS,
    timeoutMs: resolved.timeoutMs,
    retries: resolved.maxRetries,
    signal: callOptions?.signal,
    language: callOptions?.acceptLanguage,
  };
  if (callOptions === undefined) return settings;
  try {
    if (callOptions.timeoutMs !== undefined) settings.timeoutMs = callOptions.timeoutMs;
    if (callOptions.maxRetries !== undefined) settings.retries = callOptions.maxRetries;
    checkTimeoutMs(settings.timeoutMs, op);
    checkMaxRetries(settings.retries, op);
    if (settings.language !== undefined) checkAcceptLanguage(settings.language, op);
    settings.callHeaders = checkHeaders(callOptions.headers, `${op}: headers`);
  } catch (err) {
    throw notSent(err as Error);
  }
  return settings;
}

/** What one attempt sends: URL, headers, the credential to redact, the headers for a log line (keys as "***"). */
interface AttemptParts {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly secret: string | undefined;
  readonly logged?: Record<string, string> | undefined;
}

/**
 * The headers of one attempt, for every operation, but its credentials. Header parameters come before the client's
 * defaultHeaders and the call's headers; Content-Type only with a body. Accept-Language: the call's acceptLanguage,
 * else the call's headers, else the client's defaultHeaders, else the client's acceptLanguage. Headers the operation
 * copies from the body come from `body`.
 */
function composeHeaders(
  resolved: ResolvedOptions,
  info: OperationInfo,
  call: {
    readonly contentType: string | undefined;
    readonly parameterHeaders: Readonly<Record<string, string>>;
    readonly body: unknown;
  },
  language: string | undefined,
  callHeaders: Readonly<Record<string, string>>,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: info.accept,
    "accept-language": resolved.acceptLanguage,
    ...call.parameterHeaders,
    ...resolved.defaultHeaders,
    ...callHeaders,
  };
  if (call.contentType !== undefined) headers["content-type"] = call.contentType;
  if (language !== undefined) headers["accept-language"] = language;
  const body = call.body as Record<string, unknown> | undefined;
  for (const [name, prop] of info.derivedHeaders) headers[name] = String(body?.[prop]);
  return headers;
}

/** A plain JSON-body operation's credential: the bearer token, placed by the spec's wire module. */
function withBearer(headers: Record<string, string>, token: string): Record<string, string> {
  const placed = placeBearer(token);
  headers[placed.name] = placed.value;
  return headers;
}

/** A call checked and encoded: its body as sent, and what each attempt's URL and headers are made of. */
interface PreparedCall {
  readonly op: OperationId;
  /** The parts of the pipeline an operation beyond a plain JSON body loaded (its credentials step among them). */
  readonly parts: BeyondJson | undefined;
  readonly security: readonly SecurityInfo[];
  readonly payload: string | Uint8Array | undefined;
  readonly contentType: string | undefined;
  /** True when an answer may be a Blob (its bytes are kept). */
  readonly bytes: boolean;
  readonly url: string;
  readonly parameterHeaders: Readonly<Record<string, string>>;
  /** The body as given (dates and integer strings as sent), for the headers the operation copies from it. */
  readonly body: unknown;
}

/**
 * The one pipeline every call goes through: the security alternative the client can fill; the argument split into
 * parameters and body (an operation beyond a JSON body loads those parts of the pipeline on first use); an unknown
 * argument, each parameter and the body checked (all named in one RequestValidationError, nothing sent); the body
 * encoded in its media type; the URL and header parameters written by the spec's wire module.
 */
async function prepareCall(
  resolved: ResolvedOptions,
  url: string,
  op: OperationId,
  input: unknown,
  issues: Issue[],
  stringify: (value: unknown) => Promise<string>,
): Promise<PreparedCall> {
  const info: OperationInfo = operations[op];
  const decimalStrings = resolved.decimals === "string";
  const parts = info.beyondJsonBody === true ? await loadBeyondJson() : undefined;
  // The security alternative the client can fill: a plain JSON-body operation's is the bearer token alone.
  if (!parts && resolved.token === undefined) throw noToken(op);
  const security = parts?.securityFor(resolved, op, info) ?? [];
  const split = parts
    ? parts.checkArguments(info, input, issues, parameterValidators[op], decimalStrings)
    : { params: {}, body: input };
  const json = (info.body?.kind ?? "json") === "json";
  const given =
    json && (split.body !== undefined || !parts)
      ? await wireBody(info, split.body, issues)
      : split.body;
  if (parts) parts.checkBody(info, given, issues, validators[op], decimalStrings);
  else validators[op](given, issues, decimalStrings);
  if (issues.length > 0) throw new RequestValidationError(issues);
  const encoded = parts
    ? await parts.encodeBody(info.body, given, stringify)
    : { body: await stringify(given), contentType: "application/json" };
  return {
    op,
    parts,
    security,
    payload: encoded.body,
    contentType: encoded.contentType,
    bytes: Object.values(info.answers ?? {}).some((a) => a.kind === "blob"),
    url: parts?.urlOf(resolved.baseUrl, info, split.params) ?? url,
    parameterHeaders: parts?.headerParameters(info, split.params) ?? NO_HEADERS,
    body: given,
  };
}

/**
 * The whole headers of a call that sets none of its own, computed once per operation where they never change: a plain
 * JSON-body operation with the bearer token (a string) and no header copied from the body.
 */
function fixedHeadersOf(
  resolved: ResolvedOptions,
): Partial<Record<OperationId, Record<string, string>>> {
  const { token } = resolved;
  const fixed: Partial<Record<OperationId, Record<string, string>>> = {};
  if (typeof token !== "string") return fixed;
  for (const id of Object.keys(operations) as OperationId[]) {
    const info: OperationInfo = operations[id];
    if (
      info.derivedHeaders.length > 0 ||
      info.beyondJsonBody === true ||
      info.security !== undefined
    )
      continue;
    const call = { contentType: "application/json", parameterHeaders: NO_HEADERS, body: undefined };
    fixed[id] = withBearer(composeHeaders(resolved, info, call, undefined, NO_HEADERS), token);
  }
  return fixed;
}

/** The bearer token of one attempt: the string, or the token function's answer (called per attempt). */
async function bearerOf(
  token: ResolvedOptions["token"],
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<string> {
  if (token === undefined || typeof token === "string") return token as string;
  return tokenFrom(token, timeoutMs, signal);
}

/** The URL, headers and credentials of one attempt (credentials fetched per attempt, like the token). */
async function attemptParts(
  resolved: ResolvedOptions,
  prepared: PreparedCall,
  settings: CallSettings,
  fixed: Record<string, string> | undefined,
): Promise<AttemptParts> {
  const { token } = resolved;
  const { language, callHeaders, timeoutMs, signal } = settings;
  if (fixed) return { url: prepared.url, headers: fixed, secret: token as string };
  const headers = composeHeaders(
    resolved,
    operations[prepared.op],
    prepared,
    language,
    callHeaders,
  );
  if (prepared.parts) {
    const { parts, security, url, parameterHeaders } = prepared;
    return parts.withCredentials(
      resolved,
      security,
      { url, headers, parameterHeaders },
      timeoutMs,
      signal,
    );
  }
  const bearer = await bearerOf(token, timeoutMs, signal);
  return { url: prepared.url, headers: withBearer(headers, bearer), secret: bearer };
}

/** The request core over resolved options; per operation it computes the URL (and, when it can, the headers) once. */
export function createRequestCore(resolved: ResolvedOptions): RequestCore {
  const { token, log } = resolved;
  const decimalStrings = resolved.decimals === "string";
  /** The decimal codec, imported on the first request with decimals of a client with `decimals: "string"`. */
  let decimalCodec: Promise<typeof import("./decimals.js")> | undefined;
  /** The log lines, imported on the first call of a client whose logLevel is not "off". */
  let logLines: Promise<typeof import("./log-lines.js")> | undefined;
  const urls = {} as Record<OperationId, string>;
  for (const id of Object.keys(operations) as OperationId[])
    urls[id] = operationUrl(resolved.baseUrl, id);
  const fixedHeaders = fixedHeadersOf(resolved);

  /** The JSON text of a request body: decimals as written under `decimals: "string"`. */
  async function stringify(info: OperationInfo, value: unknown): Promise<string> {
    if (decimalStrings && info.requestDecimals.length > 0) {
      decimalCodec ??= import("./decimals.js");
      return (await decimalCodec).stringifyWithDecimals(value, info.requestDecimals);
    }
    return JSON.stringify(value);
  }

  async function exchange(
    op: OperationId,
    input: unknown,
    callOptions: RequestOptions | undefined,
    issues: Issue[],
  ): Promise<Exchange> {
    const settings = callSettings(resolved, op, callOptions);
    const { signal, retries, timeoutMs } = settings;
    const info: OperationInfo = operations[op];
    const ready = await prepareCall(resolved, urls[op], op, input, issues, (value) =>
      stringify(info, value),
    );
    // The precomputed headers serve a call that keeps the client's language and sets no headers (decided once per
    // call); a custom fetch gets its own copy, so one that edits the headers cannot affect later calls (a transport
    // receives them read-only).
    const shared =
      settings.language === undefined && settings.callHeaders === NO_HEADERS
        ? fixedHeaders[op]
        : undefined;
    const fixed = shared && resolved.customTransport ? { ...shared } : shared;
    // With logging on: its lines (imported on first use) and the facts every line of this call names.
    if (log) logLines ??= import("./log-lines.js");
    const lines = log && (await logLines);
    const call = { method: info.method, path: log ? new URL(urls[op]).pathname : "" };
    const started = log ? Date.now() : 0;
    for (let attempt = 1; ; attempt++) {
      const begun = log ? Date.now() : 0;
      try {
        const { url, headers, secret, logged } = await attemptParts(
          resolved,
          ready,
          settings,
          fixed,
        );
        lines?.logAttempt(log as Log, call, attempt, logged ?? headers);
        const response = await sendAttempt({
          transport: resolved.transport,
          method: info.method,
          url,
          headers,
          body: ready.payload,
          timeoutMs,
          maxResponseBytes: resolved.maxResponseBytes,
          signal,
          secret,
          bytes: ready.bytes,
        });
        lines?.logAnswer(
          log as Log,
          call,
          attempt,
          response.status,
          response.requestId,
          begun,
          started,
        );
        return {
          response,
          secret: secret ?? (typeof token === "string" ? token : undefined),
          operation: op,
        };
      } catch (err) {
        const last = attempt > retries || signal?.aborted === true || !shouldRetry(op, err);
        const delay = last ? undefined : retryDelay(err, attempt - 1, resolved.backoff);
        const known = err instanceof MerchantPaymentsError;
        lines?.logFailure(log as Log, call, attempt, err, known, begun, started, delay);
        if (delay === undefined) throw err;
        await sleep(delay, signal);
      }
    }
  }

  return {
    send: (operation, body, options, parse, issues = []) =>
      new ApiPromise(exchange(operation, body, options, issues), parse),
  };
}
