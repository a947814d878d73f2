// The client most behaviour tests build: the source entry's client of a real local server, a test token and a fast
// backoff, with each test file's own options over it.
import { type ClientOptions, createMerchantPaymentsClient } from "../../src/index.js";
import { STAND_IN_API_KEYS } from "./stand-in-keys.js";

/** The token of `testClient` unless a test gives its own (at least 8 characters, as the client requires). */
const TEST_TOKEN = "test-token";

/** Retries 1-2 ms apart: a test never waits for the real backoff (250 ms to 8 s). */
const FAST_BACKOFF = { baseDelayMs: 1, maxDelayMs: 2 } as const;

/**
 * A client of `server` (its `baseUrl`) with `TEST_TOKEN`, `STAND_IN_API_KEYS` (where the spec has such schemes) and
 * `FAST_BACKOFF`; `extra` overrides any option (token, apiKeys, maxRetries, decimals, transport ...).
 */
export function testClient(
  server: { readonly baseUrl: string },
  extra: Partial<ClientOptions> | Record<string, unknown> = {},
) {
  return createMerchantPaymentsClient({
    baseUrl: server.baseUrl,
    token: TEST_TOKEN,
    ...(Object.keys(STAND_IN_API_KEYS).length > 0 ? { apiKeys: STAND_IN_API_KEYS } : {}),
    backoff: FAST_BACKOFF,
    ...(extra as Partial<ClientOptions>),
  });
}
