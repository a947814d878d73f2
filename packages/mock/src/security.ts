// The credentials an operation's `security` asks for, and whether a request carries them: any one alternative
// whose every scheme is present (Bearer or Basic in Authorization, an API key in its header, query parameter or
// cookie); `security: []` (or an empty alternative) asks for none.
import type { Issue, OperationSpec, SecuritySchemeSpec } from "@merchant-payments/spec/model";
import { cookiePairs } from "@merchant-payments/spec/wire";
import type { RequestPart } from "./request-issues.js";

/** What of a request carries credentials. */
export interface CredentialParts {
  /** Request headers, lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The request's query string, parsed (an `apiKey` scheme `in: query` is looked up here). */
  readonly query: URLSearchParams;
}

function header(parts: CredentialParts, name: string): string | undefined {
  const value = parts.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The value of the cookie `name` in the request's Cookie header, as sent (empty when absent): the wire's reading. */
function cookie(parts: CredentialParts, name: string): string {
  return cookiePairs(parts.headers.cookie).find(([key]) => key === name)?.[1] ?? "";
}

/** True when the request carries `scheme`'s credential (its value is the server's to judge). */
function carries(scheme: SecuritySchemeSpec, parts: CredentialParts): boolean {
  const name = scheme.name;
  if (scheme.type === "apiKey" && name) {
    if (scheme.in === "query") return (parts.query.get(name) ?? "") !== "";
    if (scheme.in === "cookie") return cookie(parts, name) !== "";
    return (header(parts, name) ?? "").trim() !== "";
  }
  const authorization = header(parts, "authorization") ?? "";
  if (scheme.type === "http" && scheme.scheme && scheme.scheme !== "bearer")
    return new RegExp(`^\\s*${scheme.scheme}\\s+\\S`, "i").test(authorization);
  // http bearer, oauth2 and openIdConnect: a Bearer token.
  return /^\s*bearer\s+\S/i.test(authorization);
}

/** How a scheme's credential is sent, in words: `a Bearer token in Authorization`, `the X-Api-Key header`. */
function describeScheme(scheme: SecuritySchemeSpec): string {
  if (scheme.type === "apiKey")
    return `the ${scheme.name} ${scheme.in === "query" ? "query parameter" : (scheme.in ?? "header")}`;
  if (scheme.type === "http" && scheme.scheme && scheme.scheme !== "bearer")
    return `${scheme.scheme[0]?.toUpperCase()}${scheme.scheme.slice(1)} credentials in Authorization`;
  return "a Bearer token in Authorization";
}

/** The issue of a request without the credentials its operation requires; undefined when it has them (or needs none). */
export function credentialsIssue(
  op: OperationSpec,
  parts: CredentialParts,
): Issue<RequestPart> | undefined {
  if (op.security.length === 0) return undefined;
  if (op.security.some((alternative) => alternative.every((s) => carries(s, parts))))
    return undefined;
  const wanted = op.security
    .map((alternative) => alternative.map(describeScheme).join(" and "))
    .join(", or ");
  return {
    check: "credentials",
    path: "",
    message: `the request has none of the credentials the spec's security requires for this operation: ${wanted}`,
  };
}

/** The credential values a request carries for the operation's schemes (to redact them from what is shown). */
export function credentialValues(op: OperationSpec | undefined, parts: CredentialParts): string[] {
  const values: string[] = [];
  const bearer = /^\s*\S+\s+(\S+)/.exec(header(parts, "authorization") ?? "")?.[1];
  if (bearer) values.push(bearer);
  for (const scheme of (op?.security ?? []).flat()) {
    if (scheme.type !== "apiKey" || !scheme.name) continue;
    const value =
      scheme.in === "query"
        ? parts.query.get(scheme.name)
        : scheme.in === "header"
          ? header(parts, scheme.name)
          : scheme.in === "cookie"
            ? cookie(parts, scheme.name)
            : undefined;
    if (value) values.push(value);
  }
  return values;
}
