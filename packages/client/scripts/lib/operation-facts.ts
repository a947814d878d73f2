// What the client needs to know about each operation, read from the spec model (@merchant-payments/spec): its
// parameters, body media, answers, security and pagination. Anything the client cannot honour (a name used twice in
// the argument object, a security scheme it cannot fill, an x-accepts-integer field in an array or a map...) stops the
// generation with a message naming the operation.

import type { Json, MediaSpec, OperationSpec, SchemaVisit } from "@merchant-payments/spec/model";
import {
  bodyKind as bodyKindOf,
  deref,
  isObject,
  refName,
  retrySafetyOf,
  walkSchema,
} from "@merchant-payments/spec/model";
import { acceptHeader, credentialKind, explodeOf, styleName } from "@merchant-payments/spec/wire";
import { methodName, typeName } from "./identifiers.js";
import { asDocumentPointer, refuse as refuseAt } from "./refusal.js";

export type OperationFacts = ReturnType<typeof operationFacts>;

/** Header parameters the client sets itself (lower case): Accept-Language from its option, Accept from the responses. */
const CLIENT_HEADERS = new Set(["accept-language", "accept"]);

/**
 * Throws a generation refusal about one operation: one line naming it (method, path, operationId) and, when given, the
 * JSON Pointer of what is at fault.
 * @param message
 * @param [at] JSON Pointer in the document (the operation's own when omitted)
 */
function refuse(op: OperationSpec, message: string, at: string = op.pointer): never {
  return refuseAt(
    {
      operation: { method: op.method, path: op.path, operationId: op.operationId },
      pointer: asDocumentPointer(at),
    },
    message,
  );
}

/** The sub-schema keywords the client's facts follow. */
const FOLLOWED = [
  "properties",
  "items",
  "additionalProperties",
  "allOf",
  "anyOf",
  "oneOf",
] as const;

/**
 * Every schema `root` reaches through `$ref`s, properties, items, maps and branches, once per path, with its data
 * path (`*` for an array item, `{}` for a map value). Tuples, which the runtime's paths cannot name, are not followed.
 * @param root
 */
function schemaNodes(document: Json, root: Json): SchemaVisit[] {
  const out: SchemaVisit[] = [];
  walkSchema(document, root, (visit) => void out.push(visit), { keywords: FOLLOWED });
  return out;
}

/**
 * True when the (dereferenced) schema is a decimal: `format: decimal`.
 */
export function isDecimalSchema(schema: Json): boolean {
  return isObject(schema) && schema.format === "decimal";
}

/**
 * True when the schema is typed integer-or-string.
 */
function isIntegerOrString(schema: Json): boolean {
  return (
    Array.isArray(schema.type) && schema.type.includes("integer") && schema.type.includes("string")
  );
}

/**
 * Property paths (`*` for an array item) of every node of `root` matching `test`.
 * @param root
 */
function pathsWhere(document: Json, root: Json, test: (schema: Json) => boolean): string[][] {
  const out: string[][] = [];
  for (const { schema, path } of schemaNodes(document, root)) {
    if (test(schema) && path.length > 0) out.push([...path]);
  }
  return out;
}

/** Header names only the client sets (lower case): a header parameter of that name is refused. */
const RESERVED_HEADERS = new Set(["authorization", "content-type", "content-length", "host"]);

/**
 * How the client hands over a 2xx answer: parsed JSON, a string (`text/*`), a Blob (other media), or nothing.
 */
function answerKindOf(content: readonly MediaSpec[]): {
  kind: "json" | "text" | "blob" | "empty";
  media: MediaSpec | undefined;
} {
  const json = content.find((m) => bodyKindOf(m.mediaType) === "json");
  if (json) return { kind: "json", media: json };
  const [first] = content;
  if (!first) return { kind: "empty", media: undefined };
  return { kind: bodyKindOf(first.mediaType) === "text" ? "text" : "blob", media: first };
}

/**
 * True when a body schema is an object (its properties go beside the parameters in a method's argument): typed
 * object, with properties, or a union/composition whose branches all are.
 * @param node
 */
function isObjectSchema(document: Json, node: Json, depth: number = 0): boolean {
  const schema = deref(document, node);
  if (!isObject(schema) || depth > 16) return false;
  if (schema.type === "object" || isObject(schema.properties)) return true;
  const branches = schema.oneOf ?? schema.anyOf ?? schema.allOf;
  return (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((b: Json) => isObjectSchema(document, b, depth + 1))
  );
}

/**
 * Every property name an object body may have (through its branches), for the check of names used twice.
 * @param node
 */
function bodyPropertyNames(document: Json, node: Json, depth: number = 0): Set<string> {
  const schema = deref(document, node);
  const names = new Set(Object.keys(isObject(schema?.properties) ? schema.properties : {}));
  if (depth > 16) return names;
  for (const b of [...(schema?.oneOf ?? []), ...(schema?.anyOf ?? []), ...(schema?.allOf ?? [])]) {
    for (const n of bodyPropertyNames(document, b, depth + 1)) names.add(n);
  }
  return names;
}

export type SecurityFact =
  | { type: "bearer" }
  | { type: "basic"; key: string }
  | { type: "apiKey"; key: string; in: "header" | "query" | "cookie"; name: string };

/**
 * One security scheme as the runtime fills it (the spec's wire module's credential kinds), else undefined: `bearer`
 * (HTTP bearer, OAuth 2 and OpenID Connect access tokens), HTTP `basic`, or an API key in a header, the query or a
 * cookie.
 */
function securityFact(s: {
  key: string;
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}): SecurityFact | undefined {
  const kind = credentialKind(s);
  if (kind === "bearer") return { type: "bearer" };
  if (kind === "basic") return { type: "basic", key: s.key };
  if (kind === undefined) return undefined;
  const place = kind.slice("apiKey-".length) as "header" | "query" | "cookie";
  return { type: "apiKey", key: s.key, in: place, name: s.name as string };
}

/**
 * The security alternatives of an operation as the runtime applies them (see securityFact). An alternative the client
 * cannot fill (mutual TLS) is left out; an operation with none left is refused. `[]`: no credentials are sent.
 */
function securityOf(op: OperationSpec): SecurityFact[][] {
  const out: SecurityFact[][] = [];
  for (const alternative of op.security) {
    const schemes = alternative.map(securityFact);
    if (schemes.every((s) => s !== undefined)) out.push(schemes as SecurityFact[]);
  }
  if (op.security.length > 0 && out.length === 0) {
    refuse(
      op,
      `security schemes ${op.security.map((a) => a.map((s) => s.key).join("+")).join(", ")} (only bearer tokens, HTTP Basic and API keys in a header, the query or a cookie)`,
      `${op.pointer}/security`,
    );
  }
  // An empty alternative (`{}`) means credentials are optional: none are sent.
  return out.some((a) => a.length === 0) ? [] : out;
}

/**
 * The 2xx JSON response the client resolves with (the first JSON one), its status and its media; undefined when no
 * 2xx answer is JSON.
 */
function successResponse(op: OperationSpec): (MediaSpec & { status: number }) | undefined {
  for (const r of op.responses) {
    if (!/^2\d\d$/.test(r.status)) continue;
    const { kind, media } = answerKindOf(r.content);
    if (kind === "json" && media) return { status: Number(r.status), ...media };
  }
  return undefined;
}

export type ParameterFact = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  style: string;
  explode: boolean;
  required: boolean;
  schema: Json;
  schemaPointer: string;
  description?: string;
  example?: Json;
};
type AnswerFact = { kind: "json" | "text" | "blob" | "empty"; headers?: string[] };
type AnswerListEntry = {
  status: number;
  kind: string;
  schema: Json | undefined;
  headers: string[] | undefined;
};

/**
 * The request body: its media, kind, whether its properties go beside the parameters (`spread`), and its property
 * names. Refuses a form body that is not an object and a body on GET or HEAD.
 * @param op
 */
function requestBodyFacts(document: Json, op: OperationSpec) {
  const media = op.request ?? op.requestBodies[0];
  const bodyKind = media ? bodyKindOf(media.mediaType) : undefined;
  const spread =
    media !== undefined &&
    bodyKind !== "text" &&
    bodyKind !== "binary" &&
    isObjectSchema(document, media.schema);
  if (media && (bodyKind === "multipart" || bodyKind === "urlencoded") && !spread)
    refuse(op, `a ${media.mediaType} body whose schema is not an object`, media.schemaPointer);
  if (media && (op.method === "GET" || op.method === "HEAD"))
    refuse(
      op,
      `method ${op.method} with a request body (fetch cannot send one)`,
      `${op.pointer}/requestBody`,
    );
  const bodyProperties: Set<string> =
    media && spread ? bodyPropertyNames(document, media.schema) : new Set();
  return { media, bodyKind, spread, bodyProperties };
}

/**
 * The parameters the method's argument holds, the headers copied from the body (`x-equals-body-property`) and the
 * `Accept` enum of an `accept` parameter (cookie parameters are sent in the Cookie header). Refuses a header the
 * client sets itself.
 * @param bodyProperties
 */
function parameterFacts(op: OperationSpec, bodyProperties: Set<string>) {
  const derivedHeaders: [string, string][] = [];
  let acceptEnum: string[] | undefined;
  const parameters: ParameterFact[] = [];
  for (const p of op.parameters) {
    const lower = p.name.toLowerCase();
    if (p.in === "header" && p.equalsBodyProperty !== undefined) {
      if (!bodyProperties.has(p.equalsBodyProperty)) {
        refuse(
          op,
          `header ${p.name} equals body property ${p.equalsBodyProperty}, which the request schema lacks`,
        );
      }
      derivedHeaders.push([p.name, p.equalsBodyProperty]);
      continue;
    }
    if (p.in === "header" && CLIENT_HEADERS.has(lower)) {
      if (lower === "accept" && Array.isArray(p.schema.enum)) acceptEnum = p.schema.enum;
      continue;
    }
    if (p.in === "header" && RESERVED_HEADERS.has(lower))
      refuse(op, `header parameter ${p.name} (the client sets it itself)`, p.schemaPointer);
    parameters.push({
      name: p.name,
      in: p.in as "path" | "query" | "header" | "cookie",
      style: p.style,
      explode: p.explode,
      required: p.required,
      schema: p.schema,
      schemaPointer: p.schemaPointer,
      ...(p.description ? { description: p.description } : {}),
      ...(p.example !== undefined ? { example: p.example } : {}),
    });
  }
  return { derivedHeaders, acceptEnum, parameters };
}

/**
 * Refuses a name used twice in the method's argument object, naming both places, and an `x-pagination` cursor that
 * is not a query parameter.
 * @param parameters
 */
function refuseNameClashes(
  op: OperationSpec,
  parameters: ParameterFact[],
  { media, spread, bodyProperties }: ReturnType<typeof requestBodyFacts>,
) {
  const places: Map<string, string> = new Map();
  const place = (name: string, where: string) => {
    const before = places.get(name);
    if (before) refuse(op, `the name "${name}" is both ${before} and ${where}`);
    places.set(name, where);
  };
  for (const p of parameters) place(p.name, `a ${p.in} parameter`);
  if (spread) for (const n of bodyProperties) place(n, "a property of the request body");
  else if (media) place("body", "the request body (`body`)");
  const pagination = op.pagination;
  if (pagination && !parameters.some((p) => p.in === "query" && p.name === pagination.cursor))
    refuse(
      op,
      `x-pagination.cursor "${pagination.cursor}" is not a query parameter`,
      `${op.pointer}/x-pagination`,
    );
}

/**
 * The 2xx answers: by status, how each is handed over (and its headers), and the same as a list with their schemas.
 * Refuses an operation without one.
 */
function answerFacts(op: OperationSpec) {
  const okResponses = op.responses.filter((r) => /^2\d\d$/.test(r.status));
  if (okResponses.length === 0) refuse(op, "no success (2xx) response", `${op.pointer}/responses`);
  const answers: Record<string, AnswerFact> = {};
  const answerList: AnswerListEntry[] = [];
  for (const r of okResponses) {
    const status = Number(r.status);
    const { kind, media: answerMedia } = answerKindOf(
      status === 204 || status === 205 ? [] : r.content,
    );
    answers[r.status] = {
      kind,
      ...(r.headers.length > 0 ? { headers: r.headers.map((h) => h.name) } : {}),
    };
    answerList.push({
      status,
      kind,
      schema: kind === "json" ? answerMedia?.schema : undefined,
      headers: r.headers.length > 0 ? r.headers.map((h) => h.name) : undefined,
    });
  }
  return { okResponses, answers, answerList };
}

/**
 * The property named by `x-normalize-to-object` of the answer schema (refused unless a oneOf has one object branch
 * holding it), else undefined.
 * @param op
 */
function objectFormPropertyOf(
  document: Json,
  op: OperationSpec,
  responseSchema: Json | undefined,
): string | undefined {
  const objectFormProperty = responseSchema?.["x-normalize-to-object"];
  if (objectFormProperty === undefined) return undefined;
  const objects = (responseSchema.oneOf ?? [])
    .map((b: Json) => deref(document, b))
    .filter((b: Json) => b.type === "object");
  if (objects.length !== 1 || !objects[0].properties?.[objectFormProperty]) {
    refuse(
      op,
      `x-normalize-to-object: ${objectFormProperty} needs a oneOf with one object branch holding that property`,
    );
  }
  return objectFormProperty;
}

/**
 * The parameters as the runtime's table holds them: name and place, style and explode only where they are not the
 * place's default (the wire module supplies those), `date` for a `format: date` one; undefined when none.
 */
function runtimeParameters(parameters: ParameterFact[]) {
  if (parameters.length === 0) return undefined;
  return parameters.map((p) => ({
    name: p.name,
    in: p.in,
    ...(p.style !== styleName({ name: p.name, in: p.in }) ? { style: p.style } : {}),
    ...(p.explode !== explodeOf({ name: p.name, in: p.in, style: p.style })
      ? { explode: p.explode }
      : {}),
    ...(p.schema.format === "date" ? { date: true } : {}),
  }));
}

/**
 * How the runtime sends the body: undefined for a required JSON object body, `{ kind: "none" }` for no body.
 * @param body
 */
function runtimeBody(
  op: OperationSpec,
  { media, bodyKind, spread }: ReturnType<typeof requestBodyFacts>,
  jsonObjectBody: boolean,
) {
  if (jsonObjectBody && op.requestBodyRequired) return undefined;
  if (!media) return { kind: "none" };
  return {
    kind: bodyKind,
    mediaType: media.mediaType,
    spread,
    required: op.requestBodyRequired,
    ...(Object.keys(media.encoding).length > 0 ? { encoding: media.encoding } : {}),
  };
}

/**
 * Property paths of the JSON request body's fields the runtime converts: `format: date` fields (a Date is sent as
 * its calendar date), `x-accepts-integer` fields (refused inside an array) and decimals.
 * @param op
 */
function requestFieldFacts(document: Json, op: OperationSpec, jsonBody: Json | undefined) {
  if (!jsonBody) return { dateFields: [], acceptsInteger: [], requestDecimals: [] };
  const acceptsInteger = pathsWhere(document, jsonBody, (s) => s["x-accepts-integer"] === true);
  for (const path of acceptsInteger) {
    if (path.includes("*") || path.includes("{}"))
      refuse(
        op,
        `x-accepts-integer inside an array or a map (${path.join(".")})`,
        op.request?.schemaPointer,
      );
  }
  return {
    dateFields: pathsWhere(document, jsonBody, (s) => s.type === "string" && s.format === "date"),
    acceptsInteger,
    requestDecimals: pathsWhere(document, jsonBody, isDecimalSchema),
  };
}

/**
 * The facts of one operation the client's runtime reads (method, path, headers, date/decimal/integer fields,
 * answer normalization, parameters, body media, answers, security, pagination) plus what the generators of types
 * and validators need (request/response schemas).
 * @param op
 */
export function operationFacts(document: Json, op: OperationSpec) {
  const id = methodName(op.operationId);
  if (op.extensions["x-safe-to-retry"] !== undefined && typeof op.safeToRetry !== "boolean")
    refuse(op, "x-safe-to-retry is not a boolean", `${op.pointer}/x-safe-to-retry`);
  const retry = retrySafetyOf(op);
  const body = requestBodyFacts(document, op);
  const { media, bodyKind, spread } = body;
  /** Today's shape: a JSON object body, no parameters, answered by one JSON 2xx. */
  const jsonObjectBody = media !== undefined && bodyKind === "json" && spread;
  const { derivedHeaders, acceptEnum, parameters } = parameterFacts(op, body.bodyProperties);
  refuseNameClashes(op, parameters, body);
  // Accept: the responses' media types (JSON alone where a response also offers XML), unless an `accept` parameter
  // restricts it with an enum.
  const mediaTypes = acceptHeader(op.responses.map((r) => r.content.map((m) => m.mediaType)));
  const accept = acceptEnum ? acceptEnum.join(", ") : mediaTypes || "application/json";
  const { okResponses, answers, answerList } = answerFacts(op);
  const success = successResponse(op);
  const allJson = Object.values(answers).every((a) => a.kind === "json");
  const todayShape =
    jsonObjectBody &&
    op.requestBodyRequired &&
    parameters.length === 0 &&
    okResponses.length === 1 &&
    success !== undefined;
  // Integer-or-string answer fields are handed over as strings with every digit: a top-level property by the core,
  // below the top level (an item of a page, a map's value, a node of a tree) by quoting its number before parsing.
  const stringified = success ? pathsWhere(document, success.schema, isIntegerOrString) : [];
  const topLevel = (p: string[]) => p.length === 1 && p[0] !== "*" && p[0] !== "{}";
  const nestedStringified = stringified.filter((p) => !topLevel(p));
  const responseSchema = success ? deref(document, success.schema) : undefined;
  const jsonBody = media && bodyKind === "json" ? media.schema : undefined;
  const { dateFields, acceptsInteger, requestDecimals } = requestFieldFacts(document, op, jsonBody);
  const responseDecimals = success ? pathsWhere(document, success.schema, isDecimalSchema) : [];
  const security = securityOf(op);
  const bearerOnly =
    security.length === 1 && security[0]?.length === 1 && security[0][0]?.type === "bearer";
  const upper = `${id[0]?.toUpperCase()}${id.slice(1)}`;
  return {
    /** The method's name: the operationId as a camelCase identifier (identifiers.ts). */
    operationId: id,
    /** The operationId as the spec writes it. */
    specOperationId: op.operationId,
    method: op.method,
    path: op.path,
    summary: op.summary,
    description: op.description,
    safeToRetry: retry.safe,
    /** Where `safeToRetry` comes from: the spec's `x-safe-to-retry`, or (the spec silent) the method's idempotency. */
    safeToRetryFrom: retry.from,
    accept,
    derivedHeaders,
    dateFields,
    integerStringFields: acceptsInteger,
    stringifiedIntegers: stringified.filter(topLevel).map((p) => p[0]),
    /** Runtime: data paths (`*`: every item, `{}`: every map value) of integer-or-string answer fields below the top level. */
    nestedStringified: nestedStringified.length > 0 ? nestedStringified : undefined,
    objectFormProperty: objectFormPropertyOf(document, op, responseSchema),
    requestDecimals,
    responseDecimals,
    /** Runtime: the parameters (absent when none). */
    parameters: runtimeParameters(parameters),
    /** Runtime: how the body is sent, absent for today's shape (a JSON object body). */
    body: runtimeBody(op, body, jsonObjectBody),
    /** Runtime: the 2xx answers, absent for today's shape (one JSON answer). */
    answers: todayShape && nestedStringified.length === 0 && allJson ? undefined : answers,
    /** Runtime: the security alternatives, absent for a bearer token alone (today's). */
    security: bearerOnly ? undefined : security,
    /** Runtime: true for an operation that is not a plain JSON-body one (parameters, another body, its own answers or security); the runtime loads beyond-json.ts for it. */
    beyondJsonBody:
      parameters.length > 0 ||
      !jsonObjectBody ||
      !op.requestBodyRequired ||
      !(todayShape && allJson) ||
      !bearerOnly
        ? true
        : undefined,
    /** Runtime: x-pagination. */
    pagination: op.pagination ? { ...op.pagination } : undefined,
    parameterList: parameters,
    bodyKind,
    bodySpread: spread,
    bodyRequired: op.requestBodyRequired,
    bodyMediaType: media?.mediaType,
    requestSchemaName: media?.schemaName ? typeName(media.schemaName) : `${upper}Body`,
    requestSchema: media?.schema,
    requestSchemaPointer: media?.schemaPointer,
    responseSchema: success?.schema,
    responseSchemaName:
      success && refName(success.schema) ? typeName(refName(success.schema) as string) : undefined,
    responseSchemaPointer: success?.schemaPointer,
    responseStatus: success?.status ?? Number(okResponses[0]?.status),
    answerList,
    codeSamples: op.codeSamples,
    requestExample: media?.examples[0]?.value,
  };
}
