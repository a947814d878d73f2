import {
  createMerchantPaymentsClient,
  type MerchantPaymentsClient,
} from "@merchant-payments/client";
import { type MockServer, startMock } from "@merchant-payments/mock";

/** Timeout of every request the suite sends, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 5_000;

/** The token the suite sends; the mock accepts any Bearer token. */
export const TOKEN = "contract-suite-token";

/** Starts the mock the suite runs against: a free loopback port, Prism with --errors. */
export function startContractMock(spec?: string): Promise<MockServer> {
  return startMock({ host: "127.0.0.1", port: 0, errors: true, ...(spec ? { spec } : {}) });
}

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
