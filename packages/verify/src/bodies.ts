// Request bodies on the wire, per media type: JSON; `multipart/form-data` and `application/x-www-form-urlencoded` as
// the spec's wire module writes forms (forms.ts: one part per property, a file part for a binary property with the
// Content-Type its `encoding` declares, an object as a JSON part; urlencoded per the Encoding Object); binary
// (`application/octet-stream` and other non-text media) and `text/*`. And `bodyAsRead`: what a form body becomes once read back by a server, to judge a broken one.
import {
  bodyKind,
  deref,
  isObject,
  type MediaSpec,
  type Schema,
} from "@merchant-payments/spec/model";
import { multipartParts, readBack, urlencodedBody } from "@merchant-payments/spec/wire";

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

function text(value: unknown): string {
  return typeof value === "string" ? value : value === null ? "" : String(value);
}

/** Bytes of a file value: a Uint8Array as is, anything else as its UTF-8 text. */
function bytes(value: unknown): Uint8Array {
  return value instanceof Uint8Array ? value : new TextEncoder().encode(text(value));
}

/**
 * The multipart bytes of an object body: the parts the spec's wire module plans (one per property, a file property's
 * array one per item, objects and arrays as JSON parts, each with its declared Content-Type), written in order.
 */
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
  const isFileProperty = (name: string) =>
    isFile(document, media, name, (properties[name] ?? {}) as Schema);
  const counts = new Map<string, number>();
  for (const part of multipartParts(value, media.encoding, isFileProperty)) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"`;
    if (part.kind === "file") {
      const i = counts.get(part.name) ?? 0;
      counts.set(part.name, i + 1);
      const content = bytes(part.value);
      push(
        `${disposition}; filename="${part.name}-${i}"\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}`,
        content,
        `<${content.byteLength} bytes>`,
      );
    } else {
      const content = part.value as string;
      const head =
        part.contentType === undefined
          ? disposition
          : `${disposition}\r\nContent-Type: ${part.contentType}`;
      push(head, new TextEncoder().encode(content), content);
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
      const encoded = urlencodedBody(isObject(value) ? value : {}, media.encoding);
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
 * their schemas (the wire module's `readBack`), its JSON parts and files as sent; text and binary as strings.
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
      return [name, readBack(document, sub, v)];
    }),
  );
}
