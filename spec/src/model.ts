// The spec model: the reading of an OpenAPI document the toolkit's packages share (references, operations, examples,
// code samples and the project's JSON Schema validator). Pure: no file system, usable in a browser. References are
// followed by refs.ts (`deref`, `resolveSchema`, `chooseBranch`), which it re-exports: no package follows one its own way.
import {
  Ajv2020,
  type Options as AjvOptions,
  type ErrorObject,
  type ValidateFunction,
} from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Issue } from "./issues.js";
import type { WireEncoding } from "./wire/forms.js";
import type { ParameterLocation } from "./wire/styles.js";

/** A JSON Schema (2020-12) as it stands in the document, `$ref`s left in place. */
export type Schema = JsonObject;

/** The HTTP methods an OpenAPI path item may hold, lower case. */
export const HTTP_METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

import { deref, isObject, type Json, type JsonObject, refName } from "./refs.js";

export {
  chooseBranch,
  type DiscriminatorChoice,
  deref,
  isObject,
  type Json,
  type JsonObject,
  MAX_REF_HOPS,
  reachesItself,
  refName,
  resolvePointer,
  resolveSchema,
  schemaAt,
  typesOf,
} from "./refs.js";

import { examplesOf, type NamedExample } from "./examples.js";
import { pointer } from "./json-pointer.js";
import { placed, SpecModelError } from "./spec-model-error.js";

export { type ExampleSource, examplesOf, type NamedExample, schemaExamples } from "./examples.js";
export { SpecModelError, type SpecPlace } from "./spec-model-error.js";

/** One media type of a request body or a response. */
export interface MediaSpec {
  /** e.g. `application/json`. */
  readonly mediaType: string;
  /** The schema, `$ref`s left in place (compile it with `createAjv(document).compileAt(schemaPointer)`). */
  readonly schema: Schema;
  /** JSON Pointer of the schema inside the document. */
  readonly schemaPointer: string;
  /** JSON Pointer of the schema a `$ref` there points to (`schemaPointer` itself when it is no reference). */
  readonly resolvedSchemaPointer: string;
  /** Name of the component the schema refers to, e.g. `Transaction`, if it is a `$ref`. */
  readonly schemaName?: string;
  /**
   * Its examples, by precedence (spec/README.md, "Examples"): the named `examples` in document order, else `example`
   * (one entry named `"example"`), else the schema's `examples` (`"schema example 1"`, ...) or `example`.
   */
  readonly examples: readonly NamedExample[];
  /**
   * The media type's `encoding` (multipart and urlencoded bodies): per property, its declared `contentType`, `style`
   * and `explode` (the wire module's `WireEncoding`).
   */
  readonly encoding: Readonly<Record<string, WireEncoding>>;
}

/** One parameter of an operation (path-item and operation level, the operation's winning on the same name and place). */
export interface ParameterSpec {
  /** The name as the document spells it. */
  readonly name: string;
  /** Where it goes. */
  readonly in: ParameterLocation;
  /** Whether it is required (always true for a path parameter). */
  readonly required: boolean;
  /** Its schema, `$ref`s resolved at the top level. */
  readonly schema: Schema;
  /** JSON Pointer of its schema inside the document (compile it with `createAjv(document).compileAt`). */
  readonly schemaPointer: string;
  /** Its serialization style: the document's, else OpenAPI's default (`simple` for path and header, `form` for query and cookie). */
  readonly style: string;
  /** Whether arrays and objects are exploded: the document's, else true for `form`, false otherwise. */
  readonly explode: boolean;
  /** The parameter's `description` text (CommonMark); absent when the document gives none. */
  readonly description?: string;
  /** Its first example's value (see `examples`), if it has any. */
  readonly example?: Json;
  /**
   * Its examples, by the media type's precedence: the named `examples`, else `example` (named `"example"`), else its
   * schema's `examples`/`example` (a `content` parameter: its media type's examples).
   */
  readonly examples: readonly NamedExample[];
  /** The body property this parameter must equal (`x-equals-body-property`), if any. */
  readonly equalsBodyProperty?: string;
}

/** One security scheme an operation may use, resolved from `components.securitySchemes`. */
export interface SecuritySchemeSpec {
  /** The scheme's key in `components.securitySchemes`, e.g. `BearerAuth`. */
  readonly key: string;
  /** `http`, `apiKey`, `oauth2`, `openIdConnect` or `mutualTLS`. */
  readonly type: string;
  /** For `http`: the scheme, lower case (`bearer`, `basic`). */
  readonly scheme?: string;
  /** For `apiKey`: where the key goes. */
  readonly in?: "header" | "query" | "cookie";
  /** For `apiKey`: the header, query or cookie name. */
  readonly name?: string;
}

/** The `x-pagination` extension of a cursor-paginated operation (see spec/openapi/README.md). */
export interface PaginationSpec {
  /** The query parameter that carries the cursor. */
  readonly cursor: string;
  /** JSON Pointer of the next cursor in the answer; null or absent on the last page. */
  readonly next: string;
  /** JSON Pointer of the page's items (an array) in the answer. */
  readonly items: string;
  /** The query parameter that sets the page size (the optional `limit` key), when the extension names one. */
  readonly limit?: string;
}

/** A header a response declares. */
export interface ResponseHeader {
  /** The header name as the document spells it. */
  readonly name: string;
  /** Whether every such response carries it. */
  readonly required: boolean;
  /** Its schema, `$ref`s resolved at the top level. */
  readonly schema: Schema;
  /** Its examples, by the precedence of `MediaSpec.examples` (the header's `examples`, `example`, its schema's). */
  readonly examples: readonly NamedExample[];
}

/** One documented response of an operation. */
export interface ResponseSpec {
  /** Status key as written in the document: `200`, `404`, `5XX`, `default`. */
  readonly status: string;
  /** The response's `description` (CommonMark); `""` when the document omits it. */
  readonly description: string;
  /** The response headers it declares. */
  readonly headers: readonly ResponseHeader[];
  /** One entry per media type; empty for a response without a body. */
  readonly content: readonly MediaSpec[];
}

/** A header parameter of an operation. */
export interface HeaderParameter {
  /** The header name as the document spells it. */
  readonly name: string;
  /** The parameter's `required`: true only when the document says so. */
  readonly required: boolean;
  /** Its schema, `$ref`s resolved at the top level. */
  readonly schema: Schema;
  /** Its examples, as `ParameterSpec.examples`. */
  readonly examples: readonly NamedExample[];
  /** The body property this header must equal (`x-equals-body-property`), if any. */
  readonly equalsBodyProperty?: string;
  /** The header parameter's `description` (CommonMark); absent when the document gives none. */
  readonly description?: string;
}

/** One entry of an operation's `x-codeSamples`. */
export interface CodeSample {
  /** e.g. `TypeScript`, `Shell`. */
  readonly lang: string;
  /** e.g. `TypeScript`, `curl`. */
  readonly label: string;
  /** The sample's text, inlined by the bundler. */
  readonly source: string;
}

/** Everything the toolkit reads about one operation. */
export interface OperationSpec {
  /** The document's `operationId`, e.g. `getTransaction`: the key every package names the operation by. */
  readonly operationId: string;
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path under the base URL, e.g. `/collections/getTransaction`. */
  readonly path: string;
  /** The operation's one-line `summary`; `""` when the document omits it. */
  readonly summary: string;
  /** The operation's `description` (CommonMark); `""` when the document omits it. */
  readonly description: string;
  /** The operation's `tags`, in document order (the docs group operations by them); empty when none. */
  readonly tags: readonly string[];
  /** The operation's `x-safe-to-retry`: true when a retry cannot act twice. Undefined when the document omits it. */
  readonly safeToRetry: boolean | undefined;
  /** The request body's `required`: true only when the document says so (OpenAPI's default is false). */
  readonly requestBodyRequired: boolean;
  /** The JSON request body (`application/json`), if the operation has one. */
  readonly request: MediaSpec | undefined;
  /** Every media type of the request body, in document order (JSON, multipart, urlencoded, binary, text); empty without a body. */
  readonly requestBodies: readonly MediaSpec[];
  /** Every parameter (path, query, header, cookie), in document order, path-item ones first. */
  readonly parameters: readonly ParameterSpec[];
  /**
   * The security requirements that apply (the operation's `security`, else the document's): any one alternative
   * suffices; an alternative lists the schemes sent together. `[]` means no credentials are sent.
   */
  readonly security: readonly (readonly SecuritySchemeSpec[])[];
  /** The operation's `x-pagination`, if it declares a well-formed one. */
  readonly pagination: PaginationSpec | undefined;
  /** Header parameters (path-item and operation level). */
  readonly headers: readonly HeaderParameter[];
  /** Path parameters' names, in `parameters` order (none in the product spec; generators refuse what they can't handle). */
  readonly pathParameters: readonly string[];
  /** Query parameters' names as the document spells them, in `parameters` order; empty when none. */
  readonly queryParameters: readonly string[];
  /** Documented responses, in document order. */
  readonly responses: readonly ResponseSpec[];
  /** The operation's `x-codeSamples`, in document order (`label` defaults to `lang`); empty when none. */
  readonly codeSamples: readonly CodeSample[];
  /** Every `x-` extension of the operation, by name. */
  readonly extensions: Readonly<Record<string, Json>>;
  /** JSON Pointer of the operation object inside the document. */
  readonly pointer: string;
}

function mediaOf(document: Json, content: Json, at: string, label?: string): MediaSpec[] {
  if (!isObject(content)) return [];
  return Object.entries(content)
    .filter(([, media]) => isObject(media))
    .map(([mediaType, raw]) => {
      const mediaPointer = `${at}${pointer(mediaType)}`;
      return placed({ operation: label, pointer: mediaPointer }, () => {
        const media = raw as JsonObject;
        const schema = media.schema ?? {};
        const name = refName(schema);
        return {
          mediaType,
          schema,
          schemaPointer: `${mediaPointer}/schema`,
          resolvedSchemaPointer: refOrPointer(schema, `${mediaPointer}/schema`),
          ...(name ? { schemaName: name } : {}),
          examples: examplesOf(document, media, mediaPointer),
          encoding: encodingOf(media.encoding),
        };
      });
    });
}

function encodingOf(raw: Json): Record<string, WireEncoding> {
  if (!isObject(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).map(([property, e]) => {
      const one = isObject(e) ? e : {};
      return [
        property,
        {
          ...(typeof one.contentType === "string" ? { contentType: one.contentType } : {}),
          ...(typeof one.style === "string" ? { style: one.style } : {}),
          ...(typeof one.explode === "boolean" ? { explode: one.explode } : {}),
        },
      ];
    }),
  );
}

const DEFAULT_STYLE: Record<ParameterLocation, string> = {
  path: "simple",
  header: "simple",
  query: "form",
  cookie: "form",
};

function parametersOf(
  document: Json,
  item: JsonObject,
  itemPointer: string,
  op: JsonObject,
  opPointer: string,
  label?: string,
): ParameterSpec[] {
  const listed = (node: Json, at: string): [Json, string][] =>
    (Array.isArray(node) ? node : []).map((p: Json, i: number) => [p, `${at}/parameters/${i}`]);
  const byKey = new Map<string, ParameterSpec>();
  for (const [node, at] of [
    ...listed(item.parameters, itemPointer),
    ...listed(op.parameters, opPointer),
  ]) {
    const parameter = placed({ operation: label, pointer: at }, () =>
      parameterOf(document, node, refOrPointer(node, at)),
    );
    if (parameter) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

/** One Parameter Object (`node`, maybe a `$ref`, whose target is at `paramPointer`); undefined for an unknown `in`. */
function parameterOf(document: Json, node: Json, paramPointer: string): ParameterSpec | undefined {
  const p = deref<JsonObject>(document, node);
  const location = p.in as ParameterLocation;
  if (!(location in DEFAULT_STYLE)) return undefined;
  const style = typeof p.style === "string" ? p.style : DEFAULT_STYLE[location];
  const examples = isObject(p.content)
    ? (mediaOf(document, p.content, `${paramPointer}/content`)[0]?.examples ?? [])
    : examplesOf(document, p, paramPointer);
  return {
    name: String(p.name),
    in: location,
    required: location === "path" || p.required === true,
    schema: deref<Schema>(document, p.schema ?? {}),
    schemaPointer: refOrPointer(p.schema, `${paramPointer}/schema`),
    style,
    explode: typeof p.explode === "boolean" ? p.explode : style === "form",
    ...(typeof p.description === "string" ? { description: p.description } : {}),
    ...(examples.length > 0 ? { example: examples[0]?.value } : {}),
    examples,
    ...(typeof p["x-equals-body-property"] === "string"
      ? { equalsBodyProperty: p["x-equals-body-property"] }
      : {}),
  };
}

function securityOf(document: Json, op: JsonObject, inherit: boolean): SecuritySchemeSpec[][] {
  const requirements: Json = Array.isArray(op.security)
    ? op.security
    : inherit
      ? document.security
      : [];
  if (!Array.isArray(requirements)) return [];
  const schemes: JsonObject = isObject(document.components?.securitySchemes)
    ? document.components.securitySchemes
    : {};
  return requirements.filter(isObject).map((requirement) =>
    Object.keys(requirement).map((key) => {
      const scheme = deref<JsonObject>(document, schemes[key] ?? {});
      return {
        key,
        type: String(scheme.type ?? ""),
        ...(typeof scheme.scheme === "string" ? { scheme: scheme.scheme.toLowerCase() } : {}),
        ...(scheme.in === "header" || scheme.in === "query" || scheme.in === "cookie"
          ? { in: scheme.in }
          : {}),
        ...(typeof scheme.name === "string" ? { name: scheme.name } : {}),
      };
    }),
  );
}

function paginationOf(raw: Json): PaginationSpec | undefined {
  if (!isObject(raw)) return undefined;
  const { cursor, next, items, limit } = raw;
  if (typeof cursor !== "string" || typeof next !== "string" || typeof items !== "string")
    return undefined;
  if (limit === undefined) return { cursor, next, items };
  return typeof limit === "string" ? { cursor, next, items, limit } : undefined;
}

/** A schema's `type` as a list (`[]` when it has none). */
function schemaTypes(schema: Json | undefined): string[] {
  if (!isObject(schema)) return [];
  const type = schema.type;
  return Array.isArray(type) ? type.map(String) : typeof type === "string" ? [type] : [];
}

/**
 * The page-size query parameter of a paginated operation: the one its `x-pagination.limit` names, or else (inferred)
 * its one optional integer query parameter besides the cursor. Undefined when it is not paginated, when `limit` names
 * no query parameter, or when nothing is named and there is no such parameter or several.
 */
export function pageSizeParameter(op: OperationSpec): ParameterSpec | undefined {
  const pagination = op.pagination;
  if (!pagination) return undefined;
  const query = op.parameters.filter((p) => p.in === "query");
  if (pagination.limit !== undefined) return query.find((p) => p.name === pagination.limit);
  const candidates = query.filter(
    (p) => !p.required && p.name !== pagination.cursor && schemaTypes(p.schema).includes("integer"),
  );
  return candidates.length === 1 ? candidates[0] : undefined;
}

function refOrPointer(node: Json, fallback: string): string {
  return isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#")
    ? decodeURIComponent(node.$ref.slice(1))
    : fallback;
}

/** `METHOD path` of an operation, the label every problem of the model names it by. */
export function operationLabel(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The parts of an Operation Object that do not depend on where it stands (under `paths` or under `webhooks`). */
export type OperationParts = Omit<
  OperationSpec,
  "operationId" | "path" | "pathParameters" | "queryParameters" | "pagination"
>;

/** Where an Operation Object stands: its path item, the pointers, the label problems name it by. */
export interface OperationPlace {
  /** The Path Item Object holding it (`$ref` followed). */
  readonly item: JsonObject;
  /** JSON Pointer of that path item (its `$ref` target when it is one). */
  readonly itemPointer: string;
  /** The method, lower case. */
  readonly method: string;
  /** `METHOD path` (or `webhook <name> METHOD`): what problems name it by. */
  readonly label: string;
  /** Whether the document's `security` applies when the operation has none (true under `paths`). */
  readonly inheritSecurity: boolean;
}

function headerOf(document: Json, name: string, raw: Json, at: string): ResponseHeader {
  const header = deref<JsonObject>(document, raw);
  const headerPointer = refOrPointer(raw, at);
  return {
    name,
    required: header.required === true,
    schema: deref<Schema>(document, header.schema ?? {}),
    examples: examplesOf(document, header, headerPointer),
  };
}

function responsesOf(
  document: Json,
  op: JsonObject,
  opPointer: string,
  label: string,
): ResponseSpec[] {
  return Object.entries(isObject(op.responses) ? op.responses : {}).map(([status, raw]) => {
    const own = `${opPointer}${pointer("responses", status)}`;
    return placed({ operation: label, pointer: own }, () => {
      const at = refOrPointer(raw, own);
      const response = deref<JsonObject>(document, raw);
      return {
        status,
        description: String(response.description ?? ""),
        headers: Object.entries(isObject(response.headers) ? response.headers : {}).map(
          ([name, header]) =>
            placed({ operation: label, pointer: `${at}${pointer("headers", name)}` }, () =>
              headerOf(document, name, header, `${at}${pointer("headers", name)}`),
            ),
        ),
        content: mediaOf(document, response.content, `${at}/content`, label),
      };
    });
  });
}

function requestOf(document: Json, op: JsonObject, opPointer: string, label: string) {
  if (op.requestBody === undefined) return { required: false, bodies: [] as MediaSpec[] };
  return placed({ operation: label, pointer: `${opPointer}/requestBody` }, () => {
    const bodyPointer = refOrPointer(op.requestBody, `${opPointer}/requestBody`);
    const body = deref<JsonObject>(document, op.requestBody);
    return {
      required: body.required === true,
      bodies: mediaOf(document, body.content, `${bodyPointer}/content`, label),
    };
  });
}

/** Reads the Operation Object `op` at `opPointer`, standing at `place`; problems name `place.label` and a pointer. */
export function operationParts(
  document: Json,
  op: JsonObject,
  opPointer: string,
  place: OperationPlace,
): OperationParts {
  const { label } = place;
  const parameters = parametersOf(document, place.item, place.itemPointer, op, opPointer, label);
  const headers: HeaderParameter[] = parameters
    .filter((p) => p.in === "header")
    .map((p) => ({
      name: p.name,
      required: p.required,
      schema: p.schema,
      examples: p.examples,
      ...(p.equalsBodyProperty ? { equalsBodyProperty: p.equalsBodyProperty } : {}),
      ...(p.description !== undefined ? { description: p.description } : {}),
    }));
  const body = requestOf(document, op, opPointer, label);
  const samples = Array.isArray(op["x-codeSamples"]) ? op["x-codeSamples"] : [];
  return {
    method: place.method.toUpperCase(),
    summary: String(op.summary ?? ""),
    description: String(op.description ?? ""),
    tags: Array.isArray(op.tags) ? op.tags : [],
    safeToRetry: typeof op["x-safe-to-retry"] === "boolean" ? op["x-safe-to-retry"] : undefined,
    requestBodyRequired: body.required,
    request: body.bodies.find((m) => m.mediaType === "application/json"),
    requestBodies: body.bodies,
    parameters,
    security: placed({ operation: label, pointer: `${opPointer}/security` }, () =>
      securityOf(document, op, place.inheritSecurity),
    ),
    headers,
    responses: responsesOf(document, op, opPointer, label),
    codeSamples: samples.map((s: Json) => ({
      lang: String(s.lang ?? ""),
      label: String(s.label ?? s.lang ?? ""),
      source: String(s.source ?? ""),
    })),
    extensions: Object.fromEntries(Object.entries(op).filter(([key]) => key.startsWith("x-"))),
    pointer: opPointer,
  };
}

const operationCache = new WeakMap<object, OperationSpec[]>();

/**
 * Every operation of `document`, in the order of its paths. The result is computed once per document object. A
 * document it cannot read throws a `SpecModelError` naming the operation (`METHOD path`) and the JSON Pointer.
 */
export function operations(document: Json): readonly OperationSpec[] {
  const cached = operationCache.get(document);
  if (cached) return cached;
  const result: OperationSpec[] = [];
  for (const [path, rawItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    const own = pointer("paths", path);
    const itemPointer = refOrPointer(rawItem, own);
    const item = placed({ pointer: own }, () => deref<JsonObject>(document, rawItem));
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const opPointer = `${itemPointer}${pointer(method)}`;
      const label = operationLabel(method, path);
      if (typeof op.operationId !== "string")
        throw new SpecModelError("the operation has no operationId", {
          operation: label,
          pointer: opPointer,
        });
      const parts = operationParts(document, op, opPointer, {
        item,
        itemPointer,
        method,
        label,
        inheritSecurity: true,
      });
      result.push({
        ...parts,
        operationId: op.operationId,
        path,
        pagination: paginationOf(op["x-pagination"]),
        pathParameters: parts.parameters.filter((p) => p.in === "path").map((p) => p.name),
        queryParameters: parts.parameters.filter((p) => p.in === "query").map((p) => p.name),
      });
    }
  }
  refuseSharedIds(result);
  operationCache.set(document, result);
  return result;
}

/** Two operations with one operationId: refused naming both (every package names an operation by its id). */
function refuseSharedIds(found: readonly OperationSpec[]): void {
  const seen = new Map<string, OperationSpec>();
  for (const op of found) {
    const first = seen.get(op.operationId);
    if (first)
      throw new SpecModelError(
        `operationId ${op.operationId} is also ${operationLabel(first.method, first.path)}'s (at ${first.pointer}): each operation needs its own`,
        { operation: operationLabel(op.method, op.path), pointer: `${op.pointer}/operationId` },
      );
    seen.set(op.operationId, op);
  }
}

/** The operation named `operationId`; throws a `SpecModelError` (at `/paths`) when the document has none. */
export function operation(document: Json, operationId: string): OperationSpec {
  const found = operations(document).find((op) => op.operationId === operationId);
  if (!found)
    throw new SpecModelError(`operation ${operationId} is not in the spec`, { pointer: "/paths" });
  return found;
}

/**
 * How a response's status key covers a status: `"exact"` (`404` for 404), `"range"` (`4XX` for 404, any case), or
 * undefined (`default` is no match here: it covers what nothing else does, see `responseFor`).
 */
export function statusMatch(key: string, status: number): "exact" | "range" | undefined {
  if (key === String(status)) return "exact";
  return key.toUpperCase() === `${String(status)[0]}XX` ? "range" : undefined;
}

/** The documented response that covers `status` (exact key first, then `4XX`/`5XX`, then `default`). */
export function responseFor(op: OperationSpec, status: number): ResponseSpec | undefined {
  const exact = op.responses.find((r) => statusMatch(r.status, status) === "exact");
  const range = op.responses.find((r) => statusMatch(r.status, status) === "range");
  return exact ?? range ?? op.responses.find((r) => r.status === "default");
}

/**
 * True when the operation is called with its JSON object body alone: it has named request examples, all objects (a
 * top-level array or scalar goes under `body` instead), no path, query or cookie parameter, and no required header
 * but those copied from the body (`x-equals-body-property`). The suites that call a method with a request example
 * run on these; every shape is called from its spec by the shape suites.
 */
export function isBodyCall(op: OperationSpec): boolean {
  const examples = op.request?.examples ?? [];
  if (examples.length === 0) return false;
  if (!examples.every((e) => isObject(e.value))) return false;
  if (op.parameters.some((p) => p.in === "path" || p.in === "query" || p.in === "cookie"))
    return false;
  return op.headers.every((h) => !h.required || h.equalsBodyProperty !== undefined);
}

/**
 * The text form of a decimal amount: an optional minus, digits, an optional fraction (`100.10`,
 * `-0.5`, `12345678901234567.89`); no exponent, no leading `+`, no leading zeros.
 */
export const DECIMAL_STRING_PATTERN = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/**
 * The project's one definition of OpenAPI's `decimal` format: a JSON number that is finite. (Amounts are
 * sent as JSON numbers; `DECIMAL_STRING_PATTERN` is their exact text.)
 */
export function isDecimal(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value);
}

/** The URI under which `createAjv` registers the document; compile `{ $ref: DOCUMENT_ID + "#/pointer" }`. */
export const DOCUMENT_ID = "openapi.json";

/** An Ajv 2020-12 instance that knows the document, plus shortcuts to compile schemas inside it. */
export interface SpecAjv {
  /** The Ajv instance (document registered as `DOCUMENT_ID`, formats and `decimal` known). */
  readonly ajv: Ajv2020;
  /** The document it was created for. */
  readonly document: Json;
  /** A validator for the schema at a JSON Pointer of the document (compiled once per pointer); `SpecModelError` at it when Ajv cannot compile it. */
  compileAt(schemaPointer: string): ValidateFunction;
  /** Validates `value` against the schema at `schemaPointer`; every violation, none when valid. */
  issuesAt(schemaPointer: string, value: unknown): Issue[];
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Ajv's errors as `Issue`s (path, message, and always the failed `keyword`). */
export function toIssues(errors: readonly ErrorObject[] | null | undefined): Issue[] {
  return (errors ?? []).map((e) => ({
    path: e.instancePath,
    message:
      e.keyword === "additionalProperties"
        ? `must not have property ${JSON.stringify(e.params.additionalProperty)}`
        : `${e.message ?? "is invalid"}`,
    keyword: e.keyword,
  }));
}

/**
 * The project's one Ajv factory: JSON Schema 2020-12, every error collected, standard formats, and `decimal`
 * as `isDecimal`. The document is registered under `DOCUMENT_ID`, so its `$ref`s resolve.
 */
export function createAjv(document: Json, options: AjvOptions = {}): SpecAjv {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, ...options });
  addFormats(ajv);
  ajv.addFormat("decimal", { type: "number", validate: (value: number) => isDecimal(value) });
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const compileAt = (schemaPointer: string): ValidateFunction => {
    let validate = compiled.get(schemaPointer);
    if (!validate) {
      // A schema Ajv cannot compile (a dangling `$ref` inside it, a bad pattern) is refused at its pointer.
      validate = placed({ pointer: schemaPointer }, () =>
        ajv.compile({ $ref: `${DOCUMENT_ID}#${encodeURI(schemaPointer)}` }),
      );
      compiled.set(schemaPointer, validate);
    }
    return validate;
  };
  return {
    ajv,
    document,
    compileAt,
    issuesAt(schemaPointer, value) {
      const validate = compileAt(schemaPointer);
      return validate(value) ? [] : toIssues(validate.errors);
    },
  };
}

export { type BodyKind, bodyKind, isJsonMedia } from "./wire/media.js";
