// Inspection of the bodies that are not JSON: multipart and urlencoded forms (read into the object their schema
// describes, file parts checked against the `encoding`'s content types), text, and bytes.

import { nestsDeeperThan } from "@merchant-payments/kit/json-scan";
import {
  type BodyKind,
  bodyKind,
  deref,
  type Issue,
  isObject,
  type Json,
  type MediaSpec,
  type SpecAjv,
  typesOf,
} from "@merchant-payments/spec/model";
import { typedText } from "@merchant-payments/spec/wire";
import type { BodyInspection } from "./body.js";
import { coversMediaType } from "./media.js";
import { bodyIssue, type RequestPart } from "./request-issues.js";
import { schemaIssues } from "./schema-issues.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** What a non-JSON inspection needs. */
export interface NonJsonOptions {
  /** The project's validator. */
  ajv: SpecAjv;
  /** Deepest nesting of a JSON part. */
  maxDepth: number;
  /** Top-level properties to pick (header-equals-body rules). */
  properties: readonly string[];
}

/** The schema of a form's property (`$ref`s followed), `{}` when the schema does not declare it. */
function propertySchema(document: Json, schema: Json, name: string): Json {
  return deref(document, isObject(schema?.properties) ? (schema.properties[name] ?? {}) : {});
}

function isJsonSchemaOf(document: Json, schema: Json): boolean {
  const types = typesOf(schema);
  if (types.includes("object")) return true;
  if (!types.includes("array")) return false;
  const items = deref(document, schema.items ?? {});
  return items?.type === "object" || items?.type === "array";
}

/** A form field's text as its schema types it (JSON for an object, or when its declared content type is JSON). */
function fieldValue(
  document: Json,
  schema: Json,
  text: string,
  json: boolean,
  maxDepth: number,
): { value: unknown } | { problem: string } {
  if (!json && !isJsonSchemaOf(document, schema)) return { value: typedText(schema, text) };
  if (nestsDeeperThan(text, maxDepth))
    return { problem: `nests arrays and objects deeper than ${maxDepth} levels` };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message})` };
  }
}

/** The values of one form property: one value, or every value when its schema is an array. */
function collect(schema: Json, values: unknown[]): unknown {
  if (typesOf(schema).includes("array")) return values;
  return values.length === 1 ? values[0] : values;
}

function parsed(
  ajv: SpecAjv,
  media: MediaSpec,
  value: unknown,
  extra: Issue<RequestPart>[],
  properties: readonly string[],
): BodyInspection {
  const picked: Record<string, unknown> = {};
  if (isObject(value)) for (const name of properties) picked[name] = value[name];
  return {
    kind: "parsed",
    value,
    issues: [
      ...extra,
      ...schemaIssues(ajv, media.schemaPointer, value).map((issue) =>
        bodyIssue(issue.path, issue.message, issue.keyword),
      ),
    ],
    properties: picked,
  };
}

/** A urlencoded form as the object its schema describes. */
function inspectUrlencoded(
  bytes: Uint8Array,
  media: MediaSpec,
  options: NonJsonOptions,
): BodyInspection {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { kind: "malformed", reason: "The form is not UTF-8.", mediaType: media.mediaType };
  }
  const { document } = options.ajv;
  const schema = deref(document, media.schema);
  const form = new URLSearchParams(text);
  const value: Record<string, unknown> = {};
  const issues: Issue<RequestPart>[] = [];
  for (const name of new Set(form.keys())) {
    const own = propertySchema(document, schema, name);
    const json = media.encoding[name]?.contentType?.includes("json") ?? false;
    const itemSchema = own?.type === "array" ? deref(document, own.items ?? {}) : own;
    const values: unknown[] = [];
    for (const raw of form.getAll(name)) {
      const field = fieldValue(document, itemSchema, raw, json, options.maxDepth);
      if ("problem" in field) issues.push(bodyIssue(`/${name}`, field.problem));
      else values.push(field.value);
    }
    // A field that could not be read is named once (above), not again as missing or mistyped.
    if (values.length > 0) value[name] = collect(own, values);
  }
  return parsed(options.ajv, media, value, issues, options.properties);
}

/** The allowed content types of a form part (`encoding.<name>.contentType`, comma-separated ranges), if declared. */
function allowedTypes(media: MediaSpec, name: string): string[] | undefined {
  const declared = media.encoding[name]?.contentType;
  return declared === undefined ? undefined : declared.split(",").map((t) => t.trim());
}

/** A multipart form as the object its schema describes; each file part's content type checked against `encoding`. */
async function inspectMultipart(
  bytes: Uint8Array,
  contentType: string,
  media: MediaSpec,
  options: NonJsonOptions,
): Promise<BodyInspection> {
  let form: FormData;
  try {
    form = await new Request("http://mock.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: bytes as Uint8Array<ArrayBuffer>,
    }).formData();
  } catch (error) {
    return { kind: "malformed", reason: (error as Error).message, mediaType: media.mediaType };
  }
  const { document } = options.ajv;
  const schema = deref(document, media.schema);
  const value: Record<string, unknown> = {};
  const issues: Issue<RequestPart>[] = [];
  for (const name of new Set(form.keys())) {
    const own = propertySchema(document, schema, name);
    const isArray = own?.type === "array";
    const itemSchema = isArray ? deref(document, own.items ?? {}) : own;
    const allowed = allowedTypes(media, name);
    const declaredJson = allowed?.some((t) => bodyKind(t) === "json") ?? false;
    const values: unknown[] = [];
    for (const [i, entry] of form.getAll(name).entries()) {
      const at = isArray ? `/${name}/${i}` : `/${name}`;
      if (typeof entry === "string") {
        const field = fieldValue(document, itemSchema, entry, declaredJson, options.maxDepth);
        if ("problem" in field) issues.push(bodyIssue(at, field.problem));
        else values.push(field.value);
        continue;
      }
      const essence = (entry.type.split(";")[0] ?? "").trim() || "application/octet-stream";
      if (allowed && !allowed.some((range) => coversMediaType(range, essence)))
        issues.push(
          bodyIssue(at, `is ${essence}; the spec allows ${allowed.join(", ")}`, "contentType"),
        );
      if (bodyKind(essence) === "json" || (declaredJson && isJsonSchemaOf(document, itemSchema))) {
        const field = fieldValue(document, itemSchema, await entry.text(), true, options.maxDepth);
        if ("problem" in field) issues.push(bodyIssue(at, field.problem));
        else values.push(field.value);
      } else {
        // A file: its bytes are not a schema's business; it stands as a string (OpenAPI's binary string).
        values.push("");
      }
    }
    // A field that could not be read is named once (above), not again as missing or mistyped.
    if (values.length > 0) value[name] = collect(own, values);
  }
  return parsed(options.ajv, media, value, issues, options.properties);
}

/** Text (UTF-8 or ASCII) as the string its schema describes. */
function inspectText(bytes: Uint8Array, media: MediaSpec, options: NonJsonOptions): BodyInspection {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { kind: "malformed", reason: "The text is not UTF-8.", mediaType: media.mediaType };
  }
  return parsed(options.ajv, media, text, [], options.properties);
}

/**
 * Inspects a body of a declared media type that is not JSON (`kind`): multipart and urlencoded forms, text; bytes
 * (`application/octet-stream`, `application/pdf` …) are taken as they are.
 */
export async function inspectNonJsonBody(
  bytes: Uint8Array,
  kind: Exclude<BodyKind, "json">,
  contentType: string,
  media: MediaSpec,
  options: NonJsonOptions,
): Promise<BodyInspection> {
  switch (kind) {
    case "multipart":
      return inspectMultipart(bytes, contentType, media, options);
    case "urlencoded":
      return inspectUrlencoded(bytes, media, options);
    case "text":
      return inspectText(bytes, media, options);
    case "binary":
      return { kind: "parsed", issues: [], properties: {} };
  }
}
