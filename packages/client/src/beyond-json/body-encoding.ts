// A request body in its media type: JSON, multipart/form-data, urlencoded, text or binary.

import type { BodyInfo } from "../generated/operation-table.js";
import { text } from "./wire-dates.js";

/** The request body as sent: bytes or text, and its Content-Type (undefined: no body, no Content-Type). */
export interface EncodedBody {
  readonly body: string | Uint8Array | undefined;
  readonly contentType: string | undefined;
}

/** A declared content type usable as a part's or body's type: one media type, no wildcard (else undefined). */
function singleType(declared: string | undefined): string | undefined {
  if (!declared || declared.includes(",") || declared.includes("*")) return undefined;
  return declared.trim();
}

/** A file value (Blob, File, Uint8Array) as a Blob of the declared type when it has none of its own. */
function asBlob(value: Blob | Uint8Array, declared: string | undefined): Blob {
  if (value instanceof Uint8Array) {
    return new Blob([value as Uint8Array<ArrayBuffer>], {
      type: singleType(declared) ?? "application/octet-stream",
    });
  }
  if (value.type || !singleType(declared)) return value;
  return new Blob([value], { type: singleType(declared) });
}

const isFile = (v: unknown): v is Blob | Uint8Array =>
  v instanceof Uint8Array || (typeof Blob !== "undefined" && v instanceof Blob);

/** One multipart part's value: a file as a Blob; an object or array (not of files) as a JSON part; else its text. */
function partValue(value: unknown, declared: string | undefined): string | Blob {
  if (isFile(value)) return asBlob(value, declared);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    return new Blob([JSON.stringify(value)], { type: singleType(declared) ?? "application/json" });
  }
  if (singleType(declared) && !/^text\/plain\b/.test(singleType(declared) as string)) {
    return new Blob([text(value)], { type: singleType(declared) });
  }
  return text(value);
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
 * multipart/form-data (files as parts with their type or the declared `encoding.contentType`, arrays as repeated
 * parts, objects as JSON parts), urlencoded (arrays as repeated names), text, binary. No body: nothing.
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
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        if (value === undefined) continue;
        const declared = info?.encoding?.[name]?.contentType;
        const items = Array.isArray(value) && value.every(isFile) ? value : [value];
        for (const item of items) {
          const part = partValue(item, declared);
          if (typeof part === "string") form.append(name, part);
          else form.append(name, part, part instanceof File ? part.name : name);
        }
      }
      return multipart(form);
    }
    case "urlencoded": {
      const pairs: string[] = [];
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) {
          const v =
            item !== null && typeof item === "object" && !(item instanceof Date)
              ? JSON.stringify(item)
              : text(item);
          pairs.push(`${formEncode(name)}=${formEncode(v)}`);
        }
      }
      return { body: pairs.join("&"), contentType: mediaType };
    }
    case "text":
      return { body: text(body), contentType: mediaType };
    default:
      return { body: await bytesOf(body), contentType: mediaType };
  }
}

/** application/x-www-form-urlencoded encoding of one name or value (a space is "+"). */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, "+");
}
