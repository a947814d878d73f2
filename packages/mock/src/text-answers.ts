// Answers of a structured media type that is not JSON (`application/xml`, any `+xml`, `text/*`, YAML): text the
// mock serves from the spec's example of that media type, never a JSON value serialized into it.
import { deref, isObject, type Json, type MediaSpec, valueAt } from "@merchant-payments/spec/model";

/** True for a media type whose body is structured text but not JSON: XML (`+xml` too), `text/*`, YAML. */
export function isTextMediaType(mediaType: string): boolean {
  const essence = (mediaType.split(";")[0] ?? "").trim().toLowerCase();
  if (/[/+]json$/.test(essence)) return false;
  return (
    essence.startsWith("text/") ||
    /^application\/(xml|xml-dtd|yaml|x-yaml)$/.test(essence) ||
    /^[a-z]+\/[^/]+\+(xml|yaml)$/.test(essence)
  );
}

/** JSON Pointer of the Media Type Object of `media` (its schema's parent). */
export function mediaPointer(media: MediaSpec): string {
  return media.schemaPointer.replace(/\/schema$/, "");
}

/**
 * The example texts of a media type, in the order a reader meets them: its `example`, its named `examples`, its
 * schema's `example` and `examples` (strings only: a structured value is not the text of an XML document).
 */
export function exampleTexts(document: Json, media: MediaSpec): string[] {
  const node = valueAt(document, mediaPointer(media));
  const found: Json[] = [];
  if (isObject(node) && "example" in node) found.push(node.example as Json);
  found.push(...media.examples.map((e) => e.value));
  const schema = deref<Json>(document, media.schema);
  if (isObject(schema)) {
    if ("example" in schema) found.push(schema.example as Json);
    if (Array.isArray(schema.examples)) found.push(...schema.examples);
  }
  return found.filter((value): value is string => typeof value === "string");
}

/** Whether the spec gives a body of `media` an example at all (the media type's `example`/`examples`, its schema's). */
export function hasExample(document: Json, media: MediaSpec): boolean {
  const node = valueAt(document, mediaPointer(media));
  const schema = deref<Json>(document, media.schema);
  return (
    media.examples.length > 0 ||
    (isObject(node) && ("example" in node || isObject(node.examples))) ||
    (isObject(schema) && ("example" in schema || "examples" in schema))
  );
}
