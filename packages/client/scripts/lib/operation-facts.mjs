// What the client needs to know about each operation, read from the spec model (@merchant-payments/spec).
// Anything the client cannot honour (path or query parameters, a body that is not JSON, an unknown required
// header, a nested integer-or-string answer...) stops the generation with a message naming the operation.
// @ts-check
import { deref, isObject, refName, walkSchema } from "@merchant-payments/spec/model";

/** @typedef {import("@merchant-payments/spec/model").Json} Json */
/** @typedef {import("@merchant-payments/spec/model").OperationSpec} OperationSpec */
/** @typedef {import("@merchant-payments/spec/model").MediaSpec} MediaSpec */
/** @typedef {import("@merchant-payments/spec/model").SchemaVisit} SchemaVisit */
/** @typedef {ReturnType<typeof operationFacts>} OperationFacts */

/** Methods whose requests can carry a JSON body through fetch. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Header parameters the client sets itself (lower case): Accept-Language from its option, Accept from the responses. */
const CLIENT_HEADERS = new Set(["accept-language", "accept"]);

/**
 * Throws a generation error about one operation.
 * @param {string} operationId
 * @param {string} message
 * @returns {never}
 */
function refuse(operationId, message) {
  throw new Error(`${operationId}: ${message} (the client generator does not support this)`);
}

/** The sub-schema keywords the client's facts follow. */
const FOLLOWED = /** @type {const} */ (["properties", "items", "allOf", "anyOf", "oneOf"]);

/**
 * Every schema `root` reaches through `$ref`s, properties, items and branches, once per path, with its property
 * path (`*` for an array item). Keywords the runtime's paths cannot name yet (maps, tuples) are not followed.
 * @param {Json} document
 * @param {Json} root
 * @returns {SchemaVisit[]}
 */
function schemaNodes(document, root) {
  /** @type {SchemaVisit[]} */
  const out = [];
  walkSchema(document, root, (visit) => void out.push(visit), { keywords: FOLLOWED });
  return out;
}

/**
 * True when the (dereferenced) schema is a decimal: `format: decimal`.
 * @param {Json} schema
 * @returns {boolean}
 */
export function isDecimalSchema(schema) {
  return isObject(schema) && schema.format === "decimal";
}

/**
 * True when the schema is typed integer-or-string.
 * @param {Json} schema
 * @returns {boolean}
 */
function isIntegerOrString(schema) {
  return (
    Array.isArray(schema.type) && schema.type.includes("integer") && schema.type.includes("string")
  );
}

/**
 * Property paths (`*` for an array item) of every node of `root` matching `test`.
 * @param {Json} document
 * @param {Json} root
 * @param {(schema: Json) => boolean} test
 * @returns {string[][]}
 */
function pathsWhere(document, root, test) {
  /** @type {string[][]} */
  const out = [];
  for (const { schema, path } of schemaNodes(document, root)) {
    if (test(schema) && path.length > 0) out.push([...path]);
  }
  return out;
}

/**
 * The 2xx JSON response the client resolves with: its status and its JSON media (schema, pointer, name).
 * @param {OperationSpec} op
 * @returns {MediaSpec & { status: number }}
 */
export function successResponse(op) {
  const ok = op.responses.filter((r) => /^2\d\d$/.test(r.status));
  const [only] = ok;
  if (ok.length !== 1 || !only)
    refuse(op.operationId, `${ok.length} success (2xx) responses, not exactly one`);
  const json = only.content.find((m) => m.mediaType === "application/json");
  if (!json) refuse(op.operationId, `the ${only.status} response has no application/json body`);
  return { status: Number(only.status), ...json };
}

/**
 * The facts of one operation the client's runtime reads (method, path, headers, date/decimal/integer fields,
 * answer normalization) plus what the generators of types and validators need (request/response schema).
 * @param {Json} document
 * @param {OperationSpec} op
 */
export function operationFacts(document, op) {
  const id = op.operationId;
  if (typeof op.safeToRetry !== "boolean") refuse(id, "no boolean x-safe-to-retry");
  if (!BODY_METHODS.has(op.method)) refuse(id, `method ${op.method} with a JSON body`);
  if (op.pathParameters.length > 0) refuse(id, `path parameters (${op.pathParameters.join(", ")})`);
  if (op.queryParameters.length > 0)
    refuse(id, `query parameters (${op.queryParameters.join(", ")})`);
  const request = op.request;
  if (!request) return refuse(id, "a request body that is not application/json (or none)");
  if (!request.schemaName)
    refuse(id, "an inline request schema (the JSON request body must be a $ref)");
  const requestSchema = deref(document, request.schema);
  const bodyProperties = Object.keys(requestSchema.properties ?? {});

  /** @type {[string, string][]} */
  const derivedHeaders = [];
  /** @type {string[] | undefined} */
  let acceptEnum;
  for (const header of op.headers) {
    const lower = header.name.toLowerCase();
    if (header.equalsBodyProperty !== undefined) {
      if (!bodyProperties.includes(header.equalsBodyProperty)) {
        refuse(
          id,
          `header ${header.name} equals body property ${header.equalsBodyProperty}, which the request schema lacks`,
        );
      }
      derivedHeaders.push([header.name, header.equalsBodyProperty]);
    } else if (CLIENT_HEADERS.has(lower)) {
      if (lower === "accept" && Array.isArray(header.schema.enum)) acceptEnum = header.schema.enum;
    } else {
      refuse(
        id,
        `header parameter ${header.name} (neither Accept, Accept-Language nor x-equals-body-property)`,
      );
    }
  }
  // Accept: every media type of the responses, unless an `accept` parameter restricts it with an enum.
  const mediaTypes = [...new Set(op.responses.flatMap((r) => r.content.map((m) => m.mediaType)))];
  const accept = acceptEnum ? acceptEnum.join(", ") : mediaTypes.join(", ") || "application/json";

  const success = successResponse(op);
  const responseSchema = deref(document, success.schema);
  // Integer-or-string answer fields are handed over as strings with every digit: top-level properties only.
  const stringified = pathsWhere(document, success.schema, isIntegerOrString);
  for (const path of stringified) {
    if (path.length !== 1)
      refuse(id, `an integer-or-string answer field below the top level (${path.join(".")})`);
  }
  const objectFormProperty = responseSchema["x-normalize-to-object"];
  if (objectFormProperty !== undefined) {
    const objects = (responseSchema.oneOf ?? [])
      .map((/** @type {Json} */ b) => deref(document, b))
      .filter((/** @type {Json} */ b) => b.type === "object");
    if (objects.length !== 1 || !objects[0].properties?.[objectFormProperty]) {
      refuse(
        id,
        `x-normalize-to-object: ${objectFormProperty} needs a oneOf with one object branch holding that property`,
      );
    }
  }

  const acceptsInteger = pathsWhere(
    document,
    request.schema,
    (s) => s["x-accepts-integer"] === true,
  );
  for (const path of acceptsInteger) {
    if (path.includes("*")) refuse(id, `x-accepts-integer inside an array (${path.join(".")})`);
  }
  const responseDecimals = pathsWhere(document, success.schema, isDecimalSchema);
  const requestDecimals = pathsWhere(document, request.schema, isDecimalSchema);
  return {
    operationId: id,
    method: op.method,
    path: op.path,
    summary: op.summary,
    description: op.description,
    safeToRetry: op.safeToRetry,
    accept,
    derivedHeaders,
    dateFields: pathsWhere(
      document,
      request.schema,
      (s) => s.type === "string" && s.format === "date",
    ),
    integerStringFields: acceptsInteger,
    stringifiedIntegers: stringified.map((p) => p[0]),
    objectFormProperty,
    requestDecimals,
    requestDecimalKeys: decimalKeys(document, id, request.schema, requestDecimals, "request"),
    responseDecimalKeys: decimalKeys(document, id, success.schema, responseDecimals, "answer"),
    requestSchemaName: request.schemaName,
    requestSchema: request.schema,
    requestSchemaPointer: request.schemaPointer,
    responseSchema: success.schema,
    responseSchemaName: refName(success.schema),
    responseStatus: success.status,
    codeSamples: op.codeSamples,
    requestExample: request.examples[0]?.value,
  };
}

/**
 * The property names of the decimal fields of an answer or a request. Their JSON text is rewritten by property name
 * (see src/decimals.ts), so a name that is a decimal in one place and something else elsewhere in the same body is
 * refused.
 * @param {Json} document
 * @param {string} id
 * @param {Json} root
 * @param {string[][]} decimalPaths
 * @param {"request" | "answer"} what
 * @returns {string[]}
 */
function decimalKeys(document, id, root, decimalPaths, what) {
  const keys = new Set(decimalPaths.map((p) => /** @type {string} */ (p[p.length - 1])));
  for (const { schema, path } of schemaNodes(document, root)) {
    const key = path[path.length - 1];
    if (key === undefined || !keys.has(key) || isDecimalSchema(schema)) continue;
    if (schema.anyOf || schema.oneOf || schema.allOf) continue; // its branches are visited on their own
    refuse(id, `${what} property "${key}" is a decimal in one place and not elsewhere`);
  }
  return [...keys];
}
