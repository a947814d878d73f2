// Small readings of the spec model's OperationSpec that the suite repeats: its request schema and
// examples, its success response, and the schema of a documented error.
import {
  createAjv,
  deref,
  type Json,
  type MediaSpec,
  type OperationSpec,
  responseFor,
  type Schema,
  type SpecAjv,
} from "@merchant-payments/spec";
import { isJsonMedia } from "@merchant-payments/spec/wire";

/** The operation's JSON request body; throws when the spec gives it none. */
export function requestOf(op: OperationSpec): MediaSpec {
  if (!op.request) throw new Error(`${op.operationId} has no JSON request body in the spec`);
  return op.request;
}

/** The operation's request schema (`$ref`s left in place). */
export function requestSchemaOf(op: OperationSpec): Schema {
  return requestOf(op).schema;
}

/** Named request examples of the operation: name -> value, in document order. */
export function requestExamplesOf(op: OperationSpec): Record<string, unknown> {
  return Object.fromEntries(requestOf(op).examples.map((e) => [e.name, e.value]));
}

/** The JSON media of the documented answer to `status` (`application/json` or `+json`), if any. */
export function jsonMediaFor(op: OperationSpec, status: number): MediaSpec | undefined {
  return responseFor(op, status)?.content.find((m) => isJsonMedia(m.mediaType));
}

/** The JSON media of the operation's 200 answer; throws when the spec documents none. */
export function successMediaOf(op: OperationSpec): MediaSpec {
  const media = jsonMediaFor(op, 200);
  if (!media) throw new Error(`${op.operationId} documents no JSON 200 answer`);
  return media;
}

/** Every named example of every response of the operation, with its media. */
export function responseExamplesOf(op: OperationSpec): {
  readonly status: string;
  readonly name: string;
  readonly media: MediaSpec;
  readonly value: unknown;
}[] {
  return op.responses.flatMap((response) =>
    response.content.flatMap((media) =>
      media.examples.map((e) => ({ status: response.status, name: e.name, media, value: e.value })),
    ),
  );
}

/** The project's validator (`createAjv` of the spec model), bound to the bundle unless `document` is given. */
export function specValidator(document?: unknown): SpecAjv {
  return document === undefined ? createAjv() : createAjv(document);
}

/** The errors of `value` against the schema at `schemaPointer`, as readable lines; empty when valid. */
export function errorsAt(ajv: SpecAjv, schemaPointer: string, value: unknown): string[] {
  return ajv.issuesAt(schemaPointer, value).map((i) => `${i.path || "(root)"} ${i.message}`);
}

/**
 * JSON Pointer of the shape the client must resolve a 200 answer to: the 200 schema, or, where the spec says
 * `x-normalize-to-object`, the object branch of its `oneOf` (a bare value is handed over in the object form).
 */
export function resolvedShapePointer(document: Json, op: OperationSpec): string {
  const media = successMediaOf(op);
  const schema = deref<Json>(document, media.schema);
  if (schema?.["x-normalize-to-object"] === undefined) return media.schemaPointer;
  const branches: Json[] = Array.isArray(schema.oneOf) ? schema.oneOf : [];
  const index = branches.findIndex((b) => deref<Json>(document, b)?.type === "object");
  if (index < 0)
    throw new Error(`${op.operationId}: x-normalize-to-object without an object branch`);
  return `${media.resolvedSchemaPointer}/oneOf/${index}`;
}
