// Calls of any operation built from its spec alone: valid parameter values and bodies (the spec's examples, else
// generated), each parameter broken one constraint at a time, the argument object of the public calling convention
// (parameters by name beside an object body's properties, any other body under `body`), and the same call as a
// raw HTTP request for the mock.

import { type Mutation, mutationsOf, validArbitrary } from "@merchant-payments/kit";
import type {
  Json,
  MediaSpec,
  OperationSpec,
  ParameterSpec,
  SpecAjv,
} from "@merchant-payments/spec";
import { deref, isObject, typesOf } from "@merchant-payments/spec/model";
import {
  bodyKind,
  type CredentialScheme,
  credentialKind,
  isJsonMedia,
  multipartParts,
  placeCredentials,
  serializeParameters,
  urlencodedBody,
} from "@merchant-payments/spec/wire";
import fc from "fast-check";

/** Header parameters the client sets itself (from its options or the answers it admits): never a caller's. */
const CLIENT_HEADERS = new Set(["accept", "accept-language", "content-type", "authorization"]);

/** The parameters a caller gives by name: path, query and header ones, except the headers the client derives. */
export function callerParameters(op: OperationSpec): ParameterSpec[] {
  return op.parameters.filter(
    (p) =>
      p.in !== "cookie" &&
      !(
        p.in === "header" &&
        (CLIENT_HEADERS.has(p.name.toLowerCase()) || p.equalsBodyProperty !== undefined)
      ),
  );
}

/**
 * A value valid against the schema at `pointer`: `preferred` when it is, else one generated with `seed`. With
 * `nonEmpty` (a required body), never the empty string: an empty body is no body to a server (the mock answers 422).
 */
export function validValue(
  document: Json,
  validator: SpecAjv,
  pointer: string,
  schema: Json,
  preferred: unknown,
  seed: number,
  nonEmpty = false,
): unknown {
  if (preferred !== undefined && validator.issuesAt(pointer, preferred).length === 0)
    return preferred;
  const candidates = fc.sample(validArbitrary(document, schema), { seed, numRuns: 20 });
  const found = candidates.find(
    (c) => !(nonEmpty && c === "") && validator.issuesAt(pointer, c).length === 0,
  );
  if (found === undefined) throw new Error(`no valid value found for ${pointer} (seed ${seed})`);
  return found;
}

/**
 * One valid call: every caller parameter (required and optional) by name, but a paginated operation's cursor (the
 * call asks for the first page, as a caller does: the mock refuses a cursor it never issued), and the body of the
 * first media type.
 */
export interface ValidCall {
  readonly params: Record<string, unknown>;
  readonly media: MediaSpec | undefined;
  readonly body: unknown;
}

/** A valid call of `op`, from its examples where it has them. */
export function validCall(
  document: Json,
  validator: SpecAjv,
  op: OperationSpec,
  seed: number,
): ValidCall {
  const cursor = op.pagination?.cursor;
  const firstPage = (p: { in: string; name: string }) => !(p.in === "query" && p.name === cursor);
  const params = Object.fromEntries(
    callerParameters(op)
      .filter(firstPage)
      .map((p, i) => [
        p.name,
        validValue(document, validator, p.schemaPointer, p.schema, p.example, seed + i),
      ]),
  );
  const media = op.requestBodies[0];
  const body =
    media &&
    validValue(
      document,
      validator,
      media.schemaPointer,
      media.schema,
      media.examples[0]?.value,
      seed,
      op.requestBodyRequired,
    );
  return { params, media, body };
}

/** True for the media types whose object body is spread among the arguments (JSON, multipart, urlencoded). */
export function isStructured(mediaType: string): boolean {
  const kind = bodyKind(mediaType);
  return kind === "json" || kind === "multipart" || kind === "urlencoded";
}

/** The declared content type of a multipart part, if it is a file (not text or JSON). */
function fileType(
  document: Json,
  media: MediaSpec,
  name: string,
  schema: Json,
): string | undefined {
  const declared = media.encoding[name]?.contentType?.split(",")[0]?.trim();
  const resolved = deref<Json>(document, schema ?? {});
  const binary =
    resolved?.format === "binary" ||
    typeof resolved?.contentMediaType === "string" ||
    (declared !== undefined && !["text", "json"].includes(bodyKind(declared)));
  return binary
    ? (declared ?? resolved?.contentMediaType ?? "application/octet-stream")
    : undefined;
}

/** The body as a client is given it: files of a multipart body as `Blob`s, a binary body as bytes, text as a string. */
export function clientBody(document: Json, media: MediaSpec | undefined, value: unknown): unknown {
  if (!media) return undefined;
  const type = media.mediaType;
  if (type === "multipart/form-data" && isObject(value)) {
    const schema = deref<Json>(document, media.schema);
    return Object.fromEntries(
      Object.entries(value).map(([name, part]) => {
        const partSchema = schema?.properties?.[name];
        const items = deref<Json>(document, partSchema ?? {})?.items;
        const asFile = (v: unknown, s: Json) => {
          const ft = fileType(document, media, name, s);
          return ft === undefined ? v : new Blob([String(v)], { type: ft });
        };
        return [
          name,
          Array.isArray(part) ? part.map((p) => asFile(p, items)) : asFile(part, partSchema),
        ];
      }),
    );
  }
  if (isStructured(type)) return value;
  if (type.startsWith("text/")) return String(value);
  return new Blob([String(value ?? "bytes")], { type });
}

/** The argument object of the public calling convention for `op`. */
export function clientArguments(
  document: Json,
  params: Record<string, unknown>,
  media: MediaSpec | undefined,
  body: unknown,
): Record<string, unknown> {
  const given = clientBody(document, media, body);
  if (media && isStructured(media.mediaType) && isObject(given)) return { ...params, ...given };
  return given === undefined ? { ...params } : { ...params, body: given };
}

/** Ways of breaking one parameter's valid value, each checked invalid by the spec's Ajv; `undefined` value: left out. */
export function parameterMutations(
  document: Json,
  validator: SpecAjv,
  parameter: ParameterSpec,
  value: unknown,
): Mutation[] {
  const schema = parameter.schema;
  const extra: Mutation[] = [];
  if (typeof schema.maxLength === "number" && typeof value === "string")
    extra.push({ description: "longer than maxLength", value: "x".repeat(schema.maxLength + 1) });
  if (typeof schema.pattern === "string")
    extra.push({ description: "breaks its pattern", value: "~not matching~" });
  if (typeof schema.minimum === "number")
    extra.push({ description: "below minimum", value: schema.minimum - 1 });
  if (typeof schema.maximum === "number")
    extra.push({ description: "above maximum", value: schema.maximum + 1 });
  if (Array.isArray(value) && typeof schema.maxItems === "number")
    extra.push({
      description: "more items than maxItems",
      value: Array.from({ length: schema.maxItems + 1 }, (_, i) => value[i % value.length]),
    });
  if (typeof schema.minItems === "number" && schema.minItems > 0)
    extra.push({ description: "fewer items than minItems", value: [] });
  const all = [...mutationsOf(document, schema, value), ...extra].filter(
    (m) => m.value !== null && validator.issuesAt(parameter.schemaPointer, m.value).length > 0,
  );
  const seen = new Set<string>();
  const unique = all.filter((m) => {
    const key = JSON.stringify(m.value);
    return !seen.has(key) && seen.add(key);
  });
  if (parameter.required) unique.push({ description: "left out (required)", value: undefined });
  return unique;
}

/**
 * True when a broken parameter value stays broken once serialized into a URL or header (where every value is
 * text): a bound, length, pattern, format, enum, item count, a missing value, or text where a number or boolean is
 * expected. A number given for a string, or a scalar given as a one-item array, reads back valid on the wire. A path
 * parameter left out or empty is not sent: its URL no longer names the operation (`/transactions/` is another path).
 */
export function brokenOnTheWire(parameter: ParameterSpec, mutation: Mutation): boolean {
  if (parameter.in === "path" && (mutation.value === undefined || mutation.value === ""))
    return false;
  if (mutation.value === undefined) return true;
  const instead = /: an? (\w+) instead$/.exec(mutation.description);
  if (!instead) return true;
  const schema = parameter.schema;
  const types = typesOf(schema);
  return instead[1] === "string" && !types.includes("string") && !types.includes("array");
}

/** Files of a multipart body as the client is given them: Blobs, or lists of Blobs. */
const isBlobProperty = (_name: string, value: unknown): boolean =>
  value instanceof Blob || (Array.isArray(value) && value.every((v) => v instanceof Blob));

/**
 * The body of a raw request (its Content-Type set in `headers`, but for multipart, whose boundary fetch writes):
 * forms as the spec's wire module writes them (forms.ts), JSON, text or bytes.
 */
function rawBody(
  document: Json,
  media: MediaSpec,
  body: unknown,
  headers: Headers,
): BodyInit | undefined {
  const given = clientBody(document, media, body);
  if (media.mediaType === "multipart/form-data" && isObject(given)) {
    const form = new FormData();
    for (const part of multipartParts(given, media.encoding, isBlobProperty)) {
      if (part.kind === "file") form.append(part.name, part.value as Blob, `${part.name}.bin`);
      else if (part.contentType === undefined) form.append(part.name, part.value as string);
      else form.append(part.name, new Blob([part.value as string], { type: part.contentType }));
    }
    return form;
  }
  headers.set("content-type", media.mediaType);
  if (media.mediaType === "application/x-www-form-urlencoded" && isObject(given))
    return urlencodedBody(given, media.encoding);
  if (isJsonMedia(media.mediaType)) return JSON.stringify(given);
  return given as BodyInit;
}

/** A raw HTTP request of a call (URL and fetch init), parameters serialized by the spec, for the mock. */
export function rawRequest(
  document: Json,
  baseUrl: string,
  op: OperationSpec,
  params: Record<string, unknown>,
  media: MediaSpec | undefined,
  body: unknown,
  credentials: { token: string; apiKey: string; basic: string },
): { url: string; init: RequestInit } {
  const headers = new Headers({ accept: "*/*" });
  const serialized = serializeParameters(op.path, callerParameters(op), (p) => params[p.name]);
  const query = [...serialized.query];
  for (const [name, value] of Object.entries(serialized.headers)) headers.set(name, value);
  for (const p of op.parameters)
    if (p.in === "header" && p.equalsBodyProperty !== undefined && isObject(body))
      headers.set(p.name, String(body[p.equalsBodyProperty]));
  const secretOf = (scheme: CredentialScheme) => {
    const kind = credentialKind(scheme);
    return kind === "bearer"
      ? credentials.token
      : kind === "basic"
        ? credentials.basic
        : credentials.apiKey;
  };
  // Placed by the spec's wire module, as every package places them.
  const placed = placeCredentials(
    (op.security[0] ?? []).map((scheme) => [scheme, secretOf(scheme)] as const),
  );
  query.push(...placed.query);
  for (const [name, value] of Object.entries(placed.headers)) headers.set(name, value);
  const cookies = [serialized.headers.cookie ?? "", ...placed.cookies].filter((c) => c !== "");
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  const init: RequestInit = { method: op.method, headers };
  if (media) init.body = rawBody(document, media, body, headers);
  const search = query.join("&");
  return { url: `${baseUrl}${serialized.path}${search ? `?${search}` : ""}`, init };
}
