// The credentials of an operation beyond a JSON body: which security alternative the client can fill, and each
// credential placed where its scheme says (the spec's wire module's placement).

import { encodeText, placeCredential } from "@merchant-payments/spec/wire";
import type { OperationInfo, SecurityInfo } from "../generated/operation-table.js";
import type { ResolvedOptions, TokenSource } from "../options.js";
import { kit } from "./kit.js";

/**
 * The credential source of a security scheme: the bearer `token`; for HTTP Basic `apiKeys[scheme]` (its
 * `user:password`); for an API key `apiKeys[scheme]`, else `apiKey`.
 */
function sourceFor(resolved: ResolvedOptions, s: SecurityInfo): TokenSource | undefined {
  if (s.type === "bearer") return resolved.token;
  if (s.type === "basic") return resolved.apiKeys?.[s.key];
  return resolved.apiKeys?.[s.key] ?? resolved.apiKey;
}

/** The option a scheme's credential comes from, for the error of a client that has none. */
function optionFor(s: SecurityInfo): string {
  if (s.type === "bearer") return "`token`";
  if (s.type === "basic") return `\`apiKeys.${s.key}\` ("user:password")`;
  return `\`apiKeys.${s.key}\` (or \`apiKey\`)`;
}

/** The scheme as the spec's wire module reads it (the table's `basic` is HTTP Basic). */
function wireScheme(s: SecurityInfo): Parameters<typeof placeCredential>[0] {
  return s.type === "basic" ? { type: "http", scheme: "basic" } : s;
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
  const has = (s: SecurityInfo) => sourceFor(resolved, s) !== undefined;
  const usable = alternatives.find((alternative) => alternative.every(has));
  if (usable) return usable;
  if (info.security === undefined) throw kit.noToken(op);
  const wanted = alternatives.map((a) => a.map(optionFor).join(" and ")).join(", or ");
  throw kit.notSent(
    new TypeError(`${op}: the client has no credentials this operation accepts: give it ${wanted}`),
  );
}

/**
 * The credentials of one attempt: headers to set, query pairs and cookies (`name=value`, encoded) to add, the first
 * secret, the names of the headers holding an API key.
 */
export interface PlacedCredentials {
  readonly headers: Record<string, string>;
  readonly query: string[];
  readonly cookies: string[];
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
  const cookies: string[] = [];
  const keyHeaders: string[] = [];
  let secret: string | undefined;
  for (const scheme of security) {
    const source = sourceFor(resolved, scheme) as TokenSource;
    const value =
      typeof source === "string"
        ? source
        : await kit.tokenFrom(source as () => string | Promise<string>, timeoutMs, signal);
    secret ??= value;
    const placed = placeCredential(wireScheme(scheme), value);
    const pair = placed && `${encodeText(placed.name)}=${encodeText(placed.value)}`;
    if (placed?.in === "header") {
      headers[placed.name.toLowerCase()] = placed.value;
      if (scheme.type === "apiKey") keyHeaders.push(placed.name.toLowerCase());
    } else if (placed?.in === "query") query.push(pair as string);
    else if (placed?.in === "cookie") cookies.push(pair as string);
  }
  return { headers, query, cookies, secret, keyHeaders };
}
