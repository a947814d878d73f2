// Shapes of operation that the peer tools' limits are keyed by (besides those of respect-limits.ts), read from the
// published spec the suites run on: a request body whose schema contains itself, an operation open to anyone.
import { readFileSync } from "node:fs";
import { isObject, type Json, type OperationSpec, valueAt } from "@merchant-payments/spec/model";
import { publishedSpec } from "./support.js";

const published: Json = JSON.parse(readFileSync(publishedSpec, "utf8"));

/** Whether `schema` reaches, through `$ref`s, a schema that contains itself (Galaxy's Planet: its satellites orbit one). */
function recurses(document: Json, schema: Json, within: readonly string[] = []): boolean {
  if (Array.isArray(schema)) return schema.some((item) => recurses(document, item, within));
  if (!isObject(schema)) return false;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/")) {
    if (within.includes(schema.$ref)) return true;
    return recurses(document, valueAt(document, schema.$ref.slice(1)) as Json, [
      ...within,
      schema.$ref,
    ]);
  }
  return Object.entries(schema).some(
    ([key, value]) => key !== "examples" && key !== "example" && recurses(document, value, within),
  );
}

/** Whether a JSON request body of `op` has a schema that contains itself. */
export const bodyRecurses = (op: OperationSpec): boolean =>
  op.requestBodies.some((media) => recurses(published, media.schema));

/** Whether `op` is open to anyone (`security: []`) yet documents a 401. */
export const openYetDocuments401 = (op: OperationSpec): boolean =>
  op.security.length === 0 && op.responses.some((response) => response.status === "401");

/** `schema` itself, or what its `$ref` points to in the published spec. */
export function resolvedSchema(schema: Json): Json {
  return isObject(schema) && typeof schema.$ref === "string" && schema.$ref.startsWith("#/")
    ? (valueAt(published, schema.$ref.slice(1)) as Json)
    : schema;
}
