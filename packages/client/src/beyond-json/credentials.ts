// The credentials of an operation beyond a JSON body: which security alternative the client can fill, and each
// credential placed where its scheme says (the spec's wire module's placement).

import { encodeText, placeCredential } from "@merchant-payments/spec/wire";
import type { OperationInfo, SecurityInfo } from "../generated/operation-table.js";
import type { ResolvedOptions, TokenSource } from "../options.js";
import { kit } from "./kit.js";

/** The API key source of a security scheme: `apiKeys[scheme]`, else `apiKey`. */
function keyFor(resolved: ResolvedOptions, scheme: string): TokenSource | undefined {
  return resolved.apiKeys?.[scheme] ?? resolved.apiKey;
}

/**
 * The security alternative of an operation the client has credentials for (the first in the spec's order): a bearer
 * token alone when the table says nothing, none for `security: []`. Throws (nothing sent) when it has none of them.
 */
export function securityFor(
  resolved: ResolvedOptions,
  op: string,
  info: OperationInfo,
): readonly SecurityInfo[] {
  const alternatives = info.security ?? [[{ type: "bearer" } as const]];
  if (alternatives.length === 0) return [];
  const has = (s: SecurityInfo) =>
    s.type === "bearer" ? resolved.token !== undefined : keyFor(resolved, s.key) !== undefined;
  const usable = alternatives.find((alternative) => alternative.every(has));
  if (usable) return usable;
  if (info.security === undefined) throw kit.noToken(op);
  const wanted = alternatives
    .map((a) =>
      a
        .map((s) => (s.type === "bearer" ? "`token`" : `\`apiKeys.${s.key}\` (or \`apiKey\`)`))
        .join(" and "),
    )
    .join(", or ");
  throw kit.notSent(
    new TypeError(`${op}: the client has no credentials this operation accepts: give it ${wanted}`),
  );
}

/** The credentials of one attempt: headers to set, query pairs to add, the first secret, the API-key header names. */
export interface PlacedCredentials {
  readonly headers: Record<string, string>;
  readonly query: string[];
  readonly secret: string | undefined;
  /** Lower-case names of the headers holding an API key (masked in log lines). */
  readonly keyHeaders: string[];
}

/**
 * Fetches each credential of the security alternative (a function is called per attempt, like the token) and places
 * it where its scheme says: a header, or a query pair (encoded).
 */
export async function placeCredentials(
  resolved: ResolvedOptions,
  security: readonly SecurityInfo[],
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<PlacedCredentials> {
  const headers: Record<string, string> = {};
  const query: string[] = [];
  const keyHeaders: string[] = [];
  let secret: string | undefined;
  for (const scheme of security) {
    const source =
      scheme.type === "bearer" ? resolved.token : (keyFor(resolved, scheme.key) as TokenSource);
    const value =
      typeof source === "string"
        ? source
        : await kit.tokenFrom(source as () => string | Promise<string>, timeoutMs, signal);
    secret ??= value;
    const placed = placeCredential(scheme, value);
    if (placed?.in === "header") {
      headers[placed.name.toLowerCase()] = placed.value;
      if (scheme.type !== "bearer") keyHeaders.push(placed.name.toLowerCase());
    } else if (placed?.in === "query")
      query.push(`${encodeText(placed.name)}=${encodeText(placed.value)}`);
  }
  return { headers, query, secret, keyHeaders };
}
