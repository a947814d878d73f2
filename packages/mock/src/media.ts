// Media types of request bodies: which of the operation's declared ones a Content-Type is, and what kind of body
// that makes (JSON, multipart form, urlencoded form, text, bytes).
import {
  type BodyKind,
  bodyKind,
  type MediaSpec,
  type OperationSpec,
} from "@merchant-payments/spec/model";

export { type BodyKind, bodyKind };

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
