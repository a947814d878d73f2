// Answers of a structured media type that is not JSON (`application/xml`, any `+xml`, `text/*`, YAML): text the
// mock serves from the spec's example of that media type, never a JSON value serialized into it.
import type { MediaSpec } from "@merchant-payments/spec/model";

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

/** The example texts of a media type, by the spec model's precedence (strings only: a structured value is no XML text). */
export function exampleTexts(media: MediaSpec): string[] {
  return media.examples
    .map((e) => e.value)
    .filter((value): value is string => typeof value === "string");
}
