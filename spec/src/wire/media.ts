// What kind of body a media type carries: the one answer to "is this JSON?" for client, mock, verify, contract
// tests and console.

/** How a body of a media type is encoded: JSON, a multipart or urlencoded form, text, or bytes. */
export type BodyKind = "json" | "multipart" | "urlencoded" | "text" | "binary";

/** The media type's essence: lower case, parameters (`; charset=...`) and spaces dropped. */
function essenceOf(mediaType: string): string {
  return (mediaType.split(";")[0] ?? "").trim().toLowerCase();
}

/** Structured text media besides `text/*`: XML (a DTD too) and YAML, and any type's `+xml`/`+yaml` suffix (`image/svg+xml`). */
const STRUCTURED_TEXT =
  /^(?:application\/(?:xml|xml-dtd|yaml|x-yaml)|[a-z]+\/[^/]+\+(?:xml|yaml))$/;

/**
 * The kind of body of a media type (parameters ignored, any case): `json` for `application/json` and `+json`
 * suffixes, the two form types, `text` for `text/*` and structured text (`application/xml`, `application/*+xml`,
 * YAML: text to a client, never parsed as JSON), else `binary`.
 */
export function bodyKind(mediaType: string): BodyKind {
  const essence = essenceOf(mediaType);
  if (essence === "application/json" || /^application\/[^/]+\+json$/.test(essence)) return "json";
  if (essence === "multipart/form-data") return "multipart";
  if (essence === "application/x-www-form-urlencoded") return "urlencoded";
  if (essence.startsWith("text/") || STRUCTURED_TEXT.test(essence)) return "text";
  return "binary";
}

/**
 * The Accept header of the responses' media types (each response's list): where a response offers JSON beside other
 * media (JSON and XML), only its JSON types are asked for; every other response's types as they are; each once.
 */
export function acceptHeader(responses: readonly (readonly string[])[]): string {
  const asked = responses.flatMap((types) =>
    types.some((t) => bodyKind(t) === "json") ? types.filter((t) => bodyKind(t) === "json") : types,
  );
  return [...new Set(asked)].join(", ");
}

/** True for a JSON media type (`application/json`, `application/problem+json`, any case, parameters ignored). */
export function isJsonMedia(mediaType: string | null | undefined): boolean {
  return bodyKind(mediaType ?? "") === "json";
}

/**
 * True when an example value goes on the wire as written for `mediaType`: any value of JSON, form and binary media;
 * for text media (XML, YAML, `text/*`) only a string, the document itself (the spec gives an object no serialized
 * form). verify sends only such examples; the mock serves only such examples of text media.
 */
export function isWireExample(mediaType: string, value: unknown): boolean {
  return bodyKind(mediaType) !== "text" || typeof value === "string";
}
