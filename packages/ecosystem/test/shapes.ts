// Shapes of operation that the peer tools' limits are keyed by (besides those of respect-limits.ts), read from the
// published spec the suites run on: a request body whose schema contains itself, an operation open to anyone.
import { readFileSync } from "node:fs";
import { deref, type Json, type OperationSpec, reachesItself } from "@merchant-payments/spec/model";
import { publishedSpec } from "./support.js";

const published: Json = JSON.parse(readFileSync(publishedSpec, "utf8"));

/** Whether a JSON request body of `op` has a schema that contains itself. */
export const bodyRecurses = (op: OperationSpec): boolean =>
  op.requestBodies.some((media) => reachesItself(published, media.schema));

/** Whether `op` is open to anyone (`security: []`) yet documents a 401. */
export const openYetDocuments401 = (op: OperationSpec): boolean =>
  op.security.length === 0 && op.responses.some((response) => response.status === "401");

/** `schema` itself, or what its `$ref`s lead to in the published spec. */
export const resolvedSchema = (schema: Json): Json => deref(published, schema);
