import { createAjv } from "@merchant-payments/spec/model";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { invalidArbitrary, mutationsOf, validArbitrary } from "../src/index.js";

const document = {
  components: {
    schemas: {
      Body: {
        type: "object",
        required: ["a"],
        properties: {
          a: { type: "integer", minimum: 1, maximum: 5 },
          list: { type: "array", maxItems: 3, items: { $ref: "#/components/schemas/Item" } },
        },
      },
      Item: {
        type: "object",
        required: ["x"],
        properties: { x: { type: "string", format: "date" } },
      },
      Strings: {
        type: "object",
        required: ["code", "id", "name", "link", "path", "tags", "amount"],
        properties: {
          code: { type: "string", pattern: "^[A-Z]{3}$" },
          id: { type: "string", format: "uuid" },
          name: { type: "string", minLength: 2, maxLength: 5 },
          link: { type: "string", format: "uri" },
          path: { type: "string", format: "uri-reference" },
          tags: {
            type: "array",
            maxItems: 3,
            uniqueItems: true,
            items: { type: "string", enum: ["a", "b", "c"] },
          },
          amount: { type: "number", minimum: 0, maximum: 10 },
        },
      },
      Tree: {
        type: "object",
        properties: { children: { type: "array", items: { $ref: "#/components/schemas/Tree" } } },
      },
    },
  },
};
const body = { $ref: "#/components/schemas/Body" };

describe("the value generators of @merchant-payments/kit", () => {
  test("mutationsOf breaks one place at a time, down to the first item of each array the value has", () => {
    const descriptions = mutationsOf(document, body, { a: 2, list: [{ x: "2024-01-01" }] }).map(
      (m) => m.description,
    );
    expect(descriptions).toEqual(
      expect.arrayContaining([
        "(body): without required a",
        "a: below minimum",
        "a: above maximum",
        "a: not an integer",
        "list: a string instead",
        "list.0: without required x",
        "list.0.x: breaks format date",
      ]),
    );
    const none = mutationsOf(document, body, { a: 2, list: [] }).map((m) => m.description);
    expect(none.some((d) => d.startsWith("list.0"))).toBe(false);
  });

  test("every mutation is invalid and every generated valid value is valid (Ajv 2020-12)", () => {
    const ajv = createAjv(document);
    const validate = ajv.compileAt("/components/schemas/Body");
    fc.assert(
      fc.property(validArbitrary(document, body), (value) => validate(value) === true),
      { numRuns: 50, seed: 21 },
    );
    fc.assert(
      fc.property(invalidArbitrary(document, body), (m) => validate(m.value) === false),
      { numRuns: 50, seed: 21 },
    );
  });

  test("strings honour pattern, format (uuid, uri, uri-reference) and lengths; arrays uniqueItems; each broken alone", () => {
    const strings = { $ref: "#/components/schemas/Strings" };
    const validate = createAjv(document).compileAt("/components/schemas/Strings");
    fc.assert(
      fc.property(validArbitrary(document, strings), (value) => validate(value) === true),
      { numRuns: 50, seed: 21 },
    );
    const value = fc.sample(validArbitrary(document, strings), { seed: 3, numRuns: 1 })[0];
    const mutations = mutationsOf(document, strings, value);
    expect(mutations.map((m) => m.description)).toEqual(
      expect.arrayContaining([
        "code: breaks pattern ^[A-Z]{3}$",
        "id: breaks format uuid",
        "name: longer than maxLength 5",
        "name: shorter than minLength 2",
        "link: breaks format uri",
        "amount: below minimum",
        "amount: above maximum",
      ]),
    );
    for (const m of mutations) expect(validate(m.value), m.description).toBe(false);
  });

  test("a discriminated union always carries its discriminator, with a value of the branch generated", () => {
    const union = {
      components: {
        schemas: {
          Body: {
            oneOf: [{ $ref: "#/components/schemas/Planet" }, { $ref: "#/components/schemas/Moon" }],
            discriminator: {
              propertyName: "type",
              mapping: { rocky: "#/components/schemas/Planet", moon: "#/components/schemas/Moon" },
            },
          },
          // The property is optional in each branch, as in documents written elsewhere.
          Planet: {
            type: "object",
            additionalProperties: false,
            properties: { type: { enum: ["rocky", "gas"] }, mass: { type: "number" } },
          },
          Moon: {
            type: "object",
            additionalProperties: false,
            required: ["orbits"],
            properties: { type: { const: "moon" }, orbits: { type: "string" } },
          },
        },
      },
    };
    const validate = (value: unknown) =>
      createAjv(union).issuesAt("/components/schemas/Body", value).length === 0;
    const seen = new Set<unknown>();
    fc.assert(
      fc.property(validArbitrary(union, { $ref: "#/components/schemas/Body" }), (value) => {
        const { type } = value as { type?: unknown };
        seen.add(type);
        return (
          validate(value) && (type === "rocky" ? !("orbits" in (value as object)) : type === "moon")
        );
      }),
      { numRuns: 50, seed: 5 },
    );
    expect([...seen].sort()).toEqual(["moon", "rocky"]);
  });

  test("a recursive schema ends", () => {
    const tree = { $ref: "#/components/schemas/Tree" };
    expect(mutationsOf(document, tree, { children: [{ children: [] }] }).length).toBeGreaterThan(0);
    fc.assert(
      fc.property(validArbitrary(document, tree), () => true),
      { numRuns: 10, seed: 21 },
    );
  });
});
