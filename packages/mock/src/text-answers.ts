// Answers of a structured media type that is not JSON (`application/xml`, any `+xml`, `text/*`, YAML): text the
// mock serves from the spec's example of that media type, never a JSON value serialized into it. Which media types are
// text: the wire module's `bodyKind`.
import type { MediaSpec } from "@merchant-payments/spec/model";

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
