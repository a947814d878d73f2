import { secretOf, sendOnce } from "./attempt.js";
import { withWireDates } from "./dates.js";
import { RequestValidationError } from "./errors.js";
import { defaultAcceptLanguage, type OperationId, operations } from "./generated/spec.js";
import { type Issue, validators } from "./generated/validators.js";
import { parseResult, toWebhookDeletion } from "./normalize.js";
import {
  checkAcceptLanguage,
  checkDelayMs,
  checkMaxRetries,
  checkTimeoutMs,
  tokenFrom,
  tokenProblem,
} from "./options.js";
import { createRawClient, type RawClient } from "./raw.js";
import { type BackoffOptions, defaultBackoff, retryDelay, shouldRetry, sleep } from "./retry.js";
import {
  type FetchLike,
  fetchTransport,
  type Transport,
  type TransportResponse,
} from "./transport.js";
import type {
  ConnectorSummaryCount,
  ConnectorSummarySum,
  DisbursementBatch,
  DisbursementBatchResult,
  DisbursementMetrics,
  FeeCalculation,
  FeeCalculationRequest,
  MerchantUser,
  MerchantUserRequest,
  MetricsRequest,
  Transaction,
  TransactionLookupRequest,
  WebhookDeleteRequest,
  WebhookDeletion,
} from "./types.js";

/** An access token, or a function returning one; the function is called for every request and retry. */
export type TokenSource = string | (() => string | Promise<string>);

/** Options of createMerchantPaymentsClient. */
export interface ClientOptions {
  /** The service's {base_url}, including the environment and `v1` segments. Required. */
  baseUrl: string;
  /** Bearer access token, or a function called for every request (and retry) to refresh it. Required. */
  token: TokenSource;
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
}

/** The Merchant Payments client: one method per operation, plus `raw`. */
export interface MerchantPaymentsClient {
  /** Looks up one transaction by its reference number (retried when safe). */
  getTransaction(body: TransactionLookupRequest, options?: RequestOptions): Promise<Transaction>;
  /** Per-connector transaction counts for a period. */
  getConnectorSummaryCountMetrics(
    body: MetricsRequest,
    options?: RequestOptions,
  ): Promise<ConnectorSummaryCount[]>;
  /** Per-connector transaction amounts for a period. */
  getConnectorSummarySumMetrics(
    body: MetricsRequest,
    options?: RequestOptions,
  ): Promise<ConnectorSummarySum[]>;
  /** Overall disbursement metrics for a period. */
  getDisbursementMetrics(
    body: MetricsRequest,
    options?: RequestOptions,
  ): Promise<DisbursementMetrics>;
  /** Submits a disbursement batch. Never retried once it may have reached the server (only on connection refused). */
  submitDisbursementBatch(
    body: DisbursementBatch,
    options?: RequestOptions,
  ): Promise<DisbursementBatchResult>;
  /** Reads one merchant user; `userId` may be a number (sent as a string). */
  getMerchantUser(body: MerchantUserRequest, options?: RequestOptions): Promise<MerchantUser>;
  /** Calculates the fees of a prospective transaction. */
  calculateFees(body: FeeCalculationRequest, options?: RequestOptions): Promise<FeeCalculation>;
  /** Deletes a webhook subscription; resolves { message } whichever shape the service answered. */
  deleteWebhookSubscription(
    body: WebhookDeleteRequest,
    options?: RequestOptions,
  ): Promise<WebhookDeletion>;
  /** The underlying openapi-fetch client, typed with the generated `paths`, sharing baseUrl, token and language. */
  readonly raw: RawClient;
}

const DEFAULT_TIMEOUT_MS = 30000;
const DEFAULT_MAX_RETRIES = 2;
const unsafeUserId =
  "must be a whole number from -(2^53 - 1) to 2^53 - 1 when given as a number (pass a bigger id as a string)";

/** Creates a client. Throws TypeError for a missing baseUrl or an unusable token/acceptLanguage, RangeError for numbers out of range. */
export function createMerchantPaymentsClient(options: ClientOptions): MerchantPaymentsClient {
  if (!options || typeof options.baseUrl !== "string" || options.baseUrl === "") {
    throw new TypeError("createMerchantPaymentsClient: baseUrl is required");
  }
  const tokenOption = options.token;
  if (typeof tokenOption !== "string" && typeof tokenOption !== "function") {
    throw new TypeError("createMerchantPaymentsClient: token must be a string or a function");
  }
  const problem = typeof tokenOption === "string" ? tokenProblem(tokenOption) : undefined;
  if (problem !== undefined) {
    throw new TypeError(`createMerchantPaymentsClient: token is ${problem}`);
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const language = options.acceptLanguage ?? defaultAcceptLanguage;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  checkAcceptLanguage(language, "createMerchantPaymentsClient");
  checkTimeoutMs(timeoutMs, "createMerchantPaymentsClient");
  checkMaxRetries(maxRetries, "createMerchantPaymentsClient");
  const backoff = { ...defaultBackoff };
  for (const name of Object.keys(backoff) as (keyof typeof backoff)[]) {
    const value = options.backoff?.[name];
    if (value === undefined) continue;
    checkDelayMs(value, name);
    backoff[name] = value;
  }
  const userFetch = options.fetch;
  const fetchImpl: FetchLike = userFetch
    ? (url, init) => userFetch(url, init)
    : (url, init) => globalThis.fetch(url, init);
  const transport = options.transport ?? fetchTransport(fetchImpl);

  /** Per operation, computed once: the URL, and the headers when the token is a string and no header comes from the body. */
  const urls = {} as Record<OperationId, string>;
  const staticHeaders = {} as Record<OperationId, Record<string, string> | undefined>;
  for (const id of Object.keys(operations) as OperationId[]) {
    urls[id] = baseUrl + operations[id].path;
    if (typeof tokenOption === "string" && operations[id].derivedHeaders.length === 0) {
      staticHeaders[id] = headersFor(id, tokenOption, language);
    }
  }

  function headersFor(op: OperationId, token: string, lang: string): Record<string, string> {
    return {
      "content-type": "application/json",
      accept: operations[op].accept,
      "accept-language": lang,
      authorization: `Bearer ${token}`,
    };
  }

  async function headersOf(
    op: OperationId,
    body: Record<string, unknown>,
    o: RequestOptions | undefined,
  ): Promise<Record<string, string>> {
    const token =
      typeof tokenOption === "string"
        ? tokenOption
        : await tokenFrom(tokenOption, o?.timeoutMs ?? timeoutMs, o?.signal);
    const lang = o?.acceptLanguage;
    const h = headersFor(op, token, lang ?? language);
    for (const [name, prop] of operations[op].derivedHeaders) h[name] = String(body[prop]);
    return h;
  }

  async function call(
    op: OperationId,
    body: unknown,
    o: RequestOptions | undefined,
    issues: Issue[] = [],
  ): Promise<{ response: TransportResponse; secret: string | undefined }> {
    if (o?.timeoutMs !== undefined) checkTimeoutMs(o.timeoutMs, op);
    if (o?.maxRetries !== undefined) checkMaxRetries(o.maxRetries, op);
    if (o?.acceptLanguage !== undefined) checkAcceptLanguage(o.acceptLanguage, op);
    const info = operations[op];
    if (info.dateFields.length > 0) body = withWireDates(body, info.dateFields);
    validators[op](body, issues);
    if (issues.length > 0) throw new RequestValidationError(issues);
    const json = JSON.stringify(body);
    const signal = o?.signal;
    // The precomputed headers serve a call that keeps the client's language (decided once per call, not per attempt);
    // a custom fetch gets its own copy, so one that edits init.headers cannot affect later calls.
    const shared = o?.acceptLanguage === undefined ? staticHeaders[op] : undefined;
    const fixedHeaders = shared && userFetch ? { ...shared } : shared;
    const retries = o?.maxRetries ?? maxRetries;
    for (let attempt = 0; ; attempt++) {
      try {
        const headers = fixedHeaders ?? (await headersOf(op, body as Record<string, unknown>, o));
        const response = await sendOnce({
          transport,
          method: info.method,
          url: urls[op],
          headers,
          body: json,
          timeoutMs: o?.timeoutMs ?? timeoutMs,
          signal,
        });
        return { response, secret: secretOf(headers) };
      } catch (err) {
        if (attempt >= retries || signal?.aborted || !shouldRetry(op, err)) throw err;
        const delay = retryDelay(err, attempt, backoff);
        if (delay === undefined) throw err;
        await sleep(delay, signal);
      }
    }
  }

  async function result<T>(
    op: OperationId,
    body: unknown,
    o: RequestOptions | undefined,
    issues?: Issue[],
  ): Promise<T> {
    const { response, secret } = await call(op, body, o, issues);
    return parseResult(
      response.status,
      response.text,
      operations[op].stringifiedIntegers,
      secret,
    ) as T;
  }

  let raw: RawClient | undefined;

  return {
    getTransaction: (b, o) => result("getTransaction", b, o),
    getConnectorSummaryCountMetrics: (b, o) => result("getConnectorSummaryCountMetrics", b, o),
    getConnectorSummarySumMetrics: (b, o) => result("getConnectorSummarySumMetrics", b, o),
    getDisbursementMetrics: (b, o) => result("getDisbursementMetrics", b, o),
    submitDisbursementBatch: (b, o) => result("submitDisbursementBatch", b, o),
    getMerchantUser: (b, o) => {
      const id: unknown = b?.userId;
      if (typeof id !== "number") return result("getMerchantUser", b, o);
      // A number past 2^53 has already lost digits: it would fetch another user, so it is refused.
      const exact = Number.isSafeInteger(id);
      return result(
        "getMerchantUser",
        { ...b, userId: exact ? String(id) : "0" },
        o,
        exact ? [] : [{ path: "/userId", message: unsafeUserId }],
      );
    },
    calculateFees: (b, o) => result("calculateFees", b, o),
    deleteWebhookSubscription: async (b, o) => {
      const { response } = await call("deleteWebhookSubscription", b, o);
      return toWebhookDeletion(response.text);
    },
    get raw() {
      raw ??= createRawClient({
        baseUrl,
        token: typeof tokenOption === "string" ? () => tokenOption : tokenOption,
        acceptLanguage: language,
        fetch: (request) => (userFetch ?? globalThis.fetch)(request),
      });
      return raw;
    },
  };
}
