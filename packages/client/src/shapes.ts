// Every operation shape beyond a JSON object body: the method's argument split into parameters and body, the URL
// (path and query parameters in their declared style: the spec's wire module, where a new style is one entry), header
// parameters, non-JSON request bodies (multipart, urlencoded, text, binary) and non-JSON answers. Everything is read
// from the operation table. Imported on the first call of such an operation: a client of JSON-body operations only
// never loads it.

import {
  encodeText,
  isJsonMedia,
  placeCredential,
  serializeParameter,
  serializeParameters,
  valueAt,
} from "@merchant-payments/spec/wire";
import type { BodyInfo, OperationInfo, SecurityInfo } from "./generated/operation-table.js";
import type { Issue, Validator } from "./generated/validators.js";
import type { BaseUrl, ResolvedOptions, TokenSource } from "./options.js";
import type { TransportResponse } from "./transport/transport.js";

/**
 * What this module uses of the client's entry, handed over by the request core when it loads it (a lazily loaded
 * chunk that imported them itself would share a chunk with the entry: one more file loaded at start).
 */
export interface ShapesKit {
  /** A JSON body as sent (dates, integer strings), from the request core. */
  readonly wireBody: (info: OperationInfo, body: unknown, issues: Issue[]) => unknown;
  readonly notSent: typeof import("./errors.js").notSent;
  readonly RequestValidationError: typeof import("./errors.js").RequestValidationError;
  readonly UnexpectedResponseError: typeof import("./errors.js").UnexpectedResponseError;
  readonly validators: typeof import("./generated/validators.js").validators;
  readonly parameterValidators: typeof import("./generated/validators.js").parameterValidators;
  readonly tokenFrom: typeof import("./options.js").tokenFrom;
}

let wireBody: ShapesKit["wireBody"];
let notSent: ShapesKit["notSent"];
let RequestValidationError: ShapesKit["RequestValidationError"];
let UnexpectedResponseError: ShapesKit["UnexpectedResponseError"];
let validators: ShapesKit["validators"];
let parameterValidators: ShapesKit["parameterValidators"];
let tokenFrom: ShapesKit["tokenFrom"];

/** Hands this module what it uses of the entry (once, when the request core loads it); returns its functions. */
export function install(kit: ShapesKit): Shapes {
  ({
    wireBody,
    notSent,
    RequestValidationError,
    UnexpectedResponseError,
    validators,
    parameterValidators,
    tokenFrom,
  } = kit);
  return shapesModule;
}

/** The method's argument split: the parameters by name, and the body (undefined when none was given). */
export interface SplitArguments {
  readonly params: Record<string, unknown>;
  readonly body: unknown;
}

/**
 * Splits a method's argument: each parameter by its name; beside them, an object body's properties (the rest), or a
 * non-object body under `body`. An optional object body none of whose properties was given is no body.
 */
export function splitArguments(info: OperationInfo, input: unknown): SplitArguments {
  const args =
    input !== null && typeof input === "object" && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const params: Record<string, unknown> = {};
  const names = new Set<string>();
  for (const p of info.parameters ?? []) {
    names.add(p.name);
    if (args[p.name] !== undefined)
      params[p.name] =
        p.date && args[p.name] instanceof Date ? toWireDate(args[p.name] as Date) : args[p.name];
  }
  const body = info.body;
  if (body === undefined || body.spread) {
    const rest: Record<string, unknown> = {};
    let any = false;
    for (const key of Object.keys(args)) {
      if (names.has(key)) continue;
      rest[key] = args[key];
      any = true;
    }
    return { params, body: any || body === undefined || body.required ? rest : undefined };
  }
  if (body.kind === "none") {
    // Nothing but parameters is expected: anything else is kept to be reported by the validator's caller.
    return { params, body: undefined };
  }
  return { params, body: args.body };
}

/** Names of the argument's properties that are neither a parameter nor part of the body (a typo, an old name). */
export function unknownArguments(info: OperationInfo, input: unknown): string[] {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return [];
  const body = info.body;
  if (body === undefined || body.spread) return [];
  const known = new Set((info.parameters ?? []).map((p) => p.name));
  if (body.kind !== "none") known.add("body");
  return Object.keys(input).filter(
    (k) => !known.has(k) && (input as Record<string, unknown>)[k] !== undefined,
  );
}

/** A Date as its UTC calendar date ("Invalid Date", which no date check accepts, for an invalid one). */
function toWireDate(value: Date): string {
  return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString().slice(0, 10);
}

/** One value as text in a body: a Date as its calendar date, others by String. */
function text(value: unknown): string {
  return value instanceof Date ? toWireDate(value) : String(value);
}

/** A parameter value with every Date (itself, an item, a property) as its calendar date, for the wire module. */
function withDates(value: unknown): unknown {
  if (value instanceof Date) return toWireDate(value);
  if (Array.isArray(value)) return value.map(withDates);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withDates(v)]));
  return value;
}

/**
 * The URL of one call: the base URL's prefix, the path and query parameters written by their styles (the spec's
 * wire module: a path value's `/` is %2F), then the base URL's query, the parameters' and `extraQuery` (an API key
 * sent in the query).
 */
export function urlOf(
  base: BaseUrl,
  info: OperationInfo,
  params: Record<string, unknown>,
  extraQuery: readonly string[] = [],
): string {
  const serialized = serializeParameters(
    info.path,
    (info.parameters ?? []).filter((p) => p.in !== "header"),
    (p) => withDates(params[p.name]),
  );
  const query = [...serialized.query, ...extraQuery].join("&");
  if (!query) return base.prefix + serialized.path + base.query;
  return `${base.prefix}${serialized.path}${base.query ? `${base.query}&` : "?"}${query}`;
}

/** The header parameters given, by lower-case name, written by their style (`simple`: arrays joined by commas). */
export function headerParameters(
  info: OperationInfo,
  params: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of info.parameters ?? []) {
    const value = params[p.name];
    if (p.in !== "header" || value === undefined) continue;
    out[p.name.toLowerCase()] = serializeParameter(p, withDates(value)).join("");
  }
  return out;
}

/** The request body as sent: bytes or text, and its Content-Type (undefined: no body, no Content-Type). */
export interface EncodedBody {
  readonly body: string | Uint8Array | undefined;
  readonly contentType: string | undefined;
}

/** A declared content type usable as a part's or body's type: one media type, no wildcard (else undefined). */
function singleType(declared: string | undefined): string | undefined {
  if (!declared || declared.includes(",") || declared.includes("*")) return undefined;
  return declared.trim();
}

/** A file value (Blob, File, Uint8Array) as a Blob of the declared type when it has none of its own. */
function asBlob(value: Blob | Uint8Array, declared: string | undefined): Blob {
  if (value instanceof Uint8Array) {
    return new Blob([value as Uint8Array<ArrayBuffer>], {
      type: singleType(declared) ?? "application/octet-stream",
    });
  }
  if (value.type || !singleType(declared)) return value;
  return new Blob([value], { type: singleType(declared) });
}

const isFile = (v: unknown): v is Blob | Uint8Array =>
  v instanceof Uint8Array || (typeof Blob !== "undefined" && v instanceof Blob);

/** One multipart part's value: a file as a Blob; an object or array (not of files) as a JSON part; else its text. */
function partValue(value: unknown, declared: string | undefined): string | Blob {
  if (isFile(value)) return asBlob(value, declared);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    return new Blob([JSON.stringify(value)], { type: singleType(declared) ?? "application/json" });
  }
  if (singleType(declared) && !/^text\/plain\b/.test(singleType(declared) as string)) {
    return new Blob([text(value)], { type: singleType(declared) });
  }
  return text(value);
}

/** The bytes and boundary of a form, as the runtime's own Request encodes it (no library). */
async function multipart(form: FormData): Promise<EncodedBody> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const contentType = request.headers.get("content-type") ?? undefined;
  return { body: new Uint8Array(await request.arrayBuffer()), contentType };
}

/** The bytes of a binary body: a Blob's or File's, a Uint8Array, or a string as UTF-8. */
async function bytesOf(value: unknown): Promise<string | Uint8Array> {
  if (value instanceof Uint8Array) return value;
  if (typeof Blob !== "undefined" && value instanceof Blob) {
    return new Uint8Array(await value.arrayBuffer());
  }
  return text(value);
}

/**
 * Encodes the body in its media type: JSON through `json` (the client's own stringify, decimals included),
 * multipart/form-data (files as parts with their type or the declared `encoding.contentType`, arrays as repeated
 * parts, objects as JSON parts), urlencoded (arrays as repeated names), text, binary. No body: nothing.
 */
export async function encodeBody(
  info: BodyInfo | undefined,
  body: unknown,
  json: (value: unknown) => string | Promise<string>,
): Promise<EncodedBody> {
  if (body === undefined || info?.kind === "none")
    return { body: undefined, contentType: undefined };
  const mediaType = info?.mediaType ?? "application/json";
  switch (info?.kind ?? "json") {
    case "json":
      return { body: await json(body), contentType: mediaType };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        if (value === undefined) continue;
        const declared = info?.encoding?.[name]?.contentType;
        const items = Array.isArray(value) && value.every(isFile) ? value : [value];
        for (const item of items) {
          const part = partValue(item, declared);
          if (typeof part === "string") form.append(name, part);
          else form.append(name, part, part instanceof File ? part.name : name);
        }
      }
      return multipart(form);
    }
    case "urlencoded": {
      const pairs: string[] = [];
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) {
          const v =
            item !== null && typeof item === "object" && !(item instanceof Date)
              ? JSON.stringify(item)
              : text(item);
          pairs.push(`${formEncode(name)}=${formEncode(v)}`);
        }
      }
      return { body: pairs.join("&"), contentType: mediaType };
    }
    case "text":
      return { body: text(body), contentType: mediaType };
    default:
      return { body: await bytesOf(body), contentType: mediaType };
  }
}

/** application/x-www-form-urlencoded encoding of one name or value (a space is "+"). */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, "+");
}

/**
 * The item list and the next cursor of a page, by the JSON pointers of `x-pagination` (a missing list is empty; a
 * missing cursor is null).
 */
export function pageParts(
  page: unknown,
  pagination: { readonly next: string; readonly items: string },
): { items: unknown[]; next: unknown } {
  const items = valueAt(page, pagination.items);
  const next = valueAt(page, pagination.next);
  return { items: Array.isArray(items) ? items : [], next: next ?? null };
}

/** How a 2xx answer is handed over: its declared kind, else (an undeclared status) by its Content-Type and body. */
export function answerKind(
  info: OperationInfo,
  response: TransportResponse,
): "json" | "text" | "blob" | "empty" {
  const declared = info.answers?.[String(response.status)]?.kind;
  if (declared !== undefined) return declared;
  if (response.status === 204 || response.status === 205 || response.text === "") return "empty";
  const type = (response.headers.get("content-type") ?? "").toLowerCase();
  if (type === "" || isJsonMedia(type)) return "json";
  return type.startsWith("text/") ? "text" : "blob";
}

/** A non-JSON answer: undefined (no body), its text, or a Blob of its bytes typed by its Content-Type. */
export function nonJsonAnswer(
  kind: "text" | "blob" | "empty",
  response: TransportResponse,
): string | Blob | undefined {
  if (kind === "empty") return undefined;
  if (kind === "text") return response.text;
  const type = response.headers.get("content-type") ?? "";
  const bytes = response.bytes ?? new TextEncoder().encode(response.text);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
}

/**
 * The answer with every number at `paths` (property names, `*` for every item) replaced by its decimal digits (an
 * integer-or-string field below the top level, handed over as a string). Changes `data` in place.
 */
export function withNestedStrings(data: unknown, paths: readonly (readonly string[])[]): unknown {
  const visit = (node: unknown, path: readonly string[], i: number): void => {
    if (node === null || typeof node !== "object") return;
    const key = path[i] as string;
    const last = i === path.length - 1;
    const record = node as Record<string, unknown>;
    const keys = key === "*" ? (Array.isArray(node) ? node.map((_, j) => String(j)) : []) : [key];
    for (const k of keys) {
      if (!last) visit(record[k], path, i + 1);
      else if (typeof record[k] === "number") record[k] = String(record[k]);
    }
  };
  for (const path of paths) visit(data, path, 0);
  return data;
}

/**
 * Every item of every page: the items of `first` (the method's own promise: its page is read once), then of each
 * next page asked for with `again(cursor)`, until the next cursor is null, absent or empty. A cursor the server gave
 * before is an UnexpectedResponseError (following it would never end).
 */
export async function* pages(
  first: PromiseLike<unknown>,
  again: (cursor: unknown) => PromiseLike<unknown>,
  pagination: { readonly next: string; readonly items: string },
): AsyncGenerator<unknown, void, undefined> {
  const seen = new Set<string>();
  let page = await first;
  for (;;) {
    const { items, next } = pageParts(page, pagination);
    yield* items;
    if (next === null || next === undefined || next === "") return;
    const key = JSON.stringify(next);
    if (seen.has(key)) {
      throw new UnexpectedResponseError(
        200,
        "",
        undefined,
        `its next cursor ${key.slice(0, 64)} was given before (pagination would never end)`,
      );
    }
    seen.add(key);
    page = await again(next);
  }
}

/** The error of a call that needs the bearer token on a client given API keys alone (nothing is sent). */
export function noToken(op: string): Error {
  return notSent(
    new TypeError(`${op}: this operation needs a bearer token: give the client a \`token\``),
  );
}

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
  if (info.security === undefined) throw noToken(op);
  const wanted = alternatives
    .map((a) =>
      a
        .map((s) => (s.type === "bearer" ? "`token`" : `\`apiKeys.${s.key}\` (or \`apiKey\`)`))
        .join(" and "),
    )
    .join(", or ");
  throw notSent(
    new TypeError(`${op}: the client has no credentials this operation accepts: give it ${wanted}`),
  );
}

/** What one attempt of a shaped call sends: URL, headers, the credential to redact, headers for a log line. */
export interface ShapedAttempt {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly secret: string | undefined;
  /** The headers with API keys as "***" (Authorization is masked by the log lines), when they differ. */
  readonly logged: Record<string, string> | undefined;
}

/**
 * Prepares a call of an operation beyond a JSON object body: splits the argument into parameters and body, checks
 * both (an unknown argument, a parameter and a body field each named in the RequestValidationError; nothing is sent),
 * encodes the body in its media type, and returns how each attempt is made (credentials fetched per attempt, like the
 * token).
 */
export async function prepareCall(
  resolved: ResolvedOptions,
  op: string,
  info: OperationInfo,
  input: unknown,
  issues: Issue[],
  stringify: (value: unknown) => Promise<string>,
): Promise<{
  body: string | Uint8Array | undefined;
  bytes: boolean;
  attempt: (
    language: string | undefined,
    callHeaders: Readonly<Record<string, string>>,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ) => Promise<ShapedAttempt>;
}> {
  const decimalStrings = resolved.decimals === "string";
  const security = securityFor(resolved, op, info);
  const split = splitArguments(info, input);
  for (const name of unknownArguments(info, input)) {
    issues.push({ path: `/${name}`, message: "is not a parameter of this operation" });
  }
  parameterValidators[op]?.(split.params, issues, decimalStrings);
  const kind = info.body?.kind ?? "json";
  const given =
    kind === "json" && split.body !== undefined ? wireBody(info, split.body, issues) : split.body;
  const validate = (validators as Record<string, Validator | undefined>)[op];
  if (info.body === undefined || info.body.spread) {
    if (given !== undefined) validate?.(given, issues, decimalStrings);
  } else if (info.body.kind !== "none") {
    validate?.({ body: given }, issues, decimalStrings);
  }
  if (issues.length > 0) throw new RequestValidationError(issues);
  const encoded = await encodeBody(info.body, given, stringify);
  const url = urlOf(resolved.baseUrl, info, split.params);
  const parameterHeaders = headerParameters(info, split.params);
  const bodyObject = (given ?? {}) as Record<string, unknown>;
  return {
    body: encoded.body,
    bytes: Object.values(info.answers ?? {}).some((a) => a.kind === "blob"),
    async attempt(language, callHeaders, timeoutMs, signal) {
      // Header parameters come before the caller's headers; Content-Type only with a body; the credentials of the
      // operation's security alternative last.
      const headers: Record<string, string> = {
        accept: info.accept,
        "accept-language": resolved.acceptLanguage,
        ...parameterHeaders,
        ...resolved.defaultHeaders,
        ...callHeaders,
      };
      if (encoded.contentType !== undefined) headers["content-type"] = encoded.contentType;
      if (language !== undefined) headers["accept-language"] = language;
      for (const [name, prop] of info.derivedHeaders) headers[name] = String(bodyObject[prop]);
      let secret: string | undefined;
      const keyHeaders: string[] = [];
      const query: string[] = [];
      for (const scheme of security) {
        const source =
          scheme.type === "bearer" ? resolved.token : (keyFor(resolved, scheme.key) as TokenSource);
        const value =
          typeof source === "string" ? source : await tokenFrom(source, timeoutMs, signal);
        secret ??= value;
        const placed = placeCredential(scheme, value);
        if (placed?.in === "header") {
          headers[placed.name.toLowerCase()] = placed.value;
          if (scheme.type !== "bearer") keyHeaders.push(placed.name.toLowerCase());
        } else if (placed?.in === "query")
          query.push(`${encodeText(placed.name)}=${encodeText(placed.value)}`);
      }
      let logged: Record<string, string> | undefined;
      if (keyHeaders.length > 0) {
        logged = { ...headers };
        for (const name of keyHeaders) logged[name] = "***";
      }
      return {
        url: query.length > 0 ? urlOf(resolved.baseUrl, info, split.params, query) : url,
        headers,
        secret,
        logged,
      };
    },
  };
}

/**
 * The result of an answer of an operation with several 2xx answers or non-JSON ones: by the answer's kind (JSON
 * through `json`, the client's own decoding and checks; text; Blob; nothing), integer-or-string fields below the top
 * level as strings.
 */
export function decodeAnswer(
  info: OperationInfo,
  response: TransportResponse,
  json: () => unknown,
): unknown {
  const kind = answerKind(info, response);
  if (kind !== "json") return nonJsonAnswer(kind, response);
  const nested = info.nestedStringified;
  const data = json();
  if (!nested) return data;
  return data instanceof Promise
    ? data.then((d) => withNestedStrings(d, nested))
    : withNestedStrings(data, nested);
}

/** This module's functions, as `install` returns them. */
export type Shapes = typeof shapesModule;

/** This module's functions, as `install` returns them. */
const shapesModule = {
  install,
  splitArguments,
  unknownArguments,
  urlOf,
  headerParameters,
  encodeBody,
  pageParts,
  answerKind,
  nonJsonAnswer,
  withNestedStrings,
  pages,
  noToken,
  securityFor,
  prepareCall,
  decodeAnswer,
};
