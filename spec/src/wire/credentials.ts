// Where a security scheme's credential goes on a request: a bearer token (HTTP bearer, OAuth 2, OpenID Connect) or
// Basic credentials in Authorization, an API key in its header, query parameter or cookie (its value encoded as
// cookies.ts decides, once for every package).
import { cookiePair } from "./cookies.js";
import { encodeText } from "./encoding.js";

/** What placement needs of a security scheme (the spec model's SecuritySchemeSpec, or the client's table's). */
export interface CredentialScheme {
  /** `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`; or `bearer` (the client's table's shorthand). */
  readonly type: string;
  /** For `http`: `bearer` or `basic` (any case). */
  readonly scheme?: string;
  /** For `apiKey`: where the key goes. */
  readonly in?: string;
  /** For `apiKey`: the header, query parameter or cookie name. */
  readonly name?: string;
}

/** How a scheme's credential is sent: undefined for one sent outside the request (mutualTLS) or unknown. */
export type CredentialKind =
  | "bearer"
  | "basic"
  | "apiKey-header"
  | "apiKey-query"
  | "apiKey-cookie";

/** The kind of credential a scheme takes. */
export function credentialKind(scheme: CredentialScheme): CredentialKind | undefined {
  const http = scheme.type === "http" ? scheme.scheme?.toLowerCase() : undefined;
  if (scheme.type === "bearer" || http === "bearer") return "bearer";
  if (scheme.type === "oauth2" || scheme.type === "openIdConnect") return "bearer";
  if (http === "basic") return "basic";
  if (scheme.type === "apiKey" && scheme.name) {
    if (scheme.in === "header" || scheme.in === "query" || scheme.in === "cookie")
      return `apiKey-${scheme.in}`;
  }
  return undefined;
}

/** One credential on a request: a header, a query parameter or a cookie, name and value not encoded. */
export interface Placement {
  /** Where it goes. */
  readonly in: "header" | "query" | "cookie";
  /** The header (`authorization` for bearer and Basic), query parameter or cookie name. */
  readonly name: string;
  /** The value as sent: `Bearer <token>`, `Basic <base64 of user:password>`, or the API key. */
  readonly value: string;
}

/** Base64 of text's UTF-8 bytes (no Buffer: runs in browsers too). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Where a bearer token goes (HTTP bearer, OAuth 2, OpenID Connect): `Authorization: Bearer <token>`. */
export function placeBearer(token: string): Placement {
  return { in: "header", name: "authorization", value: `Bearer ${token}` };
}

/**
 * Where `secret` goes for `scheme`: the token of a bearer scheme, `user:password` of a Basic one, the key of an API
 * key scheme; undefined for a scheme whose credential is not sent in the request.
 */
export function placeCredential(scheme: CredentialScheme, secret: string): Placement | undefined {
  const kind = credentialKind(scheme);
  if (kind === "bearer") return placeBearer(secret);
  if (kind === "basic")
    return { in: "header", name: "authorization", value: `Basic ${base64(secret)}` };
  if (kind === undefined) return undefined;
  return {
    in: kind.slice("apiKey-".length) as Placement["in"],
    name: scheme.name as string,
    value: secret,
  };
}

/** The credentials of one request as they go on the wire. */
export interface PlacedCredentials {
  /** Headers by name (`authorization`, an API key's header as the document spells it), values as sent. */
  readonly headers: Record<string, string>;
  /** Query pairs (`name=value`), percent-encoded as the query is. */
  readonly query: string[];
  /** Cookie pairs (`name=value`), encoded as cookies.ts says (RFC 6265 cookie-octets kept). */
  readonly cookies: string[];
}

/**
 * Places each credential of one security alternative where its scheme says (the one placement every package uses):
 * `given` pairs each scheme with its secret; a scheme sent outside the request (mutualTLS) adds nothing.
 */
export function placeCredentials(
  given: Iterable<readonly [CredentialScheme, string]>,
): PlacedCredentials {
  const placed: PlacedCredentials = { headers: {}, query: [], cookies: [] };
  for (const [scheme, secret] of given) {
    const one = placeCredential(scheme, secret);
    if (one?.in === "header") placed.headers[one.name] = one.value;
    else if (one?.in === "query")
      placed.query.push(`${encodeText(one.name)}=${encodeText(one.value)}`);
    else if (one?.in === "cookie") placed.cookies.push(cookiePair(one.name, one.value));
  }
  return placed;
}
