import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated/openapi.js";
import { tokenFrom } from "./options.js";

/** The openapi-fetch client typed with the generated `paths`. */
export type RawClient = Client<paths>;

/** Settings the raw client shares with the typed methods. */
export interface RawSettings {
  baseUrl: string;
  token: () => string | Promise<string>;
  acceptLanguage: string;
  fetch: (input: Request) => Promise<Response>;
}

/** Creates the openapi-fetch client; a middleware adds Authorization and Accept-Language unless the call set them. */
export function createRawClient(s: RawSettings): RawClient {
  const client = createClient<paths>({ baseUrl: s.baseUrl, fetch: s.fetch });
  client.use({
    async onRequest({ request }) {
      if (!request.headers.has("Authorization")) {
        request.headers.set("Authorization", `Bearer ${await tokenFrom(s.token)}`);
      }
      if (!request.headers.has("Accept-Language")) {
        request.headers.set("Accept-Language", s.acceptLanguage);
      }
      return request;
    },
  });
  return client;
}
