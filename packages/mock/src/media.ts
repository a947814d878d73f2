// Media types of request bodies: which of the operation's declared ones a Content-Type is, and what kind of body
// that makes (JSON, multipart form, urlencoded form, text, bytes).
import type { MediaSpec, OperationSpec } from "@merchant-payments/spec/model";

/** How a body of a media type is read. */
export type BodyKind = "json" | "multipart" | "urlencoded" | "text" | "binary";

/** The kind of body of a media type's essence (`application/json`, `application/*+json`, `text/plain` …). */
export function bodyKind(essence: string): BodyKind {
  const lower = essence.toLowerCase();
  if (lower === "application/json" || /^application\/[^/]+\+json$/.test(lower)) return "json";
  if (lower === "multipart/form-data") return "multipart";
  if (lower === "application/x-www-form-urlencoded") return "urlencoded";
  if (lower.startsWith("text/")) return "text";
  return "binary";
}

/** True when a media range (`image/png`, `image/*`, `*\/*`; parameters ignored) covers `essence`. */
export function coversMediaType(range: string, essence: string): boolean {
  const [type = "", subtype = ""] = (range.split(";")[0] ?? "").trim().toLowerCase().split("/");
  const [wantType, wantSubtype] = essence.toLowerCase().split("/");
  return (type === "*" || type === wantType) && (subtype === "*" || subtype === wantSubtype);
}

/** The operation's declared request media type for `essence`: an exact one first, then a range covering it. */
export function declaredMedia(op: OperationSpec, essence: string): MediaSpec | undefined {
  const lower = essence.toLowerCase();
  return (
    op.requestBodies.find((m) => m.mediaType.toLowerCase() === lower) ??
    op.requestBodies.find((m) => coversMediaType(m.mediaType, lower))
  );
}
