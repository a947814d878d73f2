import { describe, expect, test } from "vitest";
import { walkSchema as walkFromModelEntry } from "../src/portable.js";
import { type SchemaVisit, schemaChildren, walkSchema } from "../src/walk.js";

/** A document with a recursive schema (a tree), a shared component and every sub-schema keyword. */
const document = {
  components: {
    schemas: {
      Node: {
        type: "object",
        properties: {
          name: { $ref: "#/components/schemas/Name" },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
      Name: { type: "string" },
      Everything: {
        properties: { a: { type: "string" } },
        items: { type: "integer" },
        prefixItems: [{ type: "boolean" }],
        additionalProperties: { type: "number" },
        allOf: [{ minProperties: 1 }],
        anyOf: [{ $ref: "#/components/schemas/Name" }],
        oneOf: [{ type: "null" }],
      },
    },
  },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function visits(node: unknown, options = {}): SchemaVisit[] {
  const out: SchemaVisit[] = [];
  walkSchema(document, node, (visit) => void out.push(visit), options);
  return out;
}

describe("walkSchema, the one schema walker", () => {
  test("is the model entry's walker", () => {
    expect(walkFromModelEntry).toBe(walkSchema);
  });

  test("visits every sub-schema keyword in order, with the data path of each", () => {
    const paths = visits(ref("Everything")).map((v) => [
      v.via?.keyword ?? "root",
      v.path.join("."),
    ]);
    expect(paths).toEqual([
      ["root", ""],
      ["properties", "a"],
      ["items", "*"],
      ["prefixItems", "0"],
      ["additionalProperties", "{}"],
      ["allOf", ""],
      ["anyOf", ""],
      ["oneOf", ""],
    ]);
  });

  test("ends on a recursive schema: the schema is not entered below itself, onCycle is told where", () => {
    const cycles: string[] = [];
    const seen = visits(ref("Node"), {
      onCycle: (v: SchemaVisit) => cycles.push(v.path.join(".")),
    });
    expect(seen.map((v) => v.path.join("."))).toEqual(["", "name", "children"]);
    expect(cycles).toEqual(["children.*"]);
  });

  test("follows $refs and gives the node as written beside the schema", () => {
    const name = visits(ref("Node")).find((v) => v.path.join(".") === "name");
    expect(name?.node).toEqual(ref("Name"));
    expect(name?.schema).toBe(document.components.schemas.Name);
  });

  test("visits a schema reached twice once per path, or once in all with `once`", () => {
    const root = { properties: { a: ref("Name"), b: ref("Name") } };
    expect(visits(root).filter((v) => v.schema === document.components.schemas.Name)).toHaveLength(
      2,
    );
    expect(
      visits(root, { once: true }).filter((v) => v.schema === document.components.schemas.Name),
    ).toHaveLength(1);
  });

  test("follows only the keywords asked for, and skips what the visitor refuses", () => {
    expect(visits(ref("Everything"), { keywords: ["anyOf", "oneOf"] })).toHaveLength(3);
    const out: string[] = [];
    walkSchema(document, ref("Node"), (v) => {
      out.push(v.path.join("."));
      return v.path.length === 0;
    });
    expect(out).toEqual(["", "name", "children"]);
  });

  test("schemaChildren lists a schema's sub-schemas with their keys; a boolean map is none", () => {
    expect(
      schemaChildren({ properties: { x: {} }, oneOf: [{}, {}], additionalProperties: false }).map(
        (e) => [e.keyword, e.key],
      ),
    ).toEqual([
      ["properties", "x"],
      ["oneOf", 0],
      ["oneOf", 1],
    ]);
  });
});
