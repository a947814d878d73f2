import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** A JSON Schema (2020-12) object as it appears in the bundled spec. */
export type Schema = Record<string, unknown>;
type Json = Record<string, unknown>;

/** One documented response of an operation. */
export interface ResponseSpec {
  /** Status key as written in the spec: "200", "404", "5XX". */
  status: string;
  mediaType: string;
  /** The response schema, `$ref`s left in place (resolve them with the spec's Ajv instance). */
  schema: Schema;
  /** Named examples: name -> value. */
  examples: Record<string, unknown>;
}

/** A header parameter of an operation. */
export interface HeaderSpec {
  name: string;
  required: boolean;
  schema: Schema;
  /** The body property this header must equal (the spec's `x-equals-body-property`), if any. */
  equalsBodyProperty?: string;
}

/** Everything the suite needs to know about one operation, read from the bundle. */
export interface OperationSpec {
  operationId: string;
  path: string;
  method: string;
  /** The request body schema (`$ref`s left in place). */
  requestSchema: Schema;
  /** Named request examples: name -> value. */
  requestExamples: Record<string, unknown>;
  headers: HeaderSpec[];
  responses: ResponseSpec[];
}

const require = createRequire(import.meta.url);

/** Path of the bundled spec as JSON. */
export const bundledSpecJsonPath: string = require.resolve("@merchant-payments/spec/openapi.json");

/** Reads an OpenAPI document (JSON). */
export function loadSpec(path = bundledSpecJsonPath): Json {
  return JSON.parse(readFileSync(path, "utf8")) as Json;
}

/** Whether a JSON value is an object (not null, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follows local `$ref`s ("#/a/b") until a value that is not a reference. */
export function deref(document: Json, value: unknown): unknown {
  let current = value;
  for (let i = 0; i < 32 && isObject(current) && typeof current.$ref === "string"; i++) {
    const ref = current.$ref as string;
    let target: unknown = document;
    for (const token of ref.replace(/^#\//, "").split("/")) {
      const key = decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

function namedExamples(document: Json, media: Json): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isObject(media.examples)) {
    for (const [name, example] of Object.entries(media.examples)) {
      const resolved = deref(document, example);
      if (isObject(resolved) && "value" in resolved) out[name] = resolved.value;
    }
  }
  return out;
}

/** Every operation of the document, in the order of its paths. */
export function operationsOf(document: Json): OperationSpec[] {
  const result: OperationSpec[] = [];
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isObject(op) || typeof op.operationId !== "string") continue;
      const body = deref(document, op.requestBody) as Json;
      const media = ((body?.content as Json)?.["application/json"] ?? {}) as Json;
      const headers: HeaderSpec[] = [];
      for (const p of Array.isArray(op.parameters) ? op.parameters : []) {
        const param = deref(document, p) as Json;
        if (param?.in === "header") {
          headers.push({
            name: String(param.name),
            required: param.required === true,
            schema: (param.schema ?? {}) as Schema,
            ...(typeof param["x-equals-body-property"] === "string"
              ? { equalsBodyProperty: param["x-equals-body-property"] }
              : {}),
          });
        }
      }
      const responses: ResponseSpec[] = [];
      for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const response = deref(document, r) as Json;
        const content = isObject(response?.content) ? response.content : {};
        for (const [mediaType, m] of Object.entries(content)) {
          if (!isObject(m)) continue;
          responses.push({
            status,
            mediaType,
            schema: (m.schema ?? {}) as Schema,
            examples: namedExamples(document, m),
          });
        }
      }
      result.push({
        operationId: op.operationId,
        path,
        method: method.toUpperCase(),
        requestSchema: (media.schema ?? {}) as Schema,
        requestExamples: namedExamples(document, media),
        headers,
        responses,
      });
    }
  }
  return result;
}

/** The schema of the Problem object (for error bodies). */
export const problemSchemaRef: Schema = { $ref: "#/components/schemas/Problem" };
