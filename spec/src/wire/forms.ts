// Form bodies per OpenAPI's Encoding Object (4.8.15): `application/x-www-form-urlencoded` written whole, and the
// parts of a `multipart/form-data` body planned (each package then writes the parts' bytes its own way: FormData,
// or fixed bytes for replayable reports).
//
// urlencoded: a property whose Encoding Object gives `style` or `explode` is written as a query parameter of that
// style (form, spaceDelimited, pipeDelimited, deepObject); else by OpenAPI's defaults: an array as the name
// repeated per item, an object as its JSON text (the `application/json` default of an object property), a scalar
// as its text. Names and values are percent-encoded as the query is (RFC 3986 unreserved characters kept), a space
// written `+` as the form encoding does.
// multipart: one part per property; a file property's array one part per item, as is an array of scalars (one text
// part per item, the name repeated: what a server reads as a list); an object, or an array holding objects or
// arrays, one JSON part; a scalar one text part. A part's Content-Type is the first of its `encoding.contentType` list (a
// wildcard is no type), else `application/octet-stream` for a file, `application/json` for a JSON part, none for
// text.
import { encodeText, scalarText } from "./encoding.js";
import { serializeParameter } from "./parameters.js";

/** What the wire needs of a property's Encoding Object. */
export interface WireEncoding {
  /** The part's media type, or a comma-separated list of them (the first is sent). */
  readonly contentType?: string;
  /** How a urlencoded property is written (a query parameter style); default as described above. */
  readonly style?: string;
  /** Whether a urlencoded property's arrays and objects are exploded (default: true for `form`). */
  readonly explode?: boolean;
}

/** The Encoding Objects of a form's properties, by property name. */
export type WireEncodings = Readonly<Record<string, WireEncoding | undefined>>;

/** One name or value in a urlencoded body: percent-encoded as the query is, a space as `+`. */
export function encodeFormText(text: string): string {
  return encodeText(text).replace(/%20/g, "+");
}

/** A property value's text in a form: an object or array as JSON, anything else as `scalarText` writes it. */
function fieldText(value: unknown): string {
  return value !== null && typeof value === "object" ? JSON.stringify(value) : scalarText(value);
}

/** One property of a urlencoded body as its `name=value` pairs (encoded). */
export function urlencodedPairs(
  name: string,
  value: unknown,
  encoding: WireEncoding | undefined,
): string[] {
  if (value === undefined) return [];
  if (encoding?.style !== undefined || encoding?.explode !== undefined) {
    const parameter = {
      name,
      in: "query" as const,
      style: encoding.style,
      explode: encoding.explode,
    };
    return serializeParameter(parameter, value).map((pair) => pair.replace(/%20/g, "+"));
  }
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => `${encodeFormText(name)}=${encodeFormText(fieldText(item))}`);
}

/** An object body as `application/x-www-form-urlencoded` text, each property by its Encoding Object. */
export function urlencodedBody(
  value: Readonly<Record<string, unknown>>,
  encodings: WireEncodings = {},
): string {
  return Object.entries(value)
    .flatMap(([name, v]) => urlencodedPairs(name, v, encodings[name]))
    .join("&");
}

/** One planned part of a multipart body. */
export interface FormPart {
  /** The property's name (the part's `name`). */
  readonly name: string;
  /** A file (bytes as given), a JSON part, or a text part. */
  readonly kind: "file" | "json" | "text";
  /** The part's Content-Type; undefined for a text part with none declared (a file keeps a type of its own). */
  readonly contentType: string | undefined;
  /** The file as given (`kind: "file"`), the JSON text, or the text. */
  readonly value: unknown;
}

/** The type a part declares: the first of its `encoding.contentType` list; none for a wildcard (`image/*`). */
export function declaredPartType(encoding: WireEncoding | undefined): string | undefined {
  const first = encoding?.contentType?.split(",")[0]?.trim();
  return first && !first.includes("*") ? first : undefined;
}

/**
 * The parts of an object body as `multipart/form-data`, in property order (undefined properties left out).
 * `isFile(name, value)` says whether a property is sent as a file (by its schema, or by its value's type).
 */
export function multipartParts(
  value: Readonly<Record<string, unknown>>,
  encodings: WireEncodings,
  isFile: (name: string, value: unknown) => boolean,
): FormPart[] {
  const parts: FormPart[] = [];
  for (const [name, raw] of Object.entries(value)) {
    if (raw === undefined) continue;
    const declared = declaredPartType(encodings[name]);
    if (isFile(name, raw)) {
      for (const item of Array.isArray(raw) ? raw : [raw])
        parts.push({ name, kind: "file", contentType: declared, value: item });
    } else if (Array.isArray(raw) && !raw.some(isStructured)) {
      for (const item of raw)
        parts.push({ name, kind: "text", contentType: declared, value: scalarText(item) });
    } else if (isStructured(raw)) {
      const json = JSON.stringify(raw);
      parts.push({ name, kind: "json", contentType: declared ?? "application/json", value: json });
    } else parts.push({ name, kind: "text", contentType: declared, value: scalarText(raw) });
  }
  return parts;
}

/** An object or array (a Date is a scalar): sent as a JSON part. */
function isStructured(value: unknown): boolean {
  return value !== null && typeof value === "object" && !(value instanceof Date);
}
