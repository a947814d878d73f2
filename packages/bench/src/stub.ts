import createClient, { type Client } from "openapi-fetch";
import type { ClientModule, MerchantPaymentsClient } from "./client.js";
import type { paths } from "./generated/schema.js";

/** Base URL given to clients whose fetch is stubbed (never contacted). */
export const STUB_BASE_URL = "http://127.0.0.1:9";

/** Bearer token every stubbed client sends. */
const STUB_TOKEN = "bench-token";

/**
 * A fetch that answers at once with 200 and the given JSON text, without touching the network or
 * reading the request; a new Response per call, as a real fetch would return.
 */
export function stubFetch(
  answer: string,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  return async () =>
    new Response(answer, { status: 200, headers: { "content-type": "application/json" } });
}

/** A bare openapi-fetch client sending the client's accept, authorization and accept-language headers to a stubFetch(answer). */
export function stubbedOpenapiFetch(answer: string): Client<paths> {
  return createClient<paths>({
    baseUrl: STUB_BASE_URL,
    headers: {
      accept: "application/json",
      authorization: `Bearer ${STUB_TOKEN}`,
      "accept-language": "en",
    },
    fetch: stubFetch(answer),
  });
}

/** A @merchant-payments/client (its defaults otherwise) whose fetch is stubFetch(answer). */
export function stubbedClient(client: ClientModule, answer: string): MerchantPaymentsClient {
  return client.createMerchantPaymentsClient({
    baseUrl: STUB_BASE_URL,
    token: STUB_TOKEN,
    fetch: stubFetch(answer),
  });
}
