// Static resolution of $dynamicRef/$dynamicAnchor and $id (src/dynamic-refs.ts), on documents shaped like the
// generic types of real documents (Scalar Galaxy's `PaginatedResource<T>`).
import { describe, expect, test } from "vitest";
import { createAjv, type Json, resolveDynamicReferences, SpecModelError } from "../src/portable.js";

/** A template bound once per media type (the same item), once to another item, and a recursive template. */
function galaxyLike(): Json {
  const bound = (id: string, item: string) => ({
    $id: `https://example.test/schemas/${id}`,
    $defs: { itemType: { $dynamicAnchor: "itemType", $ref: `#/components/schemas/${item}` } },
    $ref: "#/components/schemas/PaginatedResource",
  });
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/planets": {
        get: {
          operationId: "listPlanets",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": { schema: bound("Planets", "Planet") },
                "application/xml": {
                  schema: { ...bound("PlanetsXml", "Planet"), xml: { name: "planets" } },
                },
              },
            },
          },
        },
      },
      "/moons": {
        get: {
          operationId: "listMoons",
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: bound("Moons", "Moon") } },
            },
          },
        },
      },
      "/trees": {
        get: {
          operationId: "tree",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    $defs: { leaf: { $dynamicAnchor: "leaf", type: "integer" } },
                    $ref: "#/components/schemas/Tree",
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Planet: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
        Moon: { type: "object", required: ["orbits"], properties: { orbits: { type: "string" } } },
        PaginatedResource: {
          $id: "https://example.test/schemas/PaginatedResource",
          $defs: { itemType: { $dynamicAnchor: "itemType", not: {} } },
          type: "object",
          properties: { data: { type: "array", items: { $dynamicRef: "#itemType" } } },
        },
        Tree: {
          $defs: { leaf: { $dynamicAnchor: "leaf", type: "string" } },
          type: "object",
          properties: {
            value: { $dynamicRef: "#leaf" },
            children: { type: "array", items: { $ref: "#/components/schemas/Tree" } },
          },
        },
      },
    },
  };
}

const responseSchema = (path: string, media = "application/json") =>
  `/paths/${path.replaceAll("/", "~1")}/get/responses/200/content/${media.replace("/", "~1")}/schema`;

describe("resolveDynamicReferences", () => {
  const input = galaxyLike();
  const before = JSON.stringify(input);
  const { document, specialized } = resolveDynamicReferences(input);

  test("leaves no $dynamicRef, $dynamicAnchor or $id, and does not change its input", () => {
    expect(JSON.stringify(document)).not.toMatch(/"\$dynamicRef"|"\$dynamicAnchor"|"\$id"/);
    expect(JSON.stringify(input)).toBe(before);
  });

  test("a binding schema refers to the template specialized for its binding, one component per binding", () => {
    expect(specialized).toEqual([
      "PaginatedResourceOfPlanet",
      "PaginatedResourceOfMoon",
      "TreeOfLeaf",
    ]);
    const planets = document.paths["/planets"].get.responses["200"].content;
    expect(planets["application/json"].schema.$ref).toBe(
      "#/components/schemas/PaginatedResourceOfPlanet",
    );
    expect(planets["application/xml"].schema.$ref).toBe(
      "#/components/schemas/PaginatedResourceOfPlanet",
    );
    expect(planets["application/xml"].schema.xml).toEqual({ name: "planets" });
    const ofPlanet = document.components.schemas.PaginatedResourceOfPlanet;
    expect(ofPlanet["x-specialized-from"]).toBe("#/components/schemas/PaginatedResource");
    expect(ofPlanet.properties.data.items).toEqual({ $ref: "#/components/schemas/Planet" });
    const ofMoon = document.components.schemas.PaginatedResourceOfMoon;
    expect(ofMoon.properties.data.items).toEqual({ $ref: "#/components/schemas/Moon" });
  });

  test("the template alone resolves to its own anchor", () => {
    expect(document.components.schemas.PaginatedResource.properties.data.items).toEqual({
      $ref: "#/components/schemas/PaginatedResource/$defs/itemType",
    });
  });

  test("a recursive template is specialized once, its recursion pointing to the specialized copy", () => {
    const tree = document.components.schemas.TreeOfLeaf;
    expect(tree.properties.children.items).toEqual({ $ref: "#/components/schemas/TreeOfLeaf" });
    expect(tree.properties.value.$ref).toBe(`#${responseSchema("/trees")}/$defs/leaf`);
  });

  test("validates as the dynamic scope says: the bound item, nothing for the unbound template", () => {
    const ajv = createAjv(document);
    const planet = { name: "Mars" };
    expect(ajv.issuesAt(responseSchema("/planets"), { data: [planet] })).toEqual([]);
    expect(ajv.issuesAt(responseSchema("/planets", "application/xml"), { data: [planet] })).toEqual(
      [],
    );
    expect(ajv.issuesAt(responseSchema("/planets"), { data: [{ orbits: "Mars" }] })).not.toEqual(
      [],
    );
    expect(ajv.issuesAt(responseSchema("/moons"), { data: [{ orbits: "Mars" }] })).toEqual([]);
    expect(ajv.issuesAt("/components/schemas/PaginatedResource", { data: [] })).toEqual([]);
    expect(ajv.issuesAt("/components/schemas/PaginatedResource", { data: [planet] })).not.toEqual(
      [],
    );
    const tree = { value: 1, children: [{ value: 2, children: [] }] };
    expect(ajv.issuesAt(responseSchema("/trees"), tree)).toEqual([]);
    expect(
      ajv.issuesAt(responseSchema("/trees"), { value: 1, children: [{ value: "x" }] }),
    ).not.toEqual([]);
    expect(
      ajv.issuesAt("/components/schemas/Tree", { value: "x", children: [{ value: "y" }] }),
    ).toEqual([]);
  });

  test("a document without dynamic references or $id is returned as it is", () => {
    const plain = { openapi: "3.1.0", components: { schemas: { A: { type: "string" } } } };
    expect(resolveDynamicReferences(plain)).toEqual({ document: plain, specialized: [] });
    expect(resolveDynamicReferences(plain).document).toBe(plain);
  });

  test("a property named $id is a property, not a keyword", () => {
    const doc = {
      components: {
        schemas: { A: { $id: "https://x.test/a", properties: { $id: { type: "string" } } } },
      },
    };
    expect(resolveDynamicReferences(doc).document.components.schemas.A).toEqual({
      properties: { $id: { type: "string" } },
    });
  });

  test("a document with a URI reference keeps its $id, which that reference needs", () => {
    const doc = {
      components: {
        schemas: {
          A: { $id: "https://x.test/schemas/a", properties: { b: { $ref: "b" } } },
          B: { $id: "https://x.test/schemas/b", type: "string" },
        },
      },
    };
    expect(resolveDynamicReferences(doc).document).toBe(doc);
  });

  test("a $dynamicRef no anchor binds is refused at its pointer", () => {
    const doc = { components: { schemas: { A: { items: { $dynamicRef: "#missing" } } } } };
    const refusal = (() => {
      try {
        resolveDynamicReferences(doc);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(SpecModelError);
    expect((refusal as SpecModelError).pointer).toBe("/components/schemas/A/items");
    expect((refusal as Error).message).toContain('no $dynamicAnchor "missing" in scope');
  });
});
