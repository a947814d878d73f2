// `@merchant-payments/client/raw`: the openapi-fetch client typed with the generated `paths`, in its own entry so an
// app that never imports it does not ship openapi-fetch.

import { MAX_TIMER_MS, whenAbortedOrDue } from "@merchant-payments/kit/timers";
import { placeBearer } from "@merchant-payments/spec/wire/credentials";
import createClient, { type Client } from "openapi-fetch";
import { TokenError } from "./errors.js";
import type { paths } from "./generated/openapi.js";
import { defaultAcceptLanguage } from "./generated/operation-table.js";
import {
  checkAcceptLanguage,
  checkTimeoutMs,
  parseBaseUrl,
  type TokenSource,
  tokenProblem,
} from "./options.js";
import { createTokenFrom } from "./token-function.js";

export type { paths };

/** The openapi-fetch client typed with the generated `paths`. */
export type RawClient = Client<paths>;

/** Options of createRawClient: the ones of createMerchantPaymentsClient that apply to untyped-by-method calls. */
export interface RawClientOptions {
  /**
   * The service's {base_url}, including the environment and `v1` segments; checked as createMerchantPaymentsClient
   * checks it (a query is kept after every path; a fragment, credentials or whitespace is a TypeError). Required.
   */
  baseUrl: string;
  /** Bearer access token, or a function called for every request to get one. Required. */
  token: TokenSource;
  /** Accept-Language header of every request that sets none. Default: the spec's default, "en". */
  acceptLanguage?: string;
  /** Timeout of each request, in milliseconds, covering the response body's arrival (Infinity: none). Default 30000. */
  timeoutMs?: number;
  /** A fetch implementation, called as fetch(request). Default globalThis.fetch. */
  fetch?: (input: Request) => Promise<Response>;
}

const WHERE = "createRawClient";
/** Calls a token function (this entry is self-contained: no lazily loaded chunk). */
const tokenFrom = createTokenFrom({ TokenError, tokenProblem, whenAbortedOrDue });
const DEFAULT_TIMEOUT_MS = 30000;

/**
 * Creates the openapi-fetch client over the spec's `paths`: `raw.POST(path, { body, headers, params })` resolves
 * `{ data, error, response }` without throwing for an error status. A middleware adds `Authorization` (from
 * `token`) and `Accept-Language` unless the call sets them. Throws TypeError for a missing baseUrl or an unusable
 * token or acceptLanguage, RangeError for a bad timeoutMs.
 */
export function createRawClient(options: RawClientOptions): RawClient {
  const base = parseBaseUrl(options?.baseUrl, WHERE);
  const token = options.token;
  if (typeof token !== "string" && typeof token !== "function") {
    throw new TypeError(`${WHERE}: token must be a string or a function`);
  }
  const problem = typeof token === "string" ? tokenProblem(token) : undefined;
  if (problem !== undefined) throw new TypeError(`${WHERE}: token is ${problem}`);
  const language = options.acceptLanguage ?? defaultAcceptLanguage;
  checkAcceptLanguage(language, WHERE);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  checkTimeoutMs(timeoutMs, WHERE);
  const userFetch = options.fetch;
  const send = (request: Request) => (userFetch ?? globalThis.fetch)(request);
  const client = createClient<paths>({
    baseUrl: base.prefix,
    // Never follow a redirect: a 3xx comes back as the response (a POST must not be re-sent elsewhere).
    redirect: "manual",
    fetch: async (request) => {
      const signal =
        timeoutMs === Number.POSITIVE_INFINITY
          ? request.signal
          : withTimeout(request.signal, timeoutMs);
      if (!base.query)
        return send(signal === request.signal ? request : new Request(request, { signal }));
      // openapi-fetch appends the path to baseUrl, so the base URL's query is put back here, before the call's own.
      const body = request.body === null ? null : await request.arrayBuffer();
      const { method, headers, redirect } = request;
      return send(
        new Request(withBaseQuery(request.url, base.query), {
          method,
          headers,
          body,
          redirect,
          signal,
        }),
      );
    },
  });
  client.use({
    async onRequest({ request }) {
      if (!request.headers.has("Authorization")) {
        const bearer = typeof token === "string" ? token : await tokenFrom(token);
        // Where the spec's wire module places a bearer token (the Authorization header).
        const placed = placeBearer(bearer);
        request.headers.set(placed.name, placed.value);
      }
      if (!request.headers.has("Accept-Language")) {
        request.headers.set("Accept-Language", language);
      }
      return request;
    },
  });
  return client;
}

/** `url` with `query` (the base URL's, with its "?") first in its query string. */
function withBaseQuery(url: string, query: string): string {
  const at = url.indexOf("?");
  return at === -1 ? url + query : `${url.slice(0, at)}${query}&${url.slice(at + 1)}`;
}

/** A signal that aborts with the caller's signal or with a TimeoutError DOMException after `ms`. */
function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(Math.min(ms, MAX_TIMER_MS))]);
}
