import { secretOf, sendOnce } from "./attempt.js";
import { withWireDates } from "./dates.js";
import { MerchantPaymentsError, notSent, RequestValidationError } from "./errors.js";
import {
  type OperationId,
  type OperationInfo,
  operations,
  type SecurityInfo,
} from "./generated/operation-table.js";
import {
  type Issue,
  parameterValidators,
  type Validator,
  validators,
} from "./generated/validators.js";
import { checkHeaders, NO_HEADERS } from "./headers.js";
import type { Log } from "./logger.js";
import {
  checkAcceptLanguage,
  checkMaxRetries,
  checkTimeoutMs,
  operationUrl,
  type RequestOptions,
  type ResolvedOptions,
  type TokenSource,
  tokenFrom,
} from "./options.js";
import { retryDelay, shouldRetry, sleep } from "./retry.js";
import { withIntegerStrings } from "./wire-values.js";
import { ApiPromise, type Exchange } from "./with-response.js";

/** The error of a call that needs the bearer token on a client given API keys alone (nothing is sent). */
function noToken(op: string): Error {
  return notSent(
    new TypeError(`${op}: this operation needs a bearer token: give the client a token`),
  );
}

/** A token or key function. */
type TokenFunction = () => string | Promise<string>;

/** What a call of a shaped operation sends beyond today's: URL, header parameters, body type, security. */
interface ShapedCall {
  readonly url: string;
  readonly params: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly contentType: string | undefined;
  readonly security: readonly SecurityInfo[] | undefined;
  /** The URL with extra query pairs (an API key sent in the query). */
  readonly urlWith: (extra: readonly string[]) => string;
}

/** True when some 2xx answer of the operation is handed over as a Blob (the transport then keeps the bytes). */
function wantsBytes(info: OperationInfo): boolean {
  return Object.values(info.answers ?? {}).some((a) => a.kind === "blob");
}

/** Headers for a log line, with API key headers as "***" (Authorization is masked by the log lines). */
function masked(
  headers: Record<string, string>,
  keyHeaders: readonly string[] | undefined,
): Record<string, string> {
  if (!keyHeaders) return headers;
  const copy = { ...headers };
  for (const name of keyHeaders) copy[name] = "***";
  return copy;
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
  /** Parameters, non-JSON bodies and per-operation security: imported on the first call of such an operation. */
  let shapesModule: Promise<typeof import("./shapes.js")> | undefined;
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
    bearer: string | undefined,
    language: string | undefined,
    callHeaders: Readonly<Record<string, string>>,
    body: Record<string, unknown> | undefined,
    call?: ShapedCall,
  ): Record<string, string> {
    if (call === undefined) {
      const headers: Record<string, string> = {
        accept: operations[op].accept,
        "accept-language": resolved.acceptLanguage,
        ...resolved.defaultHeaders,
        ...callHeaders,
        "content-type": "application/json",
        authorization: `Bearer ${bearer}`,
      };
      if (language !== undefined) headers["accept-language"] = language;
      for (const [name, prop] of operations[op].derivedHeaders)
        headers[name] = String(body?.[prop]);
      return headers;
    }
    // Header parameters come before the caller's headers; Content-Type only with a body; Authorization only when
    // the operation's security uses a bearer token.
    const headers: Record<string, string> = {
      accept: operations[op].accept,
      "accept-language": resolved.acceptLanguage,
      ...call.headers,
      ...resolved.defaultHeaders,
      ...callHeaders,
    };
    if (call.contentType !== undefined) headers["content-type"] = call.contentType;
    if (bearer !== undefined) headers.authorization = `Bearer ${bearer}`;
    if (language !== undefined) headers["accept-language"] = language;
    for (const [name, prop] of operations[op].derivedHeaders) headers[name] = String(body?.[prop]);
    return headers;
  }

  /**
   * The security alternative of a shaped operation the client has credentials for (the first), undefined for a
   * bearer token alone (today's), `[]` for none; throws (nothing sent) when the client has none of them.
   */
  function securityFor(op: OperationId, info: OperationInfo): readonly SecurityInfo[] | undefined {
    if (info.security === undefined) {
      if (token === undefined) throw noToken(op);
      return undefined;
    }
    if (info.security.length === 0) return [];
    const has = (s: SecurityInfo) =>
      s.type === "bearer" ? token !== undefined : keyFor(s.key) !== undefined;
    const usable = info.security.find((alternative) => alternative.every(has));
    if (usable) return usable;
    const wanted = info.security
      .map((a) =>
        a.map((s) => (s.type === "bearer" ? "token" : `apiKeys.${s.key} (or apiKey)`)).join(" + "),
      )
      .join(", or ");
    throw notSent(
      new TypeError(`${op}: the client has no credentials this operation accepts: give ${wanted}`),
    );
  }

  /** The API key source of a security scheme: `apiKeys[scheme]`, else `apiKey`. */
  function keyFor(scheme: string): TokenSource | undefined {
    return resolved.apiKeys?.[scheme] ?? resolved.apiKey;
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
    const shaped = isShaped(op);
    if (shaped) shapesModule ??= import("./shapes.js");
    const shapes = shaped ? await shapesModule : undefined;
    let call: ShapedCall | undefined;
    let body: Record<string, unknown>;
    let json: string | Uint8Array | undefined;
    const stringify = async (value: unknown): Promise<string> => {
      if (decimalStrings && info.requestDecimals.length > 0) {
        decimalCodec ??= import("./decimals.js");
        return (await decimalCodec).stringifyWithDecimals(value, info.requestDecimals);
      }
      return JSON.stringify(value);
    };
    if (shapes === undefined) {
      if (token === undefined) throw noToken(op);
      body = withIntegerStrings(
        withWireDates(input, info.dateFields),
        info.integerStringFields,
        issues,
      ) as Record<string, unknown>;
      (validators as Record<string, Validator>)[op]?.(body, issues, decimalStrings);
      if (issues.length > 0) throw new RequestValidationError(issues);
      json = await stringify(body);
    } else {
      // Parameters and body apart, each checked (an issue names the parameter, or the body's field), before anything
      // is sent; then the URL, the header parameters and the body in its media type.
      const security = securityFor(op, info);
      const split = shapes.splitArguments(info, input);
      for (const name of shapes.unknownArguments(info, input)) {
        issues.push({ path: `/${name}`, message: "is not a parameter of this operation" });
      }
      parameterValidators[op]?.(split.params, issues, decimalStrings);
      const kind = info.body?.kind ?? "json";
      const given =
        kind === "json" && split.body !== undefined
          ? withIntegerStrings(
              withWireDates(split.body, info.dateFields),
              info.integerStringFields,
              issues,
            )
          : split.body;
      if (info.body === undefined || info.body.spread) {
        if (given !== undefined)
          (validators as Record<string, Validator>)[op]?.(given, issues, decimalStrings);
        else if (info.body?.required)
          issues.push({ path: "", message: "the request body is required" });
      } else if (info.body.kind !== "none") {
        (validators as Record<string, Validator>)[op]?.({ body: given }, issues, decimalStrings);
      }
      if (issues.length > 0) throw new RequestValidationError(issues);
      body = (given ?? {}) as Record<string, unknown>;
      const encoded = await shapes.encodeBody(info.body, given, stringify);
      json = encoded.body;
      call = {
        url: shapes.urlOf(resolved.baseUrl, info, split.params),
        params: split.params,
        headers: shapes.headerParameters(info, split.params),
        contentType: encoded.contentType,
        security,
        urlWith: (extra) => shapes.urlOf(resolved.baseUrl, info, split.params, extra),
      };
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
    const logged = { method: info.method, path: log ? new URL(urls[op]).pathname : "" };
    const started = log ? Date.now() : 0;
    for (let attempt = 1; ; attempt++) {
      const begun = log ? Date.now() : 0;
      try {
        let url = urls[op];
        let secret: string | undefined;
        /** Header names holding an API key (shown as "***" in log lines). */
        let keyHeaders: string[] | undefined;
        let headers: Record<string, string>;
        if (call === undefined) {
          headers =
            fixed ??
            composeHeaders(
              op,
              typeof token === "string"
                ? token
                : await tokenFrom(token as TokenFunction, timeoutMs, signal),
              language,
              callHeaders,
              body,
            );
        } else {
          // The credentials of the operation's security alternative, fetched for every attempt like the token.
          let bearer: string | undefined;
          const keyHeaderValues: Record<string, string> = {};
          const keyQuery: string[] = [];
          for (const scheme of call.security ?? [{ type: "bearer" } as const]) {
            const source = scheme.type === "bearer" ? token : keyFor(scheme.key);
            const value =
              typeof source === "string"
                ? source
                : await tokenFrom(source as TokenFunction, timeoutMs, signal);
            secret ??= value;
            if (scheme.type === "bearer") bearer = value;
            else if (scheme.in === "header") {
              keyHeaderValues[scheme.name.toLowerCase()] = value;
              keyHeaders = [...(keyHeaders ?? []), scheme.name.toLowerCase()];
            } else keyQuery.push(`${encodeURIComponent(scheme.name)}=${encodeURIComponent(value)}`);
          }
          headers = {
            ...composeHeaders(op, bearer, language, callHeaders, body, call),
            ...keyHeaderValues,
          };
          url = keyQuery.length > 0 ? call.urlWith(keyQuery) : call.url;
        }
        lines?.logAttempt(log as Log, logged, attempt, masked(headers, keyHeaders));
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
          bytes: wantsBytes(info),
        });
        lines?.logAnswer(
          log as Log,
          logged,
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
        lines?.logFailure(log as Log, logged, attempt, err, known, begun, started, delay);
        if (delay === undefined) throw err;
        await sleep(delay, signal);
      }
    }
  }

  /** True for an operation beyond today's shape: parameters, a body that is not a JSON object, its own security. */
  function isShaped(op: OperationId): boolean {
    const info: OperationInfo = operations[op];
    return info.parameters !== undefined || info.body !== undefined || info.security !== undefined;
  }

  return {
    send: (operation, body, options, parse, issues = []) =>
      new ApiPromise(exchange(operation, body, options, issues), parse),
  };
}
