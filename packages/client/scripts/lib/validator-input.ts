// What the validator codegen (validator-codegen.ts) is given: the document and each schema without the keywords
// schema-keywords.ts calls annotations, and without a `format` it does not check (JSON Schema 2020-12: an unknown
// format is an annotation). So an annotation (`xml`, `externalDocs`, `$comment`, ...) or a format like
// `iso-country-code` is never refused by it, whichever keywords it knows itself.
import {
  isObject,
  type Json,
  mapSubschemas,
  subschemaKeywords,
} from "@merchant-payments/spec/model";
import { isBinaryString, SCHEMA_KEYWORDS } from "./schema-keywords.js";
import { FORMAT_FUNCTIONS } from "./validator-codegen.js";

/** The keywords whose sub-schemas lose their annotations: 2020-12's (`contentSchema` is one itself). */
const SUBSCHEMA_HOLDERS: ReadonlySet<string> = new Set(subschemaKeywords());

/** True for a keyword the table calls an annotation. */
function isAnnotation(keyword: string): boolean {
  const row = (SCHEMA_KEYWORDS as Record<string, { role: string }>)[keyword];
  return row?.role === "annotation";
}

/** True for a format the validators check, or `decimal` (the client's own type). */
const checkedFormat = (format: unknown): boolean =>
  format === "decimal" || (typeof format === "string" && Object.hasOwn(FORMAT_FUNCTIONS, format));

/** A copy of a schema without annotations and unchecked formats, at every depth. */
export function withoutAnnotations(node: Json): Json {
  if (!isObject(node)) return node;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(node)) {
    // A string's `format: binary` says a file, as a non-JSON contentMediaType does (schema-keywords.ts).
    if (k === "format" && isBinaryString(node) && node.contentMediaType === undefined)
      out.contentMediaType = "application/octet-stream";
    if (isAnnotation(k) || (k === "format" && !checkedFormat(v))) continue;
    out[k] = mapSubschemas(k, v, SUBSCHEMA_HOLDERS, (sub) => withoutAnnotations(sub)) ?? v;
  }
  return out;
}

/** A copy of the document whose every schema (components' and each `schema` of a parameter, a body, a header) is `withoutAnnotations`. */
export function documentWithoutAnnotations(document: Json): Json {
  const walk = (node: Json, key: string | undefined): Json => {
    if (key === "schema") return withoutAnnotations(node);
    if (Array.isArray(node)) return node.map((n) => walk(n, undefined));
    if (!isObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
  };
  const copy = walk(document, undefined) as Record<string, Json>;
  const schemas = copy.components?.schemas;
  if (isObject(schemas))
    copy.components = {
      ...copy.components,
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([n, s]) => [n, withoutAnnotations(s)]),
      ),
    };
  return copy;
}
