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
import { type OperationId, type OperationInfo, operations } from "./generated/operation-table.js";
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

/** A prepared call of an operation beyond a JSON body (see beyond-json/prepare-call.ts `prepareCall`). */
type PreparedCall = Awaited<ReturnType<BeyondJson["prepareCall"]>>;

/** The module of operations beyond a JSON body (parameters, other media, own security, pagination), loaded once. */
let beyondJson: Promise<BeyondJson> | undefined;

/**
 * Loads the module of operations beyond a JSON object body on the first call of one, handing it what it uses of the
 * entry (so that its chunk shares no code with the entry).
 */
export function loadBeyondJson(): Promise<BeyondJson> {
  beyondJson ??= import("./beyond-json.js").then((m) =>
    m.install({
      wireBody,
      notSent,
      noToken,
      RequestValidationError,
      UnexpectedResponseError,
      validators,
      parameterValidators,
      tokenFrom,
    }),
  );
  return beyondJson;
}

/** The caller of token functions, loaded once. */
let tokenFunction: Promise<TokenFrom> | undefined;

/**
 * Calls a token (or API key) function (see token-function.ts): imported on the first call of a client whose token is
 * a function, handed what it uses of the entry (so that its chunk shares no code with the entry).
 */
export const tokenFrom: TokenFrom = (...args) => {
  tokenFunction ??= import("./token-function.js").then((m) =>
    m.createTokenFrom({ TokenError, tokenProblem, whenAbortedOrDue }),
  );
  return tokenFunction.then((call) => call(...args));
};

/** Turns a completed exchange into a method's result (throws UnexpectedResponseError for an unreadable answer). */
export type ParseAnswer<T> = (exchange: Exchange) => T;

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

/** The error of a call that needs the bearer token on a client given API keys alone (nothing is sent). */
export function noToken(op: string): Error {
  return notSent(
    new TypeError(`${op}: this operation needs a bearer token: give the client a \`token\``),
  );
}

/**
 * The headers of one attempt of a plain JSON-body operation. Accept-Language: the call's acceptLanguage, else the
 * call's headers, else the client's defaultHeaders, else the client's acceptLanguage. Headers the operation copies
 * from the body come from `body`. The bearer token is placed by the spec's wire module (`placeBearer`, from its
 * dependency-free `/wire/credentials` entry: the lazily loaded beyond-json chunk places every other scheme with
 * `placeCredential`).
 */
function composeHeaders(
  resolved: ResolvedOptions,
  op: OperationId,
  bearer: string,
  language: string | undefined,
  callHeaders: Readonly<Record<string, string>>,
  body: Record<string, unknown> | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: operations[op].accept,
    "accept-language": resolved.acceptLanguage,
    ...resolved.defaultHeaders,
    ...callHeaders,
    "content-type": "application/json",
  };
  const credential = placeBearer(bearer);
  headers[credential.name] = credential.value;
  if (language !== undefined) headers["accept-language"] = language;
  const { derivedHeaders }: OperationInfo = operations[op];
  for (const [name, prop] of derivedHeaders) headers[name] = String(body?.[prop]);
  return headers;
}

/** True for an operation that is not a plain JSON-body one (the table's `beyondJsonBody`). */
function isBeyondJsonBody(op: OperationId): boolean {
  return (operations[op] as OperationInfo).beyondJsonBody === true;
}

/** A call ready to send: its body as sent and, for an operation beyond a JSON body, how each attempt is made. */
interface ReadyCall {
  readonly prepared: PreparedCall | undefined;
  /** The JSON body object (plain JSON-body operations), for the headers copied from it. */
  readonly body: Record<string, unknown> | undefined;
  readonly payload: string | Uint8Array | undefined;
}

/** Checks and encodes a call's input (nothing is sent when it is invalid). */
async function readyCall(
  resolved: ResolvedOptions,
  op: OperationId,
  input: unknown,
  issues: Issue[],
  stringify: (value: unknown) => Promise<string>,
): Promise<ReadyCall> {
  const info: OperationInfo = operations[op];
  if (isBeyondJsonBody(op)) {
    // Prepared by the module of operations beyond a JSON body, which also makes each attempt's URL and headers.
    const prepared = await (await loadBeyondJson()).prepareCall(
      resolved,
      op,
      info,
      input,
      issues,
      stringify,
    );
    return { prepared, body: undefined, payload: prepared.body };
  }
  const body = (await wireBody(info, input, issues)) as Record<string, unknown>;
  validators[op](body, issues, resolved.decimals === "string");
  if (issues.length > 0) throw new RequestValidationError(issues);
  return { prepared: undefined, body, payload: await stringify(body) };
}

/**
 * What is computed once per operation: its URL and, when the token is a string and no header comes from the body,
 * the whole headers of a call that sets none of its own.
 */
function precomputed(resolved: ResolvedOptions): {
  urls: Record<OperationId, string>;
  fixedHeaders: Record<OperationId, Record<string, string> | undefined>;
} {
  const { token } = resolved;
  const urls = {} as Record<OperationId, string>;
  const fixedHeaders = {} as Record<OperationId, Record<string, string> | undefined>;
  for (const id of Object.keys(operations) as OperationId[]) {
    urls[id] = operationUrl(resolved.baseUrl, id);
    if (
      typeof token === "string" &&
      operations[id].derivedHeaders.length === 0 &&
      !isBeyondJsonBody(id)
    ) {
      fixedHeaders[id] = composeHeaders(resolved, id, token, undefined, NO_HEADERS, undefined);
    }
  }
  return { urls, fixedHeaders };
}

/** The request core over resolved options; per operation it computes the URL (and, when it can, the headers) once. */
export function createRequestCore(resolved: ResolvedOptions): RequestCore {
  const { token, log } = resolved;
  const decimalStrings = resolved.decimals === "string";
  /** The decimal codec, imported on the first request with decimals of a client with `decimals: "string"`. */
  let decimalCodec: Promise<typeof import("./decimals.js")> | undefined;
  /** The log lines, imported on the first call of a client whose logLevel is not "off". */
  let logLines: Promise<typeof import("./log-lines.js")> | undefined;
  const { urls, fixedHeaders } = precomputed(resolved);

  /** The JSON text of a request body: decimals as written under `decimals: "string"`. */
  async function stringify(info: OperationInfo, value: unknown): Promise<string> {
    if (decimalStrings && info.requestDecimals.length > 0) {
      decimalCodec ??= import("./decimals.js");
      return (await decimalCodec).stringifyWithDecimals(value, info.requestDecimals);
    }
    return JSON.stringify(value);
  }

  /** The URL, headers and credential of one attempt. */
  async function attemptParts(
    op: OperationId,
    ready: ReadyCall,
    settings: CallSettings,
    fixed: Record<string, string> | undefined,
  ): Promise<{
    url: string;
    headers: Record<string, string>;
    secret: string | undefined;
    logged?: Record<string, string> | undefined;
  }> {
    const { language, callHeaders, timeoutMs, signal } = settings;
    if (ready.prepared) return ready.prepared.attempt(language, callHeaders, timeoutMs, signal);
    if (token === undefined) throw noToken(op);
    const bearer = typeof token === "string" ? token : await tokenFrom(token, timeoutMs, signal);
    const headers =
      fixed ?? composeHeaders(resolved, op, bearer, language, callHeaders, ready.body);
    return { url: urls[op], headers, secret: bearer };
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
    const ready = await readyCall(resolved, op, input, issues, (value) => stringify(info, value));
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
        const { url, headers, secret, logged } = await attemptParts(op, ready, settings, fixed);
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
          bytes: ready.prepared?.bytes,
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
