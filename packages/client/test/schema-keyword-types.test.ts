// The readable types of the JSON Schema 2020-12 keywords a TypeScript type can state only in part: each gets the
// sound type (a superset of the valid values): a tuple for prefixItems, an index signature for patternProperties and
// unevaluatedProperties, the other keywords' type for not, if/then/else, dependent*, propertyNames and contains, an
// intersection for a $ref with sibling keywords. And the generator's keyword table: every keyword has one role.
import { describe, expect, test } from "vitest";
import { SCHEMA_KEYWORDS } from "../scripts/lib/schema-keywords.js";
import { typeEmitter } from "../scripts/lib/type-codegen.js";

const document = {
  components: {
    schemas: {
      Pair: {
        type: "object",
        required: ["kind"],
        properties: { kind: { const: "pair" } },
      },
    },
  },
};
/** The answer type of `schema`. */
const typeOf = (schema: object): string => typeEmitter(document).typeOf(schema, "out");

describe("the type of each keyword is sound", () => {
  test("a string's format: binary is binary content, as a non-JSON contentMediaType is", () => {
    const binary = { type: "string", format: "binary" };
    expect(typeEmitter(document).typeOf(binary, "in")).toBe("Blob | Uint8Array | string");
    expect(typeOf(binary)).toBe("Blob");
    expect(typeOf({ type: "string", format: "byte" })).toBe("string");
  });

  test("const is its literal", () => {
    expect(typeOf({ const: "pair" })).toBe('"pair"');
  });

  test("prefixItems is a tuple of optional positions, then items' type or unknown, none when items is false", () => {
    expect(typeOf({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }] })).toBe(
      "[string?, number?, ...unknown[]]",
    );
    expect(
      typeOf({ type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } }),
    ).toBe("[string?, ...(boolean)[]]");
    expect(typeOf({ type: "array", prefixItems: [{ type: "string" }], items: false })).toBe(
      "[string?]",
    );
  });

  test("patternProperties and unevaluatedProperties open the object to any key; false keeps it closed", () => {
    const open = typeOf({
      type: "object",
      properties: { a: { type: "string" } },
      patternProperties: { "^x-": { type: "string" } },
    });
    expect(open).toContain("[key: string]: unknown;");
    expect(
      typeOf({ type: "object", properties: { a: { type: "string" } }, unevaluatedProperties: {} }),
    ).toContain("[key: string]: unknown;");
    expect(
      typeOf({
        type: "object",
        properties: { a: { type: "string" } },
        unevaluatedProperties: false,
      }),
    ).not.toContain("[key: string]");
  });

  test("a typed additionalProperties beside declared members: the index signature admits every member's type", () => {
    const number = { type: "number" };
    expect(
      typeOf({
        type: "object",
        properties: { a: number },
        required: ["a"],
        additionalProperties: number,
      }),
    ).toContain("[key: string]: number;");
    expect(
      typeOf({ type: "object", properties: { a: number }, additionalProperties: number }),
    ).toContain("[key: string]: number | undefined;");
    expect(
      typeOf({
        type: "object",
        properties: { a: { type: "string" } },
        additionalProperties: number,
      }),
    ).toContain("[key: string]: number | string | undefined;");
    // A member written over several lines (an object): any value.
    const nested = { type: "object", properties: { min: number } };
    expect(
      typeOf({ type: "object", properties: { t: nested }, additionalProperties: number }),
    ).toContain("[key: string]: unknown;");
  });

  test("not, if/then/else, dependentRequired, dependentSchemas, propertyNames and contains keep the other keywords' type", () => {
    const base = { type: "object", properties: { a: { type: "string" } } };
    const plain = typeOf(base);
    for (const extra of [
      { not: { required: ["b"] } },
      JSON.parse('{ "if": { "required": ["a"] }, "then": { "required": ["b"] }, "else": {} }'),
      { dependentRequired: { a: ["b"] } },
      { dependentSchemas: { a: { required: ["b"] } } },
      { propertyNames: { pattern: "^[a-z]+$" } },
    ])
      expect(typeOf({ ...base, ...extra })).toBe(plain);
    expect(typeOf({ type: "array", items: { type: "string" }, contains: { const: "x" } })).toBe(
      "string[]",
    );
  });

  test("$defs reached by a $ref is typed where used; a $ref with sibling keywords is the intersection", () => {
    const withDefs = {
      components: {
        schemas: {
          Holder: { $defs: { Id: { type: "string" } }, type: "object", properties: {} },
        },
      },
    };
    expect(
      typeEmitter(withDefs).typeOf({ $ref: "#/components/schemas/Holder/$defs/Id" }, "out"),
    ).toBe("string");
    expect(
      typeOf({
        $ref: "#/components/schemas/Pair",
        description: "only an annotation beside it",
      }),
    ).toBe("Pair");
    expect(
      typeOf({
        $ref: "#/components/schemas/Pair",
        type: "object",
        properties: { extra: { type: "number" } },
      }),
    ).toMatch(/^Pair & \{\n\s+extra\?: number;\n\}$/);
  });
});

describe("the generator's keyword table", () => {
  test("every keyword is typed, checked at run time, or an annotation", () => {
    for (const [keyword, row] of Object.entries(SCHEMA_KEYWORDS)) {
      expect(["type", "check", "annotation"], keyword).toContain(row.role);
      if (row.role !== "annotation") expect(row.how.length, keyword).toBeGreaterThan(0);
    }
  });

  test("the annotations the issue names are annotations", () => {
    const roles = SCHEMA_KEYWORDS as Record<string, { role: string }>;
    for (const keyword of [
      "xml",
      "example",
      "examples",
      "externalDocs",
      "deprecated",
      "contentEncoding",
      "$comment",
      "title",
      "readOnly",
      "writeOnly",
    ])
      expect(roles[keyword]?.role, keyword).toBe("annotation");
  });
});
