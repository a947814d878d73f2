// The grown fixture (fixtures/grown): the product spec plus one operation of every common OpenAPI 3.1 shape. It must
// lint clean under the project's own rules, bundle, keep the product's operations as they are, and hold every shape
// named below: removing one from the fixture fails its test here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  deref,
  HTTP_METHODS,
  isObject,
  type Json,
  loadBundle,
  SIDE_EFFECTS,
} from "../src/index.js";
import { DOCUMENTED_OPERATION_IDS } from "./interface-document.js";
import { bundle, grownFixtureRoot, lint } from "./redocly.js";

/** One operation of the bundle, its references resolved where the shapes below look. */
interface Op {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly raw: Json;
  readonly parameters: Json[];
  readonly body: Json | undefined;
  readonly responses: [string, Json][];
}

let fixture: Json;
let ops: Op[];
const scratch = mkdtempSync(join(tmpdir(), "grown-fixture-"));

beforeAll(() => {
  fixture = bundle(grownFixtureRoot, join(scratch, "grown.json"));
  ops = operationsOf(fixture);
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function operationsOf(document: Json): Op[] {
  return Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => isObject(item[m])).map((m) => {
      const raw = item[m];
      const parameters = [...(item.parameters ?? []), ...(raw.parameters ?? [])].map((p) =>
        deref(document, p),
      );
      const responses = Object.entries<Json>(raw.responses ?? {}).map(
        ([status, r]): [string, Json] => [status, deref(document, r)],
      );
      const body = raw.requestBody ? deref(document, raw.requestBody) : undefined;
      return {
        id: raw.operationId,
        method: m.toUpperCase(),
        path,
        raw,
        parameters,
        body,
        responses,
      };
    }),
  );
}

/** Every schema reachable from `root` (references followed, each visited once, so cycles end). */
function schemasUnder(document: Json, root: Json): Json[] {
  const seen = new Set<Json>();
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isObject(node)) return;
    const schema = deref(document, node);
    if (!isObject(schema) || seen.has(schema)) return;
    seen.add(schema);
    for (const [key, value] of Object.entries(schema)) {
      if (key === "properties" || key === "patternProperties" || key === "$defs")
        Object.values(value ?? {}).forEach(visit);
      else if (["items", "additionalProperties", "propertyNames", "not"].includes(key))
        visit(value);
      else if (["allOf", "anyOf", "oneOf", "prefixItems"].includes(key)) visit(value);
    }
  };
  visit(root);
  return [...seen];
}

/** True when the schema at `root` reaches itself again through `$ref`s. */
function isRecursive(document: Json, root: Json): boolean {
  const start = deref(document, root);
  return (
    schemasUnder(document, root).some((s) =>
      schemasUnder(document, s).some((inner) => inner === start && s !== start),
    ) || refsUnder(start).some((ref) => deref(document, { $ref: ref }) === start)
  );
}

/** Every `$ref` string written directly inside `node`. */
function refsUnder(node: Json): string[] {
  if (Array.isArray(node)) return node.flatMap(refsUnder);
  if (!isObject(node)) return [];
  if (typeof node.$ref === "string") return [node.$ref];
  return Object.values(node).flatMap(refsUnder);
}

const media = (container: Json): [string, Json][] => Object.entries(container?.content ?? {});
const jsonBodySchema = (op: Op): Json | undefined => op.body?.content?.["application/json"]?.schema;
const bodySchemas = (op: Op) => {
  const schema = jsonBodySchema(op);
  return schema ? schemasUnder(fixture, schema) : [];
};
const answerSchemas = (op: Op) =>
  op.responses.flatMap(([, r]) => media(r).flatMap(([, m]) => schemasUnder(fixture, m.schema)));
const isArraySchema = (s: Json) =>
  s.type === "array" || (Array.isArray(s.type) && s.type.includes("array"));
const query = (op: Op) => op.parameters.filter((p) => p.in === "query");
const queryArrays = (op: Op, style: string, explode: boolean) =>
  query(op).filter(
    (p) =>
      (p.style ?? "form") === style &&
      (p.explode ?? style === "form") === explode &&
      isArraySchema(deref(fixture, p.schema)),
  );
const is2xx = (status: string) => /^2\d\d$/.test(status);
const success = (op: Op) => op.responses.filter(([status]) => is2xx(status));
const securityOf = (op: Op): Json[] => op.raw.security ?? fixture.security ?? [];
const scheme = (name: string) => fixture.components.securitySchemes[name];
const usesScheme = (op: Op, test: (s: Json) => boolean) =>
  securityOf(op).some((req: Json) => Object.keys(req).some((name) => test(scheme(name))));

/** Every shape of issue 22, by name: the operations of the fixture that have it. */
const shapes: [string, (op: Op) => boolean][] = [
  // Methods, with and without a body.
  ["GET without a body", (op) => op.method === "GET" && !op.body],
  ["HEAD", (op) => op.method === "HEAD"],
  ["POST without a body", (op) => op.method === "POST" && !op.body],
  ["PUT with a body", (op) => op.method === "PUT" && !!op.body],
  ["PUT without a body", (op) => op.method === "PUT" && !op.body],
  ["PATCH with a body", (op) => op.method === "PATCH" && !!op.body],
  ["PATCH without a body", (op) => op.method === "PATCH" && !op.body],
  ["DELETE with a body", (op) => op.method === "DELETE" && !!op.body],
  ["DELETE without a body", (op) => op.method === "DELETE" && !op.body],
  ["an optional request body", (op) => !!op.body && op.body.required !== true],
  // Parameters.
  [
    "a path parameter (simple style)",
    (op) => op.parameters.some((p) => p.in === "path" && (p.style ?? "simple") === "simple"),
  ],
  [
    "an integer path parameter",
    (op) =>
      op.parameters.some((p) => p.in === "path" && deref(fixture, p.schema).type === "integer"),
  ],
  [
    "a scalar query parameter (form, exploded by default)",
    (op) => query(op).some((p) => !p.style && !isArraySchema(deref(fixture, p.schema))),
  ],
  ["a required query parameter", (op) => query(op).some((p) => p.required === true)],
  ["a query array of scalars, form exploded", (op) => queryArrays(op, "form", true).length > 0],
  ["a query array, form not exploded", (op) => queryArrays(op, "form", false).length > 0],
  ["a query array, spaceDelimited", (op) => queryArrays(op, "spaceDelimited", false).length > 0],
  ["a query array, pipeDelimited", (op) => queryArrays(op, "pipeDelimited", false).length > 0],
  [
    "a query object, deepObject",
    (op) =>
      query(op).some((p) => p.style === "deepObject" && deref(fixture, p.schema).type === "object"),
  ],
  [
    "a header parameter",
    (op) => op.parameters.some((p) => p.in === "header" && p.name !== "Accept-Language"),
  ],
  // Request bodies.
  ["a JSON object body", (op) => deref(fixture, jsonBodySchema(op) ?? {}).type === "object"],
  ["a JSON array body", (op) => deref(fixture, jsonBodySchema(op) ?? {}).type === "array"],
  [
    "a JSON oneOf body with a discriminator",
    (op) => bodySchemas(op).some((s) => s.oneOf && s.discriminator),
  ],
  [
    "a JSON oneOf without a discriminator in a body",
    (op) => bodySchemas(op).some((s) => s.oneOf && !s.discriminator),
  ],
  ["a JSON anyOf in a body", (op) => bodySchemas(op).some((s) => Array.isArray(s.anyOf))],
  ["a JSON allOf body", (op) => Array.isArray(deref(fixture, jsonBodySchema(op) ?? {}).allOf)],
  [
    "a multipart/form-data body with files and encoding.contentType",
    (op) => {
      const form = op.body?.content?.["multipart/form-data"];
      if (!form) return false;
      const files = schemasUnder(fixture, form.schema).filter(
        (s) => s.type === "string" && (s.contentMediaType || s.format === "binary"),
      );
      const typed = Object.values<Json>(form.encoding ?? {}).some((e) => e.contentType);
      return files.length > 0 && typed;
    },
  ],
  [
    "an application/x-www-form-urlencoded body",
    (op) => !!op.body?.content?.["application/x-www-form-urlencoded"],
  ],
  ["an application/octet-stream body", (op) => !!op.body?.content?.["application/octet-stream"]],
  ["a text/plain body", (op) => !!op.body?.content?.["text/plain"]],
  // Answers.
  ["several 2xx answers", (op) => success(op).length > 1],
  [
    "a 201 with a declared Location header",
    (op) => op.responses.some(([s, r]) => s === "201" && r.headers?.Location),
  ],
  [
    "a 202 with a declared Location header",
    (op) => op.responses.some(([s, r]) => s === "202" && r.headers?.Location),
  ],
  ["a 204 with no body", (op) => op.responses.some(([s, r]) => s === "204" && !r.content)],
  ["a 205 with no body", (op) => op.responses.some(([s, r]) => s === "205" && !r.content)],
  [
    "a text/csv answer",
    (op) => success(op).some(([, r]) => media(r).some(([type]) => type === "text/csv")),
  ],
  [
    "a binary answer",
    (op) =>
      success(op).some(([, r]) =>
        media(r).some(([type]) => !type.startsWith("text/") && !type.endsWith("json")),
      ),
  ],
  [
    "a recursive answer schema ($ref cycle)",
    (op) => success(op).some(([, r]) => media(r).some(([, m]) => isRecursive(fixture, m.schema))),
  ],
  [
    'a nullable answer field (type: [x, "null"])',
    (op) => answerSchemas(op).some((s) => Array.isArray(s.type) && s.type.includes("null")),
  ],
  [
    "an additionalProperties map in an answer",
    (op) => answerSchemas(op).some((s) => isObject(s.additionalProperties)),
  ],
  ["a const in an answer", (op) => answerSchemas(op).some((s) => "const" in s)],
  [
    "an allOf composition in an answer",
    (op) => answerSchemas(op).some((s) => Array.isArray(s.allOf)),
  ],
  // Pagination and security.
  [
    "x-pagination whose cursor is a query parameter",
    (op) =>
      isObject(op.raw["x-pagination"]) &&
      query(op).some((p) => p.name === op.raw["x-pagination"].cursor),
  ],
  ["bearer security", (op) => usesScheme(op, (s) => s.type === "http" && s.scheme === "bearer")],
  [
    "an API key in a header",
    (op) => usesScheme(op, (s) => s.type === "apiKey" && s.in === "header"),
  ],
  [
    "an API key in the query",
    (op) => usesScheme(op, (s) => s.type === "apiKey" && s.in === "query"),
  ],
  [
    "security: [] (no credentials)",
    (op) => Array.isArray(op.raw.security) && op.raw.security.length === 0,
  ],
];

describe("the grown fixture", () => {
  test("lints clean under the project's own rules", () => {
    const result = lint(grownFixtureRoot);
    expect(result.problems).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  test("holds the interface document's operations of the product unchanged", () => {
    const product = loadBundle();
    // The documented eight: a grown product spec may hold the fixture's other operations too, bundled apart.
    const productOps = operationsOf(product).filter((op) =>
      DOCUMENTED_OPERATION_IDS.includes(op.id),
    );
    expect(productOps).toHaveLength(DOCUMENTED_OPERATION_IDS.length);
    for (const op of productOps)
      expect(fixture.paths[op.path], `${op.method} ${op.path}`).toEqual(product.paths[op.path]);
  });

  test("adds operations to the interface document's eight", () => {
    const documented = ops.filter((op) => DOCUMENTED_OPERATION_IDS.includes(op.id));
    expect(documented.map((op) => op.id).sort()).toEqual([...DOCUMENTED_OPERATION_IDS].sort());
    expect(ops.length).toBeGreaterThan(documented.length);
  });

  test.each(shapes)("has %s", (_name, has) => {
    expect(ops.filter(has).map((op) => op.id)).not.toEqual([]);
  });

  test("every operation says whether it is safe to retry and what it does besides answering", () => {
    for (const op of ops) {
      expect(typeof op.raw["x-safe-to-retry"], op.id).toBe("boolean");
      expect(Object.keys(SIDE_EFFECTS), op.id).toContain(op.raw["x-side-effect"]);
    }
  });

  test("every JSON and text body, sent or answered, has a named example", () => {
    const missing = ops.flatMap((op) =>
      [
        ...media(op.body).map(([type, m]) => [`${op.id} request ${type}`, m] as const),
        ...op.responses
          .filter(([status]) => is2xx(status))
          .flatMap(([status, r]) =>
            media(r).map(([type, m]) => [`${op.id} ${status} ${type}`, m] as const),
          ),
      ]
        .filter(([where]) => /json|text\/|form/.test(where))
        .filter(([, m]) => Object.keys(m.examples ?? {}).length === 0)
        .map(([where]) => where),
    );
    expect(missing).toEqual([]);
  });
});
