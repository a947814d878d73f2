// The client most behaviour tests build: the source entry's client of a real local server, a test token and a fast
// backoff, with each test file's own options over it.
import { loadBundle } from "@merchant-payments/spec";
import { credentialKind } from "@merchant-payments/spec/wire";
import { type ClientOptions, createMerchantPaymentsClient } from "../../src/index.js";

/** The token of `testClient` unless a test gives its own (at least 8 characters, as the client requires). */
const TEST_TOKEN = "test-token";

/** Retries 1-2 ms apart: a test never waits for the real backoff (250 ms to 8 s). */
const FAST_BACKOFF = { baseDelayMs: 1, maxDelayMs: 2 } as const;

/**
 * A stand-in secret for every security scheme of the spec the token does not fill (an API key; HTTP Basic's
 * "user:password"), by scheme name: none for this spec's own Bearer-only operations, one each for a grown spec's.
 */
export const STAND_IN_API_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(loadBundle().components?.securitySchemes ?? {}).flatMap(([name, scheme]) => {
    const kind = credentialKind(scheme as Parameters<typeof credentialKind>[0]);
    if (kind === undefined || kind === "bearer") return [];
    return [[name, kind === "basic" ? "test-user:test-password" : "test-api-key"]];
  }),
);

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
