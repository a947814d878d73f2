// The console's request bodies of every media type: which editor each gets (JSON text, form fields with file
// inputs, plain text, one file), the value checked against the schema, and what is sent. Pure: no DOM, no network
// (`FormData`, `Blob` and `URLSearchParams` are plain values in browsers and Node alike).
import {
  type BodyKind,
  bodyKind,
  deref,
  escapePointer,
  type Issue,
  isObject,
  type Json,
  type MediaSpec,
  type SpecAjv,
} from "@merchant-payments/spec/model";
import { schemaKind } from "./parameters.js";

export { bodyKind };

/** One field of a form body (multipart or urlencoded): a property of its schema. */
export interface FormField {
  /** The schema property's name, as the document spells it; also the form field's and the part's name. */
  readonly name: string;
  /** `file` (one file), `files` (several), `json` (an object or array, typed as JSON), or `text`. */
  readonly kind: "file" | "files" | "json" | "text";
  /** Whether the schema requires it. */
  readonly required: boolean;
  /** The property's schema, `$ref`s resolved at the top. */
  readonly schema: Record<string, Json>;
  /** The part's content types the media type's `encoding` declares (comma-separated there), if any. */
  readonly contentTypes: readonly string[];
}

/** True for a schema of raw bytes: a string with a `contentMediaType` (not JSON) or `format: binary`. */
function isBytes(schema: Record<string, Json>): boolean {
  return (
    schema.format === "binary" ||
    (typeof schema.contentMediaType === "string" && bodyKind(schema.contentMediaType) !== "json")
  );
}

/** The fields of a form body, one per property of its (object) schema, in the schema's order. */
export function formFields(document: Json, media: MediaSpec): readonly FormField[] {
  const schema = deref<Record<string, Json>>(document, media.schema);
  const properties: Record<string, Json> = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, raw]) => {
    const property = deref<Record<string, Json>>(document, raw);
    const items = isObject(property.items)
      ? deref<Record<string, Json>>(document, property.items)
      : {};
    const kind = isBytes(property)
      ? "file"
      : schemaKind(property) === "array" && isBytes(items)
        ? "files"
        : ["object", "array"].includes(schemaKind(property))
          ? "json"
          : "text";
    const declared = media.encoding[name]?.contentType;
    return {
      name,
      kind,
      required: required.has(name),
      schema: property,
      contentTypes: declared ? declared.split(",").map((t) => t.trim().toLowerCase()) : [],
    };
  });
}

/** What the reader entered in a form: text per text or JSON field, files per file field. */
export interface FormInput {
  /** The text of each `text` and `json` field, by name. */
  readonly texts: ReadonlyMap<string, string>;
  /** The chosen files of each `file` and `files` field, by name. */
  readonly files: ReadonlyMap<string, readonly File[]>;
}

/** The start text of a form field: the request example's value of that property (JSON for `json` fields). */
export function initialFieldText(field: FormField, example: Json): string {
  const value = isObject(example) ? example[field.name] : undefined;
  if (value === undefined || field.kind === "file" || field.kind === "files") return "";
  return field.kind === "json" ? JSON.stringify(value, null, 2) : String(value);
}

/** Whether `type` is allowed by `allowed` (`image/*` style wildcards too). */
function typeAllowed(type: string, allowed: readonly string[]): boolean {
  return allowed.some((a) => a === type || (a.endsWith("/*") && type.startsWith(a.slice(0, -1))));
}

/**
 * The content type a file part is sent with, honouring `encoding.contentType`: the file's own type when the
 * encoding allows it (or declares none), the encoding's first type when the file has no type; `undefined` when
 * the file's type is one the encoding does not allow.
 */
export function partType(
  file: Pick<File, "type">,
  contentTypes: readonly string[],
): string | undefined {
  const own = file.type.toLowerCase();
  if (contentTypes.length === 0) return own || "application/octet-stream";
  if (!own) return contentTypes[0];
  return typeAllowed(own, contentTypes) ? own : undefined;
}

/** A form read for checking: the value (a file stands as its name) and the problems found on the way. */
export interface ReadForm {
  /** The form as the schema sees it: text typed by each property's schema, JSON parsed, files as their names. */
  readonly value: Record<string, unknown>;
  /** JSON that does not parse, and files whose type the encoding does not allow. */
  readonly issues: readonly Issue[];
}

/** Reads a form's fields into the value its schema checks. */
function readForm(fields: readonly FormField[], input: FormInput): ReadForm {
  const value: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const field of fields) {
    const at = `/${escapePointer(field.name)}`;
    if (field.kind === "file" || field.kind === "files") {
      const files = input.files.get(field.name) ?? [];
      files.forEach((file, i) => {
        if (partType(file, field.contentTypes) === undefined)
          issues.push({
            path: field.kind === "files" ? `${at}/${i}` : at,
            message: `${file.name} is ${file.type}: must be ${field.contentTypes.join(" or ")}`,
            keyword: "contentType",
          });
      });
      if (files.length === 0) continue;
      value[field.name] = field.kind === "file" ? files[0]?.name : files.map((f) => f.name);
      continue;
    }
    const text = input.texts.get(field.name) ?? "";
    if (text.trim() === "") continue;
    if (field.kind === "json") {
      try {
        value[field.name] = JSON.parse(text);
      } catch (error) {
        issues.push({ path: at, message: `not valid JSON: ${(error as Error).message}` });
      }
      continue;
    }
    const kind = schemaKind(field.schema);
    value[field.name] =
      (kind === "integer" || kind === "number") && !Number.isNaN(Number(text))
        ? Number(text)
        : kind === "boolean" && (text === "true" || text === "false")
          ? text === "true"
          : text;
  }
  return { value, issues };
}

/** The checked form: its value, and every problem (parsing, file types, the schema). */
export function checkForm(
  specAjv: SpecAjv,
  media: MediaSpec,
  fields: readonly FormField[],
  input: FormInput,
): ReadForm {
  const read = readForm(fields, input);
  return {
    value: read.value,
    issues: [...read.issues, ...specAjv.issuesAt(media.schemaPointer, read.value)],
  };
}

/** One part of a multipart body, as sent and as the curl line shows it. */
export interface Part {
  /** The form field's name (the schema property's), sent as the part's `Content-Disposition` name. */
  readonly name: string;
  /** The text of a text or JSON part, or the file of a file part. */
  readonly value: string | File;
  /** The part's content type, when it has one of its own (files, `encoding.contentType`, JSON parts). */
  readonly type?: string;
}

/** The parts of a multipart body, in field order; JSON parts carry `application/json` unless encoded otherwise. */
export function multipartParts(
  fields: readonly FormField[],
  input: FormInput,
  value: Record<string, unknown>,
): Part[] {
  const parts: Part[] = [];
  for (const field of fields) {
    if (field.kind === "file" || field.kind === "files") {
      for (const file of input.files.get(field.name) ?? []) {
        const type = partType(file, field.contentTypes);
        parts.push({ name: field.name, value: file, ...(type ? { type } : {}) });
      }
      continue;
    }
    if (!(field.name in value)) continue;
    const item = value[field.name];
    const text = field.kind === "json" ? JSON.stringify(item) : String(item);
    const type = field.contentTypes[0] ?? (field.kind === "json" ? "application/json" : undefined);
    parts.push({ name: field.name, value: text, ...(type ? { type } : {}) });
  }
  return parts;
}

/** Escapes a name or file name for a `Content-Disposition` header as browsers do (`"`, CR and LF encoded). */
function dispositionText(text: string): string {
  return text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
}

/**
 * The parts as one `multipart/form-data` body with `boundary`: a part with a type of its own carries it as its
 * `Content-Type` (a JSON part too, without a file name, which `FormData` cannot do); a file part its file name.
 */
export function multipartBody(
  parts: readonly Part[],
  boundary: string,
): { body: Blob; contentType: string } {
  const chunks: BlobPart[] = [];
  for (const part of parts) {
    const file =
      typeof part.value === "string" ? "" : `; filename="${dispositionText(part.value.name)}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    chunks.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${dispositionText(part.name)}"${file}${type}\r\n\r\n`,
      part.value,
      "\r\n",
    );
  }
  chunks.push(`--${boundary}--\r\n`);
  return { body: new Blob(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A fresh multipart boundary (random, so no part can contain it by chance). */
export function newBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `----merchant-payments-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
