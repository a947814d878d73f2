// Edits of a copy of the bundle, each the kind of change a spec author makes: some break consumers, some do not.
// Targets are found through the spec model (no operation or field name is typed here), so the edits follow the spec.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadBundle } from "@merchant-payments/spec";
import {
  deref,
  isObject,
  type Json,
  type JsonObject,
  type OperationSpec,
  operations,
} from "@merchant-payments/spec/model";

/** One property of a request or response schema: its parent object schema, its name, its resolved schema. */
export interface PropertyTarget {
  readonly op: OperationSpec;
  readonly parent: JsonObject;
  readonly name: string;
  readonly schema: JsonObject;
}

/** A fresh deep copy of the bundle. */
export function bundleCopy(): Json {
  return structuredClone(loadBundle());
}

function propertiesOf(document: Json, op: OperationSpec, schema: Json): PropertyTarget[] {
  const parent = deref<JsonObject>(document, schema);
  if (!isObject(parent) || !isObject(parent.properties)) return [];
  return Object.entries(parent.properties).map(([name, node]) => ({
    op,
    parent,
    name,
    schema: deref<JsonObject>(document, node),
  }));
}

/** Every property of every JSON request body (top level), in spec order, skipping `except`. */
export function requestProperties(document: Json, except?: OperationSpec): PropertyTarget[] {
  return operations(document)
    .filter((op) => op.operationId !== except?.operationId && op.request)
    .flatMap((op) => propertiesOf(document, op, op.request?.schema));
}

/** Every property of every 200 JSON response body (top level), in spec order, skipping `except`. */
export function responseProperties(document: Json, except?: OperationSpec): PropertyTarget[] {
  return operations(document)
    .filter((op) => op.operationId !== except?.operationId)
    .flatMap((op) =>
      (op.responses.find((r) => r.status === "200")?.content ?? [])
        .filter((m) => m.mediaType === "application/json")
        .flatMap((m) => propertiesOf(document, op, m.schema)),
    );
}

/** The first target that `test` accepts; throws (naming `what`) when the spec has none. */
export function first<T>(targets: readonly T[], test: (t: T) => boolean, what: string): T {
  const found = targets.find(test);
  if (!found) throw new Error(`The spec has no ${what} to edit`);
  return found;
}

/** `METHOD /path`, as both optic and the spec-model checks name an operation. */
export function opLabel(op: OperationSpec): string {
  return `${op.method} ${op.path}`;
}

/** Writes `document` as `name` into `dir` and returns its path. */
export async function writeSpec(dir: string, name: string, document: Json): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(document, null, 2));
  return path;
}

/** A 200 JSON response body that is a union (`oneOf`/`anyOf`), resolved. */
export interface UnionTarget {
  readonly op: OperationSpec;
  readonly schema: JsonObject;
  readonly branches: Json[];
}

/** Every operation whose 200 JSON response body is a `oneOf`/`anyOf`, in spec order. */
export function responseUnions(document: Json): UnionTarget[] {
  return operations(document).flatMap((op) =>
    (op.responses.find((r) => r.status === "200")?.content ?? [])
      .filter((m) => m.mediaType === "application/json")
      .map((m) => deref<JsonObject>(document, m.schema))
      .filter((schema) => Array.isArray(schema.oneOf ?? schema.anyOf))
      .map((schema) => ({ op, schema, branches: schema.oneOf ?? schema.anyOf })),
  );
}
