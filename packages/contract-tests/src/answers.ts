// The documented 2xx answers of any operation: what a server sends for each (status, media type, declared headers)
// and what the client must resolve it to: `undefined` without a body, a string for text (`text/*`, XML: whatever the
// spec's wire module calls text), a `Blob` for other non-JSON media, a value valid against the schema for JSON.
import type {
  Json,
  MediaSpec,
  OperationSpec,
  ResponseSpec,
  SpecAjv,
} from "@merchant-payments/spec";
import { deref } from "@merchant-payments/spec/model";
import { acceptHeader, bodyKind } from "@merchant-payments/spec/wire";
import { validValue } from "./call-inputs.js";
import { errorsAt } from "./operation-parts.js";

/** How a client hands over an answer. */
export type AnswerKind = "none" | "text" | "binary" | "json";

/** One documented 2xx answer: its status, and its media type (none for a response without a body). */
export interface SuccessAnswer {
  readonly status: number;
  readonly response: ResponseSpec;
  readonly media: MediaSpec | undefined;
}

/**
 * Every 2xx answer of `op` a client can get, one per media type (or one without a body). Where a status offers JSON
 * beside other media (Galaxy's JSON and XML), only its JSON ones: the client asks for those (`acceptHeader`).
 */
export function successAnswers(op: OperationSpec): SuccessAnswer[] {
  return op.responses
    .filter((r) => /^2\d\d$/.test(r.status))
    .flatMap((response): SuccessAnswer[] => {
      const status = Number(response.status);
      if (response.content.length === 0) return [{ status, response, media: undefined }];
      const asked = acceptHeader([response.content.map((media) => media.mediaType)]).split(", ");
      return response.content
        .filter((media) => asked.includes(media.mediaType))
        .map((media) => ({ status, response, media }));
    });
}

/** The kind the client resolves an answer to. */
export function kindOf(op: OperationSpec, answer: SuccessAnswer): AnswerKind {
  if (op.method === "HEAD" || !answer.media || answer.status === 204 || answer.status === 205)
    return "none";
  // The one rule of the spec's wire module (bodyKind): JSON, text (text/*, and every structured non-JSON media it
  // calls text, such as XML), else bytes. A non-JSON answer is never parsed as JSON.
  const kind = bodyKind(answer.media.mediaType);
  return kind === "json" ? "json" : kind === "text" ? "text" : "binary";
}

/**
 * The text a server sends for a text answer of `value`: a string as it is; otherwise, for an XML media type, a
 * well-formed XML document whose root element is the schema's `xml.name` (else `value`), and for other text the JSON
 * text of the value. The client must hand it over as that text, unparsed.
 */
function textBody(media: MediaSpec, value: unknown): string {
  if (typeof value === "string") return value;
  if (/[/+]xml$/i.test(media.mediaType.split(";")[0]?.trim() ?? "")) {
    const root = (media.schema as { xml?: { name?: string } }).xml?.name ?? "value";
    return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}/>`;
  }
  return JSON.stringify(value);
}

/** What a server sends for an answer: body text or bytes (an example, else generated), and a value per declared header. */
export function answerPayload(
  document: Json,
  validator: SpecAjv,
  op: OperationSpec,
  answer: SuccessAnswer,
  seed: number,
): { body: string | Uint8Array | undefined; value: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  answer.response.headers.forEach((h, i) => {
    const schema = h.schema;
    // The header's example as the spec model reads it (its `examples`, `example`, its schema's), else a placeholder.
    const value =
      h.examples[0]?.value ??
      (schema.type === "integer" ? (schema.minimum ?? 1) : `/${op.operationId}/${i}`);
    headers[h.name] = String(value);
  });
  const kind = kindOf(op, answer);
  const media = answer.media;
  if (kind === "none" || !media) return { body: undefined, value: undefined, headers };
  if (media.mediaType) headers["content-type"] = media.mediaType;
  if (kind === "binary") {
    const bytes = new Uint8Array(Array.from({ length: 64 }, (_, i) => (i * 37) % 256));
    return { body: bytes, value: bytes, headers };
  }
  const value = validValue(
    document,
    validator,
    media.schemaPointer,
    media.schema,
    media.examples[0]?.value,
    seed,
  );
  if (kind === "text") {
    const text = textBody(media, value);
    return { body: text, value: text, headers };
  }
  return { body: JSON.stringify(value), value, headers };
}

/**
 * JSON Pointer of the shape the client resolves a JSON answer to: its schema, or, where the spec says
 * `x-normalize-to-object`, the object branch of its `oneOf`.
 */
function resolvedPointer(document: Json, media: MediaSpec): string {
  const schema = deref<Json>(document, media.schema);
  if (schema?.["x-normalize-to-object"] === undefined) return media.schemaPointer;
  const branches: Json[] = Array.isArray(schema.oneOf) ? schema.oneOf : [];
  const index = branches.findIndex((b) => deref<Json>(document, b)?.type === "object");
  return `${media.resolvedSchemaPointer}/oneOf/${index}`;
}

/** What is wrong with `result` as the client's resolution of `answer` (sent as `sent`); empty when right. */
export async function resultProblems(
  document: Json,
  validator: SpecAjv,
  op: OperationSpec,
  answer: SuccessAnswer,
  result: unknown,
  sent?: unknown,
): Promise<string[]> {
  const kind = kindOf(op, answer);
  const at = `${answer.status} ${answer.media?.mediaType ?? "(no body)"}`;
  if (kind === "none")
    return result === undefined ? [] : [`${at}: resolved ${typeof result}, not undefined`];
  if (kind === "text") {
    if (typeof result !== "string") return [`${at}: resolved ${typeof result}, not a string`];
    return sent === undefined || result === sent
      ? []
      : [`${at}: the text differs from the one sent`];
  }
  if (kind === "binary") {
    if (!(result instanceof Blob)) return [`${at}: resolved ${typeof result}, not a Blob`];
    if (sent instanceof Uint8Array) {
      const bytes = new Uint8Array(await result.arrayBuffer());
      if (bytes.length !== sent.length || bytes.some((b, i) => b !== sent[i]))
        return [`${at}: the Blob's bytes differ from the ones sent`];
    }
    return [];
  }
  const media = answer.media as MediaSpec;
  return errorsAt(validator, resolvedPointer(document, media), result).map((e) => `${at}: ${e}`);
}
