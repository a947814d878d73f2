// Request bodies on the wire, per media type: JSON; `multipart/form-data` (one part per property, a file part for a
// binary property with the Content-Type its `encoding` declares, an object as a JSON part, an array as repeated
// parts); `application/x-www-form-urlencoded`; binary (`application/octet-stream` and other non-text media) and
// `text/*`. And `bodyAsRead`: what a form body becomes once read back by a server, to judge a broken one.
import {
  bodyKind,
  deref,
  isObject,
  type MediaSpec,
  type Schema,
} from "@merchant-payments/spec/model";
import { wireValue } from "./parameters.js";

/** A body ready to send: its bytes (or text) and the Content-Type that goes with it. */
export interface EncodedBody {
  /** The Content-Type header, a multipart boundary included. */
  readonly contentType: string;
  /** What is sent. */
  readonly body: string | Uint8Array;
  /** The body as a reader sees it in a report (binary shown as `<n bytes>`). */
  readonly text: string;
}

/** The body kind of a media type, as the spec model decides it (`json`, `multipart`, `binary`, ...). */
export { bodyKind } from "@merchant-payments/spec/model";

/** True for a property sent as a file: binary content (`contentMediaType`, `format: binary`), or an encoding not text. */
function isFile(document: unknown, media: MediaSpec, name: string, schema: Schema): boolean {
  const s = (deref<Schema | undefined>(document, schema) ?? {}) as Schema;
  const items =
    s.type === "array" ? ((deref<Schema | undefined>(document, s.items ?? {}) ?? {}) as Schema) : s;
  if (typeof items.contentMediaType === "string" || items.format === "binary") return true;
  const declared = media.encoding[name]?.contentType;
  return declared !== undefined && bodyKind(declared.split(",")[0]?.trim() ?? "") === "binary";
}

/** A part's Content-Type: the first of its `encoding.contentType` list, else by its value. */
function partType(media: MediaSpec, name: string, fallback: string): string {
  return media.encoding[name]?.contentType?.split(",")[0]?.trim() || fallback;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : value === null ? "" : String(value);
}

/** Bytes of a file value: a Uint8Array as is, anything else as its UTF-8 text. */
function bytes(value: unknown): Uint8Array {
  return value instanceof Uint8Array ? value : new TextEncoder().encode(text(value));
}

/** The multipart parts of an object body, in property order; arrays give one part per item. */
function multipart(
  document: unknown,
  media: MediaSpec,
  value: Record<string, unknown>,
  boundary: string,
) {
  const schema = (deref<Schema | undefined>(document, media.schema) ?? {}) as Schema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const chunks: Uint8Array[] = [];
  const shown: string[] = [];
  const push = (head: string, content: Uint8Array, show: string) => {
    chunks.push(
      new TextEncoder().encode(`--${boundary}\r\n${head}\r\n\r\n`),
      content,
      new TextEncoder().encode("\r\n"),
    );
    shown.push(`--${boundary}\r\n${head}\r\n\r\n${show}\r\n`);
  };
  for (const [name, raw] of Object.entries(value)) {
    if (raw === undefined) continue;
    const file = isFile(document, media, name, (properties[name] ?? {}) as Schema);
    for (const [i, item] of (Array.isArray(raw) && file ? raw : [raw]).entries()) {
      if (file) {
        const type = partType(media, name, "application/octet-stream");
        const content = bytes(item);
        push(
          `Content-Disposition: form-data; name="${name}"; filename="${name}-${i}"\r\nContent-Type: ${type}`,
          content,
          `<${content.byteLength} bytes>`,
        );
      } else if (isObject(item) || Array.isArray(item)) {
        const json = JSON.stringify(item);
        push(
          `Content-Disposition: form-data; name="${name}"\r\nContent-Type: ${partType(media, name, "application/json")}`,
          new TextEncoder().encode(json),
          json,
        );
      } else {
        push(
          `Content-Disposition: form-data; name="${name}"`,
          new TextEncoder().encode(text(item)),
          text(item),
        );
      }
    }
  }
  chunks.push(new TextEncoder().encode(`--${boundary}--\r\n`));
  shown.push(`--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks), text: shown.join("") };
}

/** `value` encoded as `media` says; `boundary` separates multipart parts (fixed per run: reports replay). */
export function encodeBody(
  document: unknown,
  media: MediaSpec,
  value: unknown,
  boundary = "merchant-payments-verify-boundary",
): EncodedBody {
  const kind = bodyKind(media.mediaType);
  switch (kind) {
    case "json": {
      const json = JSON.stringify(value);
      return { contentType: media.mediaType, body: json, text: json };
    }
    case "multipart": {
      const { body, text: shown } = multipart(
        document,
        media,
        isObject(value) ? value : {},
        boundary,
      );
      return { contentType: `multipart/form-data; boundary=${boundary}`, body, text: shown };
    }
    case "urlencoded": {
      const form = new URLSearchParams();
      for (const [name, v] of Object.entries(isObject(value) ? value : {})) {
        if (v === undefined) continue;
        if (Array.isArray(v)) for (const item of v) form.append(name, text(item));
        else form.append(name, isObject(v) ? JSON.stringify(v) : text(v));
      }
      const encoded = form.toString();
      return { contentType: media.mediaType, body: encoded, text: encoded };
    }
    case "text":
      return {
        contentType: `${media.mediaType}; charset=utf-8`,
        body: text(value),
        text: text(value),
      };
    case "binary": {
      const content = bytes(value);
      return { contentType: media.mediaType, body: content, text: `<${content.byteLength} bytes>` };
    }
  }
}

/**
 * What a body becomes once read back by a server that coerces by the schema: JSON as it is; a form's fields by
 * their schemas (`wireValue`), its JSON parts and files as sent; text and binary as strings.
 */
export function bodyAsRead(document: unknown, media: MediaSpec, value: unknown): unknown {
  const kind = bodyKind(media.mediaType);
  if (kind === "json") return value;
  if (kind === "text" || kind === "binary")
    return value instanceof Uint8Array ? value : text(value);
  if (!isObject(value)) return value;
  const schema = (deref<Schema | undefined>(document, media.schema) ?? {}) as Schema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => {
      const sub = (properties[name] ?? {}) as Schema;
      if (kind === "multipart" && (isFile(document, media, name, sub) || isObject(v)))
        return [name, v];
      return [name, wireValue(document, sub, v)];
    }),
  );
}
