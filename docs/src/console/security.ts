// Per-operation security in the console: which credentials an operation takes (its `security`, else the
// document's), the fields they need, where each goes, and the shell variable that stands for it in the curl line.
// Pure: no DOM, no network.
import type { OperationSpec, SecuritySchemeSpec } from "@merchant-payments/spec/model";
import { credentialKind, placeCredential } from "@merchant-payments/spec/wire";

/** How the console sends one credential: a Bearer token, Basic credentials, or an API key in a header or the query. */
type SendableKind = "bearer" | "basic" | "apiKey-header" | "apiKey-query";

/**
 * The kind of a security scheme the console can send, `undefined` for one it cannot: an API key in a cookie (a page
 * cannot set the `Cookie` header of a request: the curl line can) and mutual TLS.
 */
function sendableKind(scheme: SecuritySchemeSpec): SendableKind | undefined {
  const kind = credentialKind(scheme);
  return kind === "bearer" ||
    kind === "basic" ||
    kind === "apiKey-header" ||
    kind === "apiKey-query"
    ? kind
    : undefined;
}

/**
 * The operation's security alternatives the console can send (any one suffices): those whose every scheme it can
 * send, in document order. `security: []` (or an empty alternative) gives an empty one: nothing is sent.
 */
function sendableAlternatives(op: OperationSpec): readonly (readonly SecuritySchemeSpec[])[] {
  if (op.security.length === 0) return [[]];
  return op.security.filter((alternative) =>
    alternative.every((scheme) => sendableKind(scheme) !== undefined),
  );
}

/**
 * The schemes the panel asks for: those of every alternative it can send, each once, in document order (the
 * request then uses the first alternative whose credentials are all typed). None for `security: []`.
 */
export function credentialSchemes(op: OperationSpec): readonly SecuritySchemeSpec[] {
  const schemes = new Map<string, SecuritySchemeSpec>();
  for (const alternative of sendableAlternatives(op))
    for (const scheme of alternative) if (!schemes.has(scheme.key)) schemes.set(scheme.key, scheme);
  return [...schemes.values()];
}

/** True when the operation takes a Bearer token (`Authorization: Bearer …`) in one of its alternatives. */
export function takesToken(op: OperationSpec): boolean {
  return credentialSchemes(op).some((s) => sendableKind(s) === "bearer");
}

/** The schemes besides Bearer whose secret the panel asks for: API keys (header or query) and Basic credentials. */
export function apiKeySchemes(op: OperationSpec): readonly SecuritySchemeSpec[] {
  return credentialSchemes(op).filter((s) => sendableKind(s) !== "bearer");
}

/**
 * What the panel says where it asks for no credential: the operation needs none, or its only alternatives are ones
 * a page cannot send (an API key in a cookie), which curl can (`--cookie`).
 */
export function noCredentialsNote(op: OperationSpec): string {
  return sendableAlternatives(op).length === 0
    ? "Its credentials (an API key in a cookie) cannot be sent from a page: add them to the curl line with --cookie."
    : "Sent without credentials (the operation needs none).";
}

/** A field's label for a scheme's secret: `API key (X-Api-Key header)`, `Basic credentials (user:password)`. */
export function secretLabel(scheme: SecuritySchemeSpec): string {
  if (sendableKind(scheme) === "basic") return "Basic credentials (user:password)";
  return `API key (${scheme.name} ${scheme.in === "query" ? "query parameter" : "header"})`;
}

/** The shell variable of the curl line that stands for a credential: `MERCHANT_PAYMENTS_TOKEN` for the token. */
export function secretVariable(scheme: SecuritySchemeSpec | "token"): string {
  if (scheme === "token" || sendableKind(scheme) === "bearer") return "MERCHANT_PAYMENTS_TOKEN";
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
 * The alternative a request sends: the first the console can send whose every credential was typed (an empty one,
 * for an operation that needs none, counts), else the first it can send (its missing credentials are left out, for
 * the server to refuse).
 */
function chosenAlternative(
  op: OperationSpec,
  token: string,
  secrets: ReadonlyMap<string, string>,
): readonly SecuritySchemeSpec[] {
  const typed = (scheme: SecuritySchemeSpec) =>
    (sendableKind(scheme) === "bearer" ? token : (secrets.get(scheme.key) ?? "")) !== "";
  const alternatives = sendableAlternatives(op);
  return alternatives.find((alternative) => alternative.every(typed)) ?? alternatives[0] ?? [];
}

/**
 * The credentials of `op` from the token and the other secrets typed (API keys and Basic `user:password`, by scheme
 * key), for its chosen alternative; an empty value sends nothing. `encode` is how a query value is written into the
 * URL (so that its secret is found there).
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
  for (const scheme of chosenAlternative(op, token, apiKeys)) {
    const kind = sendableKind(scheme);
    const secret = kind === "bearer" ? token : (apiKeys.get(scheme.key) ?? "");
    const authorization = kind === "bearer" || kind === "basic";
    if (!secret || (authorization && headers.some(([name]) => name === "Authorization"))) continue;
    const placed = placeCredential(scheme, secret);
    if (placed === undefined) continue;
    const variable = secretVariable(scheme);
    if (placed.in === "query") {
      query.push([placed.name, placed.value]);
      secrets.push({ text: encode(secret), variable });
    } else {
      // The header as the curl line shows it: `Authorization` capitalized, an API key's as the spec names it. Basic
      // credentials are masked as sent (their base64), the variable standing for that encoded `user:password`.
      headers.push([authorization ? "Authorization" : placed.name, placed.value]);
      secrets.push({
        text: kind === "basic" ? placed.value.slice("Basic ".length) : secret,
        variable,
      });
    }
  }
  return { headers, query, secrets };
}
