// Media types of request bodies: which of the operation's declared ones a Content-Type is, and what kind of body
// that makes (JSON, multipart form, urlencoded form, text, bytes).
import { MIMEType } from "node:util";
import type { MediaSpec, OperationSpec } from "@merchant-payments/spec/model";

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

/** A Content-Type value read as one media type: its essence (`type/subtype`, lower case) and its charset, if any. */
export interface ContentType {
  /** `type/subtype`, lower case. */
  readonly essence: string;
  /** The `charset` parameter's value, or null when there is none. */
  readonly charset: string | null;
}

/** Content-Type values read so far (clients repeat a few): at most REMEMBERED_TYPES, the oldest dropped first. */
const readTypes = new Map<string, ContentType | undefined>();
const REMEMBERED_TYPES = 64;

/** `header` as one media type (node:util's MIMEType), or undefined when it is not one; remembered per value. */
export function parseContentType(header: string): ContentType | undefined {
  if (readTypes.has(header)) return readTypes.get(header);
  let parsed: ContentType | undefined;
  try {
    const media = new MIMEType(header);
    parsed = Object.freeze({ essence: media.essence, charset: media.params.get("charset") });
  } catch {
    parsed = undefined;
  }
  if (readTypes.size >= REMEMBERED_TYPES) readTypes.delete(readTypes.keys().next().value as string);
  readTypes.set(header, parsed);
  return parsed;
}
