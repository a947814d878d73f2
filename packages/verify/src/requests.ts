// One request of an operation, whole: its parameters serialized, its body encoded, the headers the spec binds to
// body properties, the Accept of its documented answers and the credentials its `security` asks for. Shared by
// verify's plan and the load's scenarios, so both send exactly the same shapes.
import {
  isObject,
  type MediaSpec,
  type OperationSpec,
  type SecuritySchemeSpec,
  type SpecAjv,
} from "@merchant-payments/spec/model";
import {
  type CredentialScheme,
  credentialKind,
  placeCredentials,
} from "@merchant-payments/spec/wire";
import { type EncodedBody, encodeBody } from "./bodies.js";
import { type ParameterValues, placedParameters } from "./parameters.js";
import { API_KEY_VARIABLE, BASIC_CREDENTIALS_VARIABLE } from "./variables.js";

/** The secrets verify may send: the Bearer token, an API key and Basic credentials. */
export interface Secrets {
  /** Bearer token, for `http` `bearer` (and `oauth2`/`openIdConnect`) schemes. */
  readonly token?: string;
  /** API key, for `apiKey` schemes (header, query or cookie). */
  readonly apiKey?: string;
  /** `user:password`, for `http` `basic` schemes (sent base64-encoded in Authorization). */
  readonly basic?: string;
}

/** How to give verify the secret a scheme needs, for a skipped operation's reason. */
function secretHint(scheme: SecuritySchemeSpec): string | undefined {
  const kind = credentialKind(scheme);
  if (kind?.startsWith("apiKey-")) return `set ${API_KEY_VARIABLE} or give --api-key-file <file>`;
  if (kind === "basic")
    return `set ${BASIC_CREDENTIALS_VARIABLE} (user:password) or give --basic-credentials-file <file>`;
  return undefined;
}

/** Credentials as they go on the wire: headers and query pairs (already encoded). */
export interface Credentials {
  /** Headers, e.g. `authorization`, `X-Api-Key`. */
  readonly headers: Readonly<Record<string, string>>;
  /** Query pairs, e.g. `api_key=...`. */
  readonly query: readonly string[];
}

/** Headers verify sets itself: a parameter of these names is never generated or broken. */
export const OWN_HEADERS: ReadonlySet<string> = new Set([
  "accept",
  "content-type",
  "authorization",
  "cookie",
]);

/** One request ready to send. */
export interface BuiltRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path and query under the base URL, e.g. `/transactions?status=S&status=P`. */
  readonly target: string;
  /** Headers to send. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, if any. */
  readonly body?: EncodedBody;
}

/** What a request is built from: parameter values, a body value, credentials. */
export interface RequestInputs {
  /** Parameter values by name. */
  readonly parameters: ParameterValues;
  /** The body's media type and value; none for a request without body. */
  readonly body?: { readonly media: MediaSpec; readonly value: unknown };
  /** Credentials; none for a request sent without. */
  readonly credentials?: Credentials;
}

/** The secret verify sends for a scheme: the token, the API key or Basic credentials; undefined when it has none. */
function secretFor(scheme: SecuritySchemeSpec, secrets: Secrets): string | undefined {
  const kind = credentialKind(scheme);
  const secret =
    kind === "bearer"
      ? secrets.token
      : kind?.startsWith("apiKey-")
        ? secrets.apiKey
        : kind === "basic"
          ? secrets.basic
          : undefined;
  return secret || undefined;
}

function describe(scheme: SecuritySchemeSpec): string {
  if (scheme.type === "apiKey") return `an API key in ${scheme.in} ${scheme.name} (${scheme.key})`;
  return `${scheme.key} (${scheme.type}${scheme.scheme ? ` ${scheme.scheme}` : ""})`;
}

/**
 * The credentials of the first alternative of the operation's `security` that `secrets` satisfy (none for
 * `security: []`), or why none can be sent.
 */
export function credentialsFor(
  op: OperationSpec,
  secrets: Secrets,
): { readonly credentials: Credentials } | { readonly missing: string; readonly hint: string } {
  if (op.security.length === 0) return { credentials: { headers: {}, query: [] } };
  const wants: string[] = [];
  const hints: string[] = [];
  for (const alternative of op.security) {
    const given: [CredentialScheme, string][] = [];
    for (const scheme of alternative) {
      const secret = secretFor(scheme, secrets);
      if (secret !== undefined) {
        given.push([scheme, secret]);
        continue;
      }
      wants.push(describe(scheme));
      const hint = secretHint(scheme);
      if (hint) hints.push(hint);
    }
    if (given.length < alternative.length) continue;
    // Placed by the spec's wire module, as every package places them (a load passes Artillery's placeholders here:
    // its processor fills each where it stands, encoded as the wire module encodes that place).
    const placed = placeCredentials(given);
    const headers = { ...placed.headers };
    if (placed.cookies.length > 0) headers.cookie = placed.cookies.join("; ");
    return { credentials: { headers, query: placed.query } };
  }
  return {
    missing: `it needs ${[...new Set(wants)].join(" or ")}`,
    hint: [...new Set(hints)].join("; ") || "verify cannot send these credentials",
  };
}

/**
 * The header parameters the spec binds to a body property (`x-equals-body-property`): from the body when its value
 * is valid for the header, else from `fallback` (a valid example).
 */
export function boundHeaders(
  op: OperationSpec,
  ajv: SpecAjv,
  body: unknown,
  fallback: unknown,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of op.headers) {
    const property = header.equalsBodyProperty;
    if (property === undefined) continue;
    const own = isObject(body) ? body[property] : undefined;
    const value =
      own !== undefined && ajv.ajv.validate(header.schema, own)
        ? own
        : isObject(fallback)
          ? fallback[property]
          : undefined;
    if (value !== undefined) headers[header.name] = String(value);
  }
  return headers;
}

/** The Accept header: every media type the operation's answers document. */
export function acceptOf(op: OperationSpec): string {
  const accept = [...new Set(op.responses.flatMap((r) => r.content.map((m) => m.mediaType)))];
  return accept.join(", ") || "*/*";
}

/** The whole request of `inputs` to `op`. */
export function buildRequest(
  document: unknown,
  op: OperationSpec,
  inputs: RequestInputs,
): BuiltRequest {
  const serialized = placedParameters(op.path, op.parameters, inputs.parameters);
  const query = [serialized.query, ...(inputs.credentials?.query ?? [])].filter((q) => q !== "");
  const body = inputs.body ? encodeBody(document, inputs.body.media, inputs.body.value) : undefined;
  const cookie = [serialized.headers.cookie, inputs.credentials?.headers.cookie].filter(Boolean);
  return {
    method: op.method,
    target: query.length > 0 ? `${serialized.path}?${query.join("&")}` : serialized.path,
    headers: {
      accept: acceptOf(op),
      ...serialized.headers,
      ...(body ? { "content-type": body.contentType } : {}),
      ...(inputs.credentials?.headers ?? {}),
      ...(cookie.length > 0 ? { cookie: cookie.join("; ") } : {}),
    },
    ...(body ? { body } : {}),
  };
}
