// CORS: a documentation page opened from file:// or another port may call the mock (and the proxy).
import type { SpecSource } from "./spec-source.js";

/** Header names the mock and the proxy give every answer. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** The CORS headers of every answer, and of the answer to a preflight. */
export interface CorsHeaders {
  /** On every answer. */
  always: Record<string, string>;
  /** On the answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`). */
  preflight: Record<string, string>;
}

/**
 * CORS headers from the spec: every header parameter and API-key header it declares, plus `Authorization`, `Content-Type`,
 * `Accept`, `Accept-Language` and the mock's `Prefer`, are allowed; every response header it declares,
 * plus `X-Request-Id` and Prism's `sl-violations`, is exposed. Any origin (`*`: credentials are headers).
 */
export function corsHeaders(spec: SpecSource): CorsHeaders {
  const allowed = new Map<string, string>();
  const exposed = new Map<string, string>();
  const add = (map: Map<string, string>, name: string) => {
    if (!map.has(name.toLowerCase())) map.set(name.toLowerCase(), name);
  };
  for (const name of [
    "Authorization",
    "Content-Type",
    "Accept",
    "Accept-Language",
    "Prefer",
    REQUEST_ID_HEADER,
  ])
    add(allowed, name);
  for (const name of [REQUEST_ID_HEADER, "Retry-After", "sl-violations"]) add(exposed, name);
  const methods = new Set(["OPTIONS"]);
  for (const op of spec.operations) {
    methods.add(op.method);
    for (const header of op.headers) add(allowed, header.name);
    // API keys sent in a header (`X-Api-Key`) are headers a page sends too.
    for (const scheme of op.security.flat())
      if (scheme.type === "apiKey" && scheme.in === "header" && scheme.name)
        add(allowed, scheme.name);
    for (const response of op.responses)
      for (const header of response.headers) add(exposed, header.name);
  }
  return {
    always: {
      "access-control-allow-origin": "*",
      "access-control-expose-headers": [...exposed.values()].join(", "),
    },
    preflight: {
      "access-control-allow-methods": [...methods].join(", "),
      "access-control-allow-headers": [...allowed.values()].join(", "),
      "access-control-max-age": "600",
      // Chrome's Private Network Access: a public page may call a mock on this machine.
      "access-control-allow-private-network": "true",
    },
  };
}
