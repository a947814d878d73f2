// The scale benchmark's synthesizer on the grown fixture: it emits exactly the operations asked for, each a valid
// copy of a source operation (unique operationId and path, every $ref resolving), and leaves out what is refused.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  createAjv,
  deref,
  type Json,
  type OperationSpec,
  operations,
} from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { synthesizeSpec } from "../src/synthesize.js";

const fixture: Json = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
    "utf8",
  ),
);
const sourceOps = operations(fixture);

/** What makes an operation's shape: method, parameters, body media types, answer statuses and media types. */
const shapeOf = (op: OperationSpec) => ({
  method: op.method,
  parameters: op.parameters.map((p) => [p.in, p.name, p.required, p.style, p.explode]),
  bodies: op.requestBodies.map((m) => m.mediaType),
  responses: op.responses.map((r) => [r.status, r.content.map((m) => m.mediaType)]),
  security: op.security,
  pagination: op.pagination,
});

/** Every `$ref` string in `node`. */
function refsIn(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (typeof node === "object" && node !== null)
    for (const [key, value] of Object.entries(node))
      if (key === "$ref" && typeof value === "string") out.push(value);
      else refsIn(value, out);
  return out;
}

describe("a 500-operation spec synthesized from the grown fixture", () => {
  const { document, kept, left } = synthesizeSpec(fixture, 500);
  const ops = operations(document);

  test("holds exactly 500 operations, each with its own operationId and method + path", () => {
    expect(ops).toHaveLength(500);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(500);
    expect(new Set(ops.map((op) => `${op.method} ${op.path}`)).size).toBe(500);
    expect(kept).toEqual(sourceOps.map((op) => op.operationId));
    expect(left).toEqual([]);
  });

  test("keeps every source operation as it is, and gives each copy the shape of its source", () => {
    const byId = new Map(sourceOps.map((op) => [op.operationId, op]));
    for (const op of ops) {
      const source = byId.get(op.operationId.replace(/Scale\d+$/, ""));
      expect(source, op.operationId).toBeDefined();
      if (!source) continue;
      expect(shapeOf(op), op.operationId).toEqual(shapeOf(source));
      expect(op.path.endsWith(source.path)).toBe(true);
    }
  });

  test("every $ref resolves and every request and answer schema compiles (Ajv 2020-12)", () => {
    for (const ref of new Set(refsIn(document.paths)))
      expect(() => deref(document, { $ref: ref })).not.toThrow();
    const ajv = createAjv(document);
    const pointers = ops.flatMap((op) => [
      ...op.requestBodies.map((m) => m.schemaPointer),
      ...op.parameters.map((p) => p.schemaPointer),
      ...op.responses.flatMap((r) => r.content.map((m) => m.schemaPointer)),
    ]);
    // One copy of each source is enough to compile: the others are the same text under another path.
    const copyNumber = (pointer: string) => Number(/~1scale(\d+)~1/.exec(pointer)?.[1] ?? 0);
    const sample = pointers.filter((p) => copyNumber(p) <= sourceOps.length);
    expect(sample.length).toBeGreaterThan(0);
    for (const pointer of sample) expect(() => ajv.compileAt(pointer), pointer).not.toThrow();
  });
});

describe("with operations refused", () => {
  const refusedId = sourceOps.at(-1)?.operationId as string;
  const { document, kept, left } = synthesizeSpec(fixture, 50, (op) =>
    op.operationId === refusedId ? "not this one" : undefined,
  );
  const ids = operations(document).map((op) => op.operationId);

  test("leaves the refused operation out, names it, and copies only the others", () => {
    expect(ids).toHaveLength(50);
    expect(left).toEqual([{ operationId: refusedId, reason: "not this one" }]);
    expect(kept).not.toContain(refusedId);
    expect(ids.some((id) => id.startsWith(refusedId))).toBe(false);
  });

  test("refuses a count below the operations kept, and a source with nothing accepted", () => {
    expect(() => synthesizeSpec(fixture, 3)).toThrow(RangeError);
    expect(() => synthesizeSpec(fixture, 500, () => "no")).toThrow(/no operation/);
  });
});
