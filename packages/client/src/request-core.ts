import { withWireDates } from "./dates.js";
import {
  MerchantPaymentsError,
  notSent,
  RequestValidationError,
  UnexpectedResponseError,
} from "./errors.js";
import { type OperationId, type OperationInfo, operations } from "./generated/operation-table.js";
import { type Issue, parameterValidators, validators } from "./generated/validators.js";
import { checkHeaders, NO_HEADERS } from "./headers.js";
import type { Log } from "./logger.js";
import {
  checkAcceptLanguage,
  checkMaxRetries,
  checkTimeoutMs,
  operationUrl,
  type RequestOptions,
  type ResolvedOptions,
  tokenFrom,
} from "./options.js";
import { retryDelay, shouldRetry, sleep } from "./retry.js";
import type { Shapes } from "./shapes.js";
import { secretOf, sendOnce } from "./transport/attempt.js";
import { withIntegerStrings } from "./wire-values.js";
import { ApiPromise, type Exchange } from "./with-response.js";

/**
 * A JSON body as sent: a Date at a `format: date` field as its calendar date, an `x-accepts-integer` number as its
 * digits (an unsafe one reported in `issues`).
 */
function wireBody(info: OperationInfo, body: unknown, issues: Issue[]): unknown {
  return withIntegerStrings(withWireDates(body, info.dateFields), info.integerStringFields, issues);
}

/** A prepared call of a shaped operation (see shapes.ts `prepareCall`). */
type Shaped = Awaited<ReturnType<Shapes["prepareCall"]>>;

/** The shapes module (parameters, other media types, security per operation, pagination), loaded once. */
let shapes: Promise<Shapes> | undefined;

/**
 * Loads the shapes module on the first call of an operation beyond a JSON object body, handing it what it uses of the
 * entry (so that its chunk shares no code with the entry).
 */
export function loadShapes(): Promise<Shapes> {
  shapes ??= import("./shapes.js").then((m) =>
    m.install({
      wireBody,
      notSent,
      RequestValidationError,
      UnexpectedResponseError,
      validators,
      parameterValidators,
      tokenFrom,
    }),
  );
  return shapes;
}

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

/** The request core over resolved options; per operation it computes the URL (and, when it can, the headers) once. */
export function createRequestCore(resolved: ResolvedOptions): RequestCore {
  const { token, log } = resolved;
  const decimalStrings = resolved.decimals === "string";
  /** The decimal codec, imported on the first request with decimals of a client with `decimals: "string"`. */
  let decimalCodec: Promise<typeof import("./decimals.js")> | undefined;
  /** The log lines, imported on the first call of a client whose logLevel is not "off". */
  let logLines: Promise<typeof import("./log-lines.js")> | undefined;
  const urls = {} as Record<OperationId, string>;
  /** The whole headers of a call that sets none of its own, when the token is a string and no header comes from the body. */
  const fixedHeaders = {} as Record<OperationId, Record<string, string> | undefined>;
  for (const id of Object.keys(operations) as OperationId[]) {
    urls[id] = operationUrl(resolved.baseUrl, id);
    if (typeof token === "string" && operations[id].derivedHeaders.length === 0 && !isShaped(id)) {
      fixedHeaders[id] = composeHeaders(id, token, undefined, NO_HEADERS, undefined);
    }
  }

  /**
   * The headers of one attempt. Accept-Language: the call's acceptLanguage, else the call's headers, else the client's
   * defaultHeaders, else the client's acceptLanguage. Headers the operation copies from the body come from `body`.
   */
  function composeHeaders(
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
      authorization: `Bearer ${bearer}`,
    };
    if (language !== undefined) headers["accept-language"] = language;
    for (const [name, prop] of operations[op].derivedHeaders) headers[name] = String(body?.[prop]);
    return headers;
  }

  async function exchange(
    op: OperationId,
    input: unknown,
    callOptions: RequestOptions | undefined,
    issues: Issue[],
  ): Promise<Exchange> {
    let callHeaders = NO_HEADERS;
    let timeoutMs = resolved.timeoutMs;
    let retries = resolved.maxRetries;
    const signal = callOptions?.signal;
    const language = callOptions?.acceptLanguage;
    if (callOptions !== undefined) {
      try {
        // Given (even as null), a per-call value is checked; only undefined keeps the client's.
        if (callOptions.timeoutMs !== undefined) timeoutMs = callOptions.timeoutMs;
        if (callOptions.maxRetries !== undefined) retries = callOptions.maxRetries;
        checkTimeoutMs(timeoutMs, op);
        checkMaxRetries(retries, op);
        if (language !== undefined) checkAcceptLanguage(language, op);
        callHeaders = checkHeaders(callOptions.headers, `${op}: headers`);
      } catch (err) {
        throw notSent(err as Error);
      }
    }
    const info: OperationInfo = operations[op];
    const stringify = async (value: unknown): Promise<string> => {
      if (decimalStrings && info.requestDecimals.length > 0) {
        decimalCodec ??= import("./decimals.js");
        return (await decimalCodec).stringifyWithDecimals(value, info.requestDecimals);
      }
      return JSON.stringify(value);
    };
    // An operation beyond a JSON object body (parameters, another media type, its own security): prepared by the
    // shapes module, which also makes each attempt's URL and headers.
    let shaped: Shaped | undefined;
    let body: Record<string, unknown> | undefined;
    let json: string | Uint8Array | undefined;
    if (isShaped(op)) {
      shaped = await (await loadShapes()).prepareCall(resolved, op, info, input, issues, stringify);
      json = shaped.body;
    } else {
      body = wireBody(info, input, issues) as Record<string, unknown>;
      validators[op](body, issues, decimalStrings);
      if (issues.length > 0) throw new RequestValidationError(issues);
      json = await stringify(body);
    }
    // The precomputed headers serve a call that keeps the client's language and sets no headers (decided once per
    // call); a custom fetch gets its own copy, so one that edits the headers cannot affect later calls (a transport
    // receives them read-only).
    const shared =
      language === undefined && callHeaders === NO_HEADERS ? fixedHeaders[op] : undefined;
    const fixed = shared && resolved.customTransport ? { ...shared } : shared;
    // With logging on: its lines (imported on first use) and the facts every line of this call names.
    if (log) logLines ??= import("./log-lines.js");
    const lines = log && (await logLines);
    const call = { method: info.method, path: log ? new URL(urls[op]).pathname : "" };
    const started = log ? Date.now() : 0;
    for (let attempt = 1; ; attempt++) {
      const begun = log ? Date.now() : 0;
      try {
        let url = urls[op];
        let secret: string | undefined;
        let headers: Record<string, string>;
        let logged: Record<string, string> | undefined;
        if (shaped) {
          ({ url, headers, secret, logged } = await shaped.attempt(
            language,
            callHeaders,
            timeoutMs,
            signal,
          ));
        } else {
          headers =
            fixed ??
            composeHeaders(
              op,
              typeof token === "string" ? token : await tokenFrom(token, timeoutMs, signal),
              language,
              callHeaders,
              body,
            );
        }
        lines?.logAttempt(log as Log, call, attempt, logged ?? headers);
        const response = await sendOnce({
          transport: resolved.transport,
          method: info.method,
          url,
          headers,
          body: json,
          timeoutMs,
          maxResponseBytes: resolved.maxResponseBytes,
          signal,
          secret,
          bytes: shaped?.bytes,
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
        secret ??= typeof token === "string" ? token : secretOf(headers);
        return { response, secret, operation: op };
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

  /** True for an operation beyond today's shape (the table's `shaped`). */
  function isShaped(op: OperationId): boolean {
    return (operations[op] as OperationInfo).shaped === true;
  }

  return {
    send: (operation, body, options, parse, issues = []) =>
      new ApiPromise(exchange(operation, body, options, issues), parse),
  };
}
