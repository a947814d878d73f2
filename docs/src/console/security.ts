// Per-operation security in the console: which credentials an operation takes (its `security`, else the
// document's), the fields they need, where each goes, and the shell variable that stands for it in the curl line.
// Pure: no DOM, no network.
import type { OperationSpec, SecuritySchemeSpec } from "@merchant-payments/spec/model";
import { placeCredential, credentialKind as wireKind } from "@merchant-payments/spec/wire";

/** How the console sends one credential: a Bearer token, or an API key in a header or the query. */
export type CredentialKind = "bearer" | "apiKey-header" | "apiKey-query";

/** The kind of a security scheme the console can send, `undefined` for one it cannot (cookie, basic, mTLS). */
export function credentialKind(scheme: SecuritySchemeSpec): CredentialKind | undefined {
  const kind = wireKind(scheme);
  return kind === "bearer" || kind === "apiKey-header" || kind === "apiKey-query"
    ? kind
    : undefined;
}

/**
 * The schemes the panel asks for: those of the operation's first security alternative (any one alternative
 * suffices). `security: []` (or an empty alternative) gives none: nothing is asked and no credential is sent.
 */
export function credentialSchemes(op: OperationSpec): readonly SecuritySchemeSpec[] {
  const first = op.security[0] ?? [];
  return first.filter((scheme) => credentialKind(scheme) !== undefined);
}

/** True when the operation takes a Bearer token (`Authorization: Bearer …`). */
export function takesToken(op: OperationSpec): boolean {
  return credentialSchemes(op).some((s) => credentialKind(s) === "bearer");
}

/** The API key schemes the operation takes (header or query). */
export function apiKeySchemes(op: OperationSpec): readonly SecuritySchemeSpec[] {
  return credentialSchemes(op).filter((s) => credentialKind(s)?.startsWith("apiKey"));
}

/** The shell variable of the curl line that stands for a credential: `MERCHANT_PAYMENTS_TOKEN` for the token. */
export function secretVariable(scheme: SecuritySchemeSpec | "token"): string {
  if (scheme === "token" || credentialKind(scheme) === "bearer") return "MERCHANT_PAYMENTS_TOKEN";
  const snake = scheme.key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toUpperCase();
  return `MERCHANT_PAYMENTS_${snake}`;
}

/** A secret of a request and the variable the curl line shows instead. */
export interface Secret {
  /** The text as it stands in what is sent (a header value's part, or the encoded query value). */
  readonly text: string;
  /** The shell variable shown instead, without `$`. */
  readonly variable: string;
}

/** Where the credentials go: headers, query pairs, and the secrets to mask. */
export interface Credentials {
  /** Headers to send, e.g. `Authorization: Bearer …`, `X-Api-Key: …`. */
  readonly headers: readonly (readonly [string, string])[];
  /** Query pairs to add (an API key in the query), unencoded. */
  readonly query: readonly (readonly [string, string])[];
  /** Every credential's value with its shell variable. */
  readonly secrets: readonly Secret[];
}

/**
 * The credentials of `op` from the token and the API keys typed (by scheme key); an empty value sends nothing.
 * `encode` is how a query value is written into the URL (so that its secret is found there).
 */
export function credentialsFor(
  op: OperationSpec,
  token: string,
  apiKeys: ReadonlyMap<string, string>,
  encode: (value: string) => string,
): Credentials {
  const headers: [string, string][] = [];
  const query: [string, string][] = [];
  const secrets: Secret[] = [];
  for (const scheme of credentialSchemes(op)) {
    const bearer = credentialKind(scheme) === "bearer";
    const secret = bearer ? token : (apiKeys.get(scheme.key) ?? "");
    if (!secret || (bearer && headers.some(([name]) => name === "Authorization"))) continue;
    const placed = placeCredential(scheme, secret);
    if (placed === undefined) continue;
    const variable = secretVariable(scheme);
    if (placed.in === "query") {
      query.push([placed.name, placed.value]);
      secrets.push({ text: encode(secret), variable });
    } else {
      // The header as the curl line shows it: `Authorization` capitalized, an API key's as the spec names it.
      headers.push([bearer ? "Authorization" : placed.name, placed.value]);
      secrets.push({ text: secret, variable });
    }
  }
  return { headers, query, secrets };
}
