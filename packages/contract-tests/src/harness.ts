import {
  createMerchantPaymentsClient,
  type MerchantPaymentsClient,
} from "@merchant-payments/client";
import type { ContractTarget } from "./targets.js";

/** Timeout of every request the suite sends, in milliseconds: a bound on a hang, generous for a busy machine. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The token the suite sends; the mock accepts any Bearer token. */
export const TOKEN = "contract-suite-token";

/** The API key the suite sends where an operation's security asks for one; the mock accepts any. */
export const API_KEY = "contract-suite-api-key";

/** The `user:password` the suite sends where an operation's security asks for HTTP Basic; the mock accepts any. */
export const BASIC_CREDENTIALS = "contract-suite:basic-password";

/** Every credential the suite sends, by the kind of scheme that takes it. */
export const CREDENTIALS = { token: TOKEN, apiKey: API_KEY, basic: BASIC_CREDENTIALS } as const;

/** How the suite's fetch changes each request before it leaves. */
export interface FetchControls {
  /** Value of the Prefer header (a mock control: "code=404", "example=Name"); default none. */
  prefer?: string;
  /** Drop the Authorization header (to check the 401); default false. */
  withoutAuthorization?: boolean;
  /**
   * Add application/problem+json to the client's Accept header, so that Prism may answer the
   * documented error media type when asked for an error status; default false.
   */
  acceptProblems?: boolean;
  /** Extra headers to set on every request; default none. */
  headers?: Record<string, string>;
}

/** A fetch that applies the controls and gives every request a timeout of REQUEST_TIMEOUT_MS. */
export function controlledFetch(controls: FetchControls = {}) {
  return (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (controls.prefer) headers.set("prefer", controls.prefer);
    if (controls.withoutAuthorization) headers.delete("authorization");
    const accept = headers.get("accept");
    if (controls.acceptProblems && accept && !accept.includes("application/problem+json")) {
      headers.set("accept", `${accept}, application/problem+json`);
    }
    for (const [name, value] of Object.entries(controls.headers ?? {})) headers.set(name, value);
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = init?.signal ?? request.signal;
    return fetch(new Request(request, { headers, signal: AbortSignal.any([signal, timeout]) }));
  };
}

/**
 * A client of the mock with no retries (each check sees one answer) and the controls applied;
 * `fetchImpl` replaces the controlled fetch (default controlledFetch(controls)).
 */
export function clientFor(
  baseUrl: string,
  controls: FetchControls = {},
  fetchImpl: typeof fetch | ReturnType<typeof controlledFetch> = controlledFetch(controls),
): MerchantPaymentsClient {
  return createMerchantPaymentsClient({
    baseUrl,
    token: TOKEN,
    maxRetries: 0,
    timeoutMs: REQUEST_TIMEOUT_MS,
    fetch: fetchImpl,
  });
}

/** True when some operation of the target's spec may be called with an API key. */
const usesApiKeys = (target: ContractTarget) =>
  target.operations.some((op) => op.security.some((alt) => alt.some((s) => s.type === "apiKey")));

/** The client's `apiKeys` for the target's HTTP Basic schemes: the suite's Basic credentials under each key. */
const basicKeys = (target: ContractTarget): Record<string, string> =>
  Object.fromEntries(
    target.operations
      .flatMap((op) => op.security.flat())
      .filter((s) => s.type === "http" && s.scheme === "basic")
      .map((s) => [s.key, BASIC_CREDENTIALS]),
  );

/**
 * A client of `target`'s client package for `baseUrl`: no retries, the suite's token (and API key where the spec
 * has API-key schemes, Basic credentials where it has HTTP Basic ones) and timeout, and `fetchImpl` (default: the
 * controlled fetch without controls).
 */
export function targetClient(
  target: ContractTarget,
  baseUrl: string,
  fetchImpl: typeof fetch | ReturnType<typeof controlledFetch> = controlledFetch(),
  options: Record<string, unknown> = {},
): MerchantPaymentsClient {
  const basic = basicKeys(target);
  const credentials = {
    token: TOKEN,
    ...(usesApiKeys(target) ? { apiKey: API_KEY } : {}),
    ...(Object.keys(basic).length > 0 ? { apiKeys: basic } : {}),
  };
  if (!target.client) throw new Error(`the ${target.name} spec has no generated client`);
  const create = target.client.createMerchantPaymentsClient as (
    options: Record<string, unknown>,
  ) => MerchantPaymentsClient;
  return create({
    baseUrl,
    ...credentials,
    maxRetries: 0,
    timeoutMs: REQUEST_TIMEOUT_MS,
    fetch: fetchImpl,
    ...options,
  });
}
