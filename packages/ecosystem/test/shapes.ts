// Shapes of operation that the peer tools' limits are keyed by (besides those of respect-limits.ts), read from the
// document each operation comes from: a request body whose schema contains itself, an operation open to anyone.
import { readFileSync } from "node:fs";
import {
  deref,
  type Json,
  type OperationSpec,
  operations,
  reachesItself,
} from "@merchant-payments/spec/model";
import { publishedSpec } from "./support.js";

const published: Json = JSON.parse(readFileSync(publishedSpec, "utf8"));
/** The document of each operation read through {@link operationsOf}. */
const documents = new WeakMap<OperationSpec, Json>();

/** The operations of `document`, each remembered with it: the shapes below follow `$ref`s in that document. */
export function operationsOf(document: Json): readonly OperationSpec[] {
  const ops = operations(document);
  for (const op of ops) documents.set(op, document);
  return ops;
}

/** The document `op` comes from: the one {@link operationsOf} read it from, else the published spec. */
const documentOf = (op: OperationSpec): Json => documents.get(op) ?? published;

/** Whether a JSON request body of `op` has a schema that contains itself. */
export const bodyRecurses = (op: OperationSpec): boolean =>
  op.requestBodies.some((media) => reachesItself(documentOf(op), media.schema));

/** Whether `op` is open to anyone (`security: []`) yet documents a 401. */
export const openYetDocuments401 = (op: OperationSpec): boolean =>
  op.security.length === 0 && op.responses.some((response) => response.status === "401");

/** `schema` of `op` itself, or what its `$ref`s lead to in the document `op` comes from. */
export const resolvedSchema = (op: OperationSpec, schema: Json): Json =>
  deref(documentOf(op), schema);
