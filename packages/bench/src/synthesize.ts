// A large spec for the scale benchmark: the operations of a source spec (the grown fixture), kept, then copied under
// new paths and operationIds until the spec holds the number asked for. Pure: no file system.
import {
  deref,
  HTTP_METHODS,
  isObject,
  type Json,
  type JsonObject,
  type OperationSpec,
  operations,
} from "@merchant-payments/spec/model";

/** What `synthesizeSpec` made. */
export interface SynthesizedSpec {
  /** The new document: the source's kept operations first, then the copies; components shared. */
  readonly document: Json;
  /** operationIds of the source operations kept (the ones `accepts` took), in document order. */
  readonly kept: readonly string[];
  /** operationIds of the source operations left out (refused by `accepts`), each with the reason given. */
  readonly left: readonly { readonly operationId: string; readonly reason: string }[];
}

/** Says why an operation cannot be used (a generator's refusal), or undefined when it can. */
export type Acceptance = (op: OperationSpec) => string | undefined;

/** The path-item fields that are not operations (kept on each copy's path item). */
function sharedPathFields(item: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(item).filter(([key]) => !(HTTP_METHODS as readonly string[]).includes(key)),
  );
}

/**
 * `source` with `count` operations: every operation `accepts` takes (default: all), then deep copies of them in turn
 * under `/scale<n><path>`, operationId `<operationId>Scale<n>`, code samples dropped (they name the original method).
 * Component schemas stay shared; a copy's inline schemas, parameters and examples are its own. Throws when no
 * operation is accepted or `count` is below the number kept.
 */
export function synthesizeSpec(
  source: Json,
  count: number,
  accepts: Acceptance = () => undefined,
): SynthesizedSpec {
  const all = operations(source);
  const left = all.flatMap((op) => {
    const reason = accepts(op);
    return reason === undefined ? [] : [{ operationId: op.operationId, reason }];
  });
  const refused = new Set(left.map((l) => l.operationId));
  const kept = all.filter((op) => !refused.has(op.operationId));
  if (kept.length === 0) throw new Error("no operation of the source spec is accepted");
  if (count < kept.length)
    throw new RangeError(`${count} operations asked for, the source keeps ${kept.length}`);
  const document = structuredClone(source);
  const paths: JsonObject = {};
  for (const [path, node] of Object.entries<Json>(document.paths ?? {})) {
    const item = structuredClone(deref<JsonObject>(document, node));
    for (const method of HTTP_METHODS)
      if (isObject(item[method]) && refused.has(item[method].operationId)) delete item[method];
    if (HTTP_METHODS.some((m) => isObject(item[m]))) paths[path] = item;
  }
  for (let n = 1; kept.length + n - 1 < count; n++) {
    const op = kept[(n - 1) % kept.length] as OperationSpec;
    const item = paths[op.path] as JsonObject;
    const method = op.method.toLowerCase();
    const copy = structuredClone(item[method]) as JsonObject;
    copy.operationId = `${op.operationId}Scale${n}`;
    delete copy["x-codeSamples"];
    paths[`/scale${n}${op.path}`] = { ...structuredClone(sharedPathFields(item)), [method]: copy };
  }
  document.paths = paths;
  return { document, kept: kept.map((op) => op.operationId), left };
}
