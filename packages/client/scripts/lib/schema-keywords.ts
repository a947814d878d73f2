// The generator's table of JSON Schema 2020-12 and OpenAPI 3.1 schema keywords: for each, how it becomes a
// TypeScript type, that it is checked only at run time (by the validators) because a type cannot say it, or that it
// is an annotation (documents a value, never changes which values are valid). A keyword outside the table (and not an
// `x-` extension) is refused, naming the operation, the JSON Pointer and the keyword (see refusal.ts).
import {
  deref,
  isObject,
  type Json,
  subschemaEntries,
  subschemaKeywords,
} from "@merchant-payments/spec/model";
import { asDocumentPointer, documentPointer, type RefusalPlace, refuse } from "./refusal.js";

/** What the type emitter does with a keyword. */
export type KeywordRole =
  /** Gives the value its TypeScript type (`how` says which). */
  | { readonly role: "type"; readonly how: string }
  /** A run-time check of the validators; the type is the sound superset without it (`how` says which). */
  | { readonly role: "check"; readonly how: string }
  /** Documents a value; no type, no check. */
  | { readonly role: "annotation" };

const annotation = { role: "annotation" } as const;
/** A check the validators make that no TypeScript type states: the type stays that of the other keywords. */
const check = (how: string): KeywordRole => ({ role: "check", how });
const type = (how: string): KeywordRole => ({ role: "type", how });

/** Every schema keyword the generator accepts, and its role. */
export const SCHEMA_KEYWORDS = {
  type: type(
    "the JSON types: string, number, boolean, null, T[], an object type (a union for several)",
  ),
  enum: type("a union of the literal values"),
  const: type("the literal value"),
  properties: type("an object type's members, each with its description"),
  required: type("members without `?`"),
  additionalProperties: type("an index signature `[key: string]: T` (none when false)"),
  patternProperties: type(
    "an index signature `[key: string]: unknown` (TypeScript has no pattern keys)",
  ),
  unevaluatedProperties: type("an index signature `[key: string]: unknown` unless false"),
  propertyNames: check("each key's schema (keys are strings to TypeScript)"),
  items: type("`T[]`, or the rest of a tuple"),
  prefixItems: type("a tuple of optional elements `[A?, B?, ...T[]]`"),
  unevaluatedItems: check("what items and prefixItems did not evaluate"),
  contains: check("that some item matches"),
  minContains: check("how many items match `contains`"),
  maxContains: check("how many items match `contains`"),
  allOf: type("an intersection"),
  anyOf: type("a union (an open enum: its known values and `string & {}`)"),
  oneOf: type("a union"),
  not: check("the negated schema (TypeScript has no negated types)"),
  if: check("the conditional; the type is that of the other keywords"),
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword; the table is never awaited
  then: check("the conditional's consequence"),
  else: check("the conditional's alternative"),
  dependentRequired: check("properties required when another is present"),
  dependentSchemas: check("schemas applied when a property is present"),
  $ref: type("the component's type by name; with sibling keywords, the intersection with theirs"),
  $defs: type("a container of schemas reached through `$ref`"),
  format: type(
    "`DateInput` for a request's `date`, a decimal's type for `decimal`; any other format is an annotation",
  ),
  contentMediaType: type(
    "binary content (also a string's `format: binary`): `Blob` (answers), `Blob | Uint8Array | string` (requests)",
  ),
  discriminator: type("the union of its oneOf/anyOf (the validators pick the branch by it)"),
  minimum: check("the bound"),
  maximum: check("the bound"),
  exclusiveMinimum: check("the bound"),
  exclusiveMaximum: check("the bound"),
  multipleOf: check("the multiple"),
  minLength: check("the length"),
  maxLength: check("the length"),
  pattern: check("the regular expression"),
  minItems: check("the length"),
  maxItems: check("the length"),
  uniqueItems: check("that no two items are equal"),
  minProperties: check("the count"),
  maxProperties: check("the count"),
  title: annotation,
  description: annotation,
  default: annotation,
  examples: annotation,
  example: annotation,
  deprecated: annotation,
  readOnly: annotation,
  writeOnly: annotation,
  $comment: annotation,
  $schema: annotation,
  $id: annotation,
  $anchor: annotation,
  $dynamicAnchor: annotation,
  contentEncoding: annotation,
  contentSchema: annotation,
  xml: annotation,
  externalDocs: annotation,
} as const satisfies Record<string, KeywordRole>;

/**
 * True for binary content: a string (or untyped) schema whose `contentMediaType` is not JSON, or that says
 * `format: binary` (OpenAPI 3.0's way of saying a file, still common in 3.1 documents). A request takes a `Blob`
 * (or `File`), a `Uint8Array` or text there; an answer hands over a `Blob`.
 */
export function isBinaryString(schema: Json): boolean {
  if (!isObject(schema) || !(schema.type === "string" || schema.type === undefined)) return false;
  if (typeof schema.contentMediaType === "string") return !/json/.test(schema.contentMediaType);
  return schema.format === "binary" && schema.type === "string";
}

/** A keyword of the table. */
type SchemaKeyword = keyof typeof SCHEMA_KEYWORDS;

/** True for a keyword of the table or an `x-` extension (an annotation). */
function isKnownKeyword(keyword: string): boolean {
  return Object.hasOwn(SCHEMA_KEYWORDS, keyword) || keyword.startsWith("x-");
}

/** The JSON types `type` may name. */
const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);

/** The keywords whose sub-schemas are checked: 2020-12's applicators (`contentSchema` is an annotation). */
const SUBSCHEMA_HOLDERS = subschemaKeywords();

/**
 * Refuses a keyword outside the table (or a `type` that is no JSON type) anywhere `root` (at `rootPointer`) reaches,
 * through `$ref`s (each component once), naming `place`'s operation, the keyword's JSON Pointer and the keyword.
 */
export function checkSchemaKeywords(
  document: Json,
  root: Json,
  rootPointer: string,
  place: RefusalPlace,
): void {
  const seen = new Set<string>();
  const visit = (node: Json, at: string): void => {
    if (!isObject(node)) return;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#")) {
      const target = node.$ref;
      if (!seen.has(target)) {
        seen.add(target);
        visit(deref(document, { $ref: target }), target);
      }
    }
    for (const keyword of Object.keys(node)) {
      if (!isKnownKeyword(keyword))
        refuse(
          { ...place, pointer: `${at}/${keyword}`, keyword },
          `unsupported keyword "${keyword}"`,
        );
    }
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    for (const t of types)
      if (!JSON_TYPES.has(t))
        refuse(
          { ...place, pointer: `${at}/type`, keyword: "type" },
          `unknown type ${JSON.stringify(t)}`,
        );
    for (const [sub, segments] of subschemaEntries(node, SUBSCHEMA_HOLDERS))
      visit(sub, `${at}${documentPointer(...segments).slice(1)}`);
  };
  visit(root, asDocumentPointer(rootPointer));
}
