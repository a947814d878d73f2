// The keyword check of every schema an operation reaches: its request bodies, its parameters and its answers (every
// status and media type), each from its JSON Pointer in the document (schema-keywords.ts refuses what it cannot type).
import type { Json, OperationSpec } from "@merchant-payments/spec/model";
import { checkSchemaKeywords } from "./schema-keywords.js";

/** Refuses a keyword the generator does not know in any schema of `op`, naming the operation and the pointer. */
export function checkOperationKeywords(document: Json, op: OperationSpec): void {
  const place = {
    operation: { method: op.method, path: op.path, operationId: op.operationId },
  };
  const roots: [Json, string][] = [
    ...op.requestBodies.map((m): [Json, string] => [m.schema, m.schemaPointer]),
    ...op.parameters.map((p): [Json, string] => [p.schema, p.schemaPointer]),
    ...op.responses.flatMap((r) =>
      r.content.map((m): [Json, string] => [m.schema, m.schemaPointer]),
    ),
  ];
  for (const [schema, pointer] of roots) checkSchemaKeywords(document, schema, pointer, place);
}
