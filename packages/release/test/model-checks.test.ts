// The spec-model checks alone (no optic): bounds and enums, in both directions, on small documents and the bundle.
import { loadBundle } from "@merchant-payments/spec";
import type { Json } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { modelBreakingChanges } from "../src/model-checks.js";

/** A one-operation document whose request and 200 response bodies are the given schemas. */
function api(request: Json, response: Json, components: Json = {}): Json {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": {
        post: {
          operationId: "postThing",
          requestBody: { content: { "application/json": { schema: request } } },
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: response } } },
          },
        },
      },
    },
    components: { schemas: components },
  };
}

const obj = (properties: Json) => ({ type: "object", properties });
const open = (values: string[]) => ({
  anyOf: [{ type: "string", enum: values }, { type: "string" }],
});

describe("request bodies", () => {
  test("a lowered maximum, maxLength or maxItems is a narrowed bound", () => {
    const before = api(
      obj({
        n: { type: "integer", maximum: 10 },
        s: { type: "string", maxLength: 5 },
        a: { type: "array", items: { type: "string" }, maxItems: 3 },
      }),
      obj({}),
    );
    const after = api(
      obj({
        n: { type: "integer", maximum: 9 },
        s: { type: "string", maxLength: 4 },
        a: { type: "array", items: { type: "string" }, maxItems: 2 },
      }),
      obj({}),
    );
    const findings = modelBreakingChanges(before, after);
    expect(findings.map((f) => [f.rule, f.path, f.message.split(":")[0]])).toEqual([
      ["narrowed request bound", "POST /things request body n", "maximum 10 → 9"],
      ["narrowed request bound", "POST /things request body s", "maxLength 5 → 4"],
      ["narrowed request bound", "POST /things request body a", "maxItems 3 → 2"],
    ]);
  });

  test("a raised minimum and a new bound are narrowed bounds; a raised maximum is not", () => {
    const before = api(
      obj({ n: { type: "integer", minimum: 1, maximum: 5 }, s: { type: "string" } }),
      obj({}),
    );
    const after = api(
      obj({ n: { type: "integer", minimum: 2, maximum: 6 }, s: { type: "string", minLength: 1 } }),
      obj({}),
    );
    expect(modelBreakingChanges(before, after).map((f) => f.message.split(":")[0])).toEqual([
      "minimum 1 → 2",
      "minLength (none) → 1",
    ]);
  });

  test("bounds are followed through $refs and nested objects and array items", () => {
    const components = (max: number) => ({ Amount: { type: "number", maximum: max } });
    const body = obj({
      items: { type: "array", items: obj({ amount: { $ref: "#/components/schemas/Amount" } }) },
    });
    const findings = modelBreakingChanges(
      api(body, obj({}), components(100)),
      api(body, obj({}), components(50)),
    );
    expect(findings.map((f) => f.path)).toEqual(["POST /things request body items[].amount"]);
  });

  test("an open enum closed to its known values is breaking; a known value added is not", () => {
    const before = api(obj({ kind: open(["A", "B"]) }), obj({}));
    expect(
      modelBreakingChanges(
        before,
        api(obj({ kind: { type: "string", enum: ["A", "B"] } }), obj({})),
      ),
    ).toEqual([
      expect.objectContaining({
        rule: "open request enum closed",
        path: "POST /things request body kind",
      }),
    ]);
    expect(
      modelBreakingChanges(before, api(obj({ kind: open(["A", "B", "C"]) }), obj({}))),
    ).toEqual([]);
  });

  test("a value removed from a closed enum is breaking", () => {
    const before = api(obj({ kind: { enum: ["A", "B"] } }), obj({}));
    const after = api(obj({ kind: { enum: ["A"] } }), obj({}));
    expect(modelBreakingChanges(before, after)).toEqual([
      expect.objectContaining({
        rule: "request enum value removed",
        message: 'no longer accepts "B"',
      }),
    ]);
  });

  test("a header's bound is checked like a body field's", () => {
    const withHeader = (max: number) => {
      const doc = api(obj({}), obj({}));
      doc.paths["/things"].post.parameters = [
        { name: "X-Count", in: "header", schema: { type: "integer", maximum: max } },
      ];
      return doc;
    };
    expect(modelBreakingChanges(withHeader(10), withHeader(5)).map((f) => f.path)).toEqual([
      "POST /things request header X-Count",
    ]);
  });
});

describe("response bodies", () => {
  test("a narrowed bound is harmless; a widened or removed bound is breaking", () => {
    const before = api(
      obj({}),
      obj({ n: { type: "integer", maximum: 10 }, s: { type: "string", maxLength: 3 } }),
    );
    const after = api(obj({}), obj({ n: { type: "integer", maximum: 5 }, s: { type: "string" } }));
    expect(modelBreakingChanges(before, after)).toEqual([
      expect.objectContaining({
        rule: "widened response bound",
        path: "POST /things response 200 application/json body s",
      }),
    ]);
  });

  test("a closed enum opened, or given a new value, is breaking; an open enum closed is not", () => {
    const closed = api(obj({}), obj({ status: { type: "string", enum: ["S", "F"] } }));
    expect(
      modelBreakingChanges(closed, api(obj({}), obj({ status: open(["S", "F"]) }))).map(
        (f) => f.rule,
      ),
    ).toEqual(["closed response enum opened"]);
    expect(
      modelBreakingChanges(
        closed,
        api(obj({}), obj({ status: { type: "string", enum: ["S", "F", "P"] } })),
      ),
    ).toEqual([
      expect.objectContaining({
        rule: "response enum value added",
        message: 'may now answer "P"',
      }),
    ]);
    expect(modelBreakingChanges(api(obj({}), obj({ status: open(["S"]) })), closed)).toEqual([]);
  });
});

test("the bundle has no breaking change against itself", () => {
  expect(modelBreakingChanges(loadBundle(), structuredClone(loadBundle()))).toEqual([]);
});

test("a recursive schema is compared without looping", () => {
  const node = {
    type: "object",
    properties: {
      child: { $ref: "#/components/schemas/Node" },
      n: { type: "integer", maximum: 3 },
    },
  };
  const after = structuredClone(node);
  after.properties.n.maximum = 2;
  const findings = modelBreakingChanges(
    api({ $ref: "#/components/schemas/Node" }, obj({}), { Node: node }),
    api({ $ref: "#/components/schemas/Node" }, obj({}), { Node: after }),
  );
  expect(findings.map((f) => f.path)).toEqual(["POST /things request body n"]);
});

describe("unions that are not enums", () => {
  const message = { type: "object", properties: { message: { type: "string" } } };
  test("a branch added to a response oneOf is breaking; a branch removed is not", () => {
    const before = api(obj({}), { oneOf: [message, { type: "string" }] });
    const wider = api(obj({}), {
      oneOf: [message, { type: "string" }, { type: "number", title: "n" }],
    });
    expect(modelBreakingChanges(before, wider)).toEqual([
      expect.objectContaining({
        rule: "response union branch added",
        message: 'may now answer {"type":"number"}',
      }),
    ]);
    expect(modelBreakingChanges(before, api(obj({}), { oneOf: [message] }))).toEqual([]);
  });

  test("a branch removed from a request anyOf is breaking; a branch added is not", () => {
    const before = api(obj({ id: { anyOf: [{ type: "string" }, { type: "integer" }] } }), obj({}));
    expect(
      modelBreakingChanges(before, api(obj({ id: { anyOf: [{ type: "string" }] } }), obj({}))),
    ).toEqual([
      expect.objectContaining({
        rule: "request union branch removed",
        message: 'no longer accepts {"type":"integer"}',
      }),
    ]);
    expect(
      modelBreakingChanges(
        before,
        api(
          obj({ id: { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] } }),
          obj({}),
        ),
      ),
    ).toEqual([]);
  });

  test("reworded branch descriptions and titles are not a change", () => {
    const before = api(obj({}), {
      oneOf: [
        { ...message, description: "a" },
        { type: "string", title: "t" },
      ],
    });
    const after = api(obj({}), {
      oneOf: [
        { ...message, description: "b" },
        { type: "string", title: "u" },
      ],
    });
    expect(modelBreakingChanges(before, after)).toEqual([]);
  });
});

test("a union branch keeps its fields named like annotations, and a recursive branch is compared without looping", () => {
  const tree = {
    type: "object",
    properties: { description: { type: "string" }, child: { $ref: "#/components/schemas/Tree" } },
  };
  const before = api(
    obj({}),
    { oneOf: [{ $ref: "#/components/schemas/Tree" }, { type: "string" }] },
    { Tree: tree },
  );
  const renamed = structuredClone(tree) as { properties: Record<string, unknown> };
  renamed.properties = { title: { type: "string" }, child: { $ref: "#/components/schemas/Tree" } };
  const after = api(
    obj({}),
    { oneOf: [{ $ref: "#/components/schemas/Tree" }, { type: "string" }] },
    { Tree: renamed },
  );
  // The Tree branch now has a field `title` instead of `description`: a branch the released spec did not have.
  expect(modelBreakingChanges(before, after).map((f) => f.rule)).toContain(
    "response union branch added",
  );
});
