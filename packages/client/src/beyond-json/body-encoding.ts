// A request body in its media type: JSON, multipart/form-data and urlencoded (both as the spec's wire module writes
// a form, per the Encoding Object), text or binary.

import { multipartParts, urlencodedBody, type WireEncodings } from "@merchant-payments/spec/wire";
import type { BodyInfo } from "../generated/operation-table.js";
import { text } from "./wire-dates.js";

/** The request body as sent: bytes or text, and its Content-Type (undefined: no body, no Content-Type). */
export interface EncodedBody {
  readonly body: string | Uint8Array | undefined;
  readonly contentType: string | undefined;
}

/** A file value (Blob, File, Uint8Array) as a Blob of the part's type when it has none of its own. */
function asBlob(value: Blob | Uint8Array, declared: string | undefined): Blob {
  if (value instanceof Uint8Array) {
    return new Blob([value as Uint8Array<ArrayBuffer>], {
      type: declared ?? "application/octet-stream",
    });
  }
  if (value.type || !declared) return value;
  return new Blob([value], { type: declared });
}

const isFile = (v: unknown): v is Blob | Uint8Array =>
  v instanceof Uint8Array || (typeof Blob !== "undefined" && v instanceof Blob);

/** A property sent as a file: a file value, or an array of them (an empty one sends no part). */
const isFileProperty = (_name: string, value: unknown): boolean =>
  isFile(value) || (Array.isArray(value) && value.every(isFile));

/** A form body's values with every Date (a value, an array's item) as its calendar date. */
function datesAsText(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body))
    out[name] = Array.isArray(value)
      ? value.map((v) => (v instanceof Date ? text(v) : v))
      : value instanceof Date
        ? text(value)
        : value;
  return out;
}

/**
 * A multipart form of the parts the spec's wire module plans: a file as a Blob (its own type, else the declared one),
 * a JSON part as a Blob of its type, a text part as text (a Blob when it declares a type other than text/plain).
 */
function formOf(body: Record<string, unknown>, encoding: WireEncodings): FormData {
  const form = new FormData();
  for (const part of multipartParts(datesAsText(body), encoding, isFileProperty)) {
    if (part.kind === "file") {
      const blob = asBlob(part.value as Blob | Uint8Array, part.contentType);
      form.append(part.name, blob, blob instanceof File ? blob.name : part.name);
    } else if (part.kind === "json" || !/^text\/plain\b/.test(part.contentType ?? "text/plain")) {
      form.append(
        part.name,
        new Blob([part.value as string], { type: part.contentType }),
        part.name,
      );
    } else form.append(part.name, part.value as string);
  }
  return form;
}

/** The bytes and boundary of a form, as the runtime's own Request encodes it (no library). */
async function multipart(form: FormData): Promise<EncodedBody> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const contentType = request.headers.get("content-type") ?? undefined;
  return { body: new Uint8Array(await request.arrayBuffer()), contentType };
}

/** The bytes of a binary body: a Blob's or File's, a Uint8Array, or a string as UTF-8. */
async function bytesOf(value: unknown): Promise<string | Uint8Array> {
  if (value instanceof Uint8Array) return value;
  if (typeof Blob !== "undefined" && value instanceof Blob) {
    return new Uint8Array(await value.arrayBuffer());
  }
  return text(value);
}

/**
 * Encodes the body in its media type: JSON through `json` (the client's own stringify, decimals included),
 * multipart/form-data and urlencoded as the spec's wire module writes forms (forms.ts: files as parts of their type or
 * the declared `encoding.contentType`, arrays of files as repeated parts, objects as JSON parts; urlencoded arrays as
 * repeated names, each property's `style`/`explode` honoured), text, binary. No body: nothing.
 */
export async function encodeBody(
  info: BodyInfo | undefined,
  body: unknown,
  json: (value: unknown) => string | Promise<string>,
): Promise<EncodedBody> {
  if (body === undefined || info?.kind === "none")
    return { body: undefined, contentType: undefined };
  const mediaType = info?.mediaType ?? "application/json";
  switch (info?.kind ?? "json") {
    case "json":
      return { body: await json(body), contentType: mediaType };
    case "multipart":
      return multipart(formOf(body as Record<string, unknown>, info?.encoding ?? {}));
    case "urlencoded":
      return {
        body: urlencodedBody(datesAsText(body as Record<string, unknown>), info?.encoding),
        contentType: mediaType,
      };
    case "text":
      return { body: text(body), contentType: mediaType };
    default:
      return { body: await bytesOf(body), contentType: mediaType };
  }
}
