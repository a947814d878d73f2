// The credentials step of the call pipeline for operations beyond a plain JSON body (the pipeline's own step places
// a plain operation's bearer token): the security alternative the client can fill (a bearer token alone when the
// operation table says nothing), each secret fetched per attempt (a function is called like the token) and placed by
// the spec's wire module (`placeCredentials`: the Bearer token, Basic credentials, API keys in a header, the query or
// a cookie). What it needs of the entry (its errors, the token function's caller) is passed in.

import { type CredentialScheme, placeCredentials } from "@merchant-payments/spec/wire";
import type { OperationInfo, SecurityInfo } from "../generated/operation-table.js";
import type { ResolvedOptions, TokenSource } from "../options.js";
import type { TokenFrom } from "../token-function.js";

/** The security of an operation the table says nothing of: a bearer token. */
const BEARER_ONLY: readonly (readonly SecurityInfo[])[] = [[{ type: "bearer" }]];

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

/**
 * The security alternative of an operation the client has credentials for (the first in the spec's order): a bearer
 * token alone when the table says nothing, none for `security: []`. Throws (nothing sent) when it has none of them.
 */
export function securityFor(
  resolved: ResolvedOptions,
  op: string,
  info: OperationInfo,
  refuse: { readonly noToken: (op: string) => Error; readonly notSent: (error: Error) => Error },
): readonly SecurityInfo[] {
  const alternatives = info.security ?? BEARER_ONLY;
  if (alternatives.length === 0) return [];
  const has = (s: SecurityInfo) => sourceFor(resolved, s) !== undefined;
  const usable = alternatives.find((alternative) => alternative.every(has));
  if (usable) return usable;
  if (info.security === undefined) throw refuse.noToken(op);
  const wanted = alternatives.map((a) => a.map(optionFor).join(" and ")).join(", or ");
  throw refuse.notSent(
    new TypeError(`${op}: the client has no credentials this operation accepts: give it ${wanted}`),
  );
}

/** The credentials of one attempt, placed: headers (lower-case names), query and cookie pairs (encoded). */
interface AttemptCredentials {
  readonly headers: Record<string, string>;
  readonly query: readonly string[];
  readonly cookies: readonly string[];
  /** The first secret (redacted from errors and log lines). */
  readonly secret: string | undefined;
  /** Lower-case names of the headers holding an API key (masked in log lines). */
  readonly keyHeaders: string[];
}

/** The scheme as the spec's wire module reads it (the table's `basic` is HTTP Basic). */
function wireScheme(s: SecurityInfo): CredentialScheme {
  return s.type === "basic" ? { type: "http", scheme: "basic" } : s;
}

/** Fetches each credential of the security alternative (a function is called per attempt) and places it. */
async function attemptCredentials(
  resolved: ResolvedOptions,
  security: readonly SecurityInfo[],
  tokenFrom: TokenFrom,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<AttemptCredentials> {
  const given: [CredentialScheme, string][] = [];
  for (const scheme of security) {
    const source = sourceFor(resolved, scheme) as TokenSource;
    const value = typeof source === "string" ? source : await tokenFrom(source, timeoutMs, signal);
    given.push([wireScheme(scheme), value]);
  }
  const placed = placeCredentials(given);
  const headers: Record<string, string> = {};
  const keyHeaders: string[] = [];
  for (const [name, value] of Object.entries(placed.headers)) headers[name.toLowerCase()] = value;
  for (const scheme of security)
    if (scheme.type === "apiKey" && scheme.in === "header")
      keyHeaders.push(scheme.name.toLowerCase());
  return { ...placed, headers, secret: given[0]?.[1], keyHeaders };
}

/** What an attempt's credentials join: its URL and headers (its cookie parameters among them). */
export interface Unplaced {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly parameterHeaders: Readonly<Record<string, string>>;
}

/**
 * The attempt with its credentials: fetched (see `attemptCredentials`) and placed last, an API key in the query
 * appended to the URL, one in a cookie joining the cookie parameters; the log line's copy of the headers with every
 * API key (a Cookie header holding one) as "***".
 */
export async function withCredentials(
  resolved: ResolvedOptions,
  security: readonly SecurityInfo[],
  attempt: Unplaced,
  tokenFrom: TokenFrom,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{
  url: string;
  headers: Record<string, string>;
  secret: string | undefined;
  logged: Record<string, string> | undefined;
}> {
  const credentials = await attemptCredentials(resolved, security, tokenFrom, timeoutMs, signal);
  const { headers, parameterHeaders } = attempt;
  Object.assign(headers, credentials.headers);
  const masked = [...credentials.keyHeaders];
  if (credentials.cookies.length > 0) {
    headers.cookie = [parameterHeaders.cookie, ...credentials.cookies].filter(Boolean).join("; ");
    masked.push("cookie");
  }
  let logged: Record<string, string> | undefined;
  if (masked.length > 0) {
    logged = { ...headers };
    for (const name of masked) logged[name] = "***";
  }
  const { query } = credentials;
  const url =
    query.length === 0
      ? attempt.url
      : `${attempt.url}${attempt.url.includes("?") ? "&" : "?"}${query.join("&")}`;
  return { url, headers, secret: credentials.secret, logged };
}
