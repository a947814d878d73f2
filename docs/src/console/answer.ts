// How the console shows an answer: its body by media type (JSON pretty-printed, text as text, bytes as a size
// line with a download, nothing as "no content"), the headers its documented response declares, and the badge.
// Pure: no DOM, no network.
import {
  baseMediaType,
  type ConformanceCheck,
  type Issue,
  type OperationSpec,
  responseFor,
} from "@merchant-payments/spec/model";
import { bodyKind, isJsonMedia, valueAt } from "@merchant-payments/spec/wire";

/** How an answer's body is shown. */
export type BodyView =
  | { readonly kind: "none"; readonly text: string }
  | { readonly kind: "json" | "text"; readonly text: string }
  | {
      readonly kind: "binary";
      readonly text: string;
      readonly size: number;
      readonly type: string;
    };

/** True for a media type whose body the console reads as text: JSON (`+json` too) and `text/*`. */
export function isTextual(mediaType: string): boolean {
  return bodyKind(mediaType) === "text" || isJsonMedia(mediaType);
}

/** `1234` bytes as `1234 bytes`, `1.2 KB`, `3.4 MB`. */
function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB (${bytes} bytes)`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB (${bytes} bytes)`;
}

/**
 * How to show a body of `size` bytes with `contentType`: `no content` for 204, 205, a HEAD's answer or an empty
 * body; JSON pretty-printed (`text` is the body's text); `text/*` as it came; anything else as a size line.
 */
export function bodyView(
  status: number,
  method: string,
  contentType: string | null,
  size: number,
  text: string,
): BodyView {
  if (status === 204 || status === 205 || method === "HEAD" || size === 0)
    return { kind: "none", text: "no content" };
  const type = baseMediaType(contentType ?? "");
  if (type === "application/json" || type.endsWith("+json") || (!type && looksJson(text)))
    return { kind: "json", text: prettyJson(text) };
  if (type.startsWith("text/")) return { kind: "text", text };
  return {
    kind: "binary",
    size,
    type: type || "application/octet-stream",
    text: `binary: ${byteSize(size)}, ${type || "no content type"}`,
  };
}

function looksJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The headers the documented response for `status` declares (e.g. `Location`, `Retry-After`, `ETag`) with the
 * received value; `undefined` when the page did not get it (not sent, or not exposed by CORS).
 */
export function declaredHeaders(
  op: OperationSpec,
  status: number,
  received: Readonly<Record<string, string>>,
): [string, string | undefined][] {
  const documented = responseFor(op, status);
  const lower = new Map(
    Object.entries(received).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return (documented?.headers ?? []).map((h) => [h.name, lower.get(h.name.toLowerCase())]);
}

/** A file name for a downloaded answer: the operation's id and an extension from the media type. */
export function downloadName(op: OperationSpec, type: string): string {
  const sub = type.split("/")[1]?.split(/[+;]/)[0] ?? "";
  const extension = /^[a-z0-9.-]{1,10}$/i.test(sub) && sub !== "octet-stream" ? sub : "bin";
  return `${op.operationId}.${extension}`;
}

/**
 * The badge of an answer: a success that conforms (green), an error status the spec documents, answered as documented
 * (amber: the call failed, as the spec says it may), or an answer that breaks the spec (red, naming where).
 */
export function answerBadge(
  status: number,
  conforms: boolean,
  issues: readonly Issue<ConformanceCheck>[],
): { className: string; text: string } {
  if (!conforms) {
    const named = [...new Set(issues.map((i) => i.path || i.check || ""))];
    return { className: "mp-violates", text: `does not conform: ${named.join(", ")}` };
  }
  if (status >= 400)
    return { className: "mp-documented-error", text: `error ${status}, as documented` };
  return { className: "mp-conforms", text: "conforms" };
}

/**
 * The cursor of the next page of a paginated operation (`x-pagination`): the answer's value at the `next` pointer,
 * when it is a non-empty string or a number; `undefined` on the last page (null or absent) and for other operations.
 */
export function nextCursor(op: OperationSpec, json: unknown): string | undefined {
  if (!op.pagination || json === undefined) return undefined;
  const value = valueAt(json, op.pagination.next);
  return (typeof value === "string" && value !== "") || typeof value === "number"
    ? String(value)
    : undefined;
}
