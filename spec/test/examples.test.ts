// The one example reading (src/examples.ts): a media type's `examples`, else its `example`, else its schema's
// `examples`/`example`; a parameter's and a header's the same way; each entry named, with its source and pointer.
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadBundle } from "../src/index.js";
import { loadDocument } from "../src/load-document.js";
import {
  createAjv,
  type Json,
  type NamedExample,
  operation,
  operations,
  resolvePointer,
  webhook,
  webhooks,
  withModelExamples,
} from "../src/portable.js";

const museum: Json = loadDocument(
  fileURLToPath(new URL("../fixtures/webhooks/openapi.yaml", import.meta.url)),
);

/** A one-operation document whose JSON body media type is `media`, with `components`. */
function withBody(media: Json, components: Json = {}): Json {
  return {
    openapi: "3.1.0",
    paths: {
      "/things": {
        post: {
          operationId: "createThing",
          requestBody: { content: { "application/json": media } },
          responses: { "204": { description: "done" } },
        },
      },
    },
    components,
  };
}

describe("media type examples", () => {
  test("a lone `example` is one entry named example, pointing at it", () => {
    const op = operation(museum, "createSpecialEvent");
    expect(op.request?.examples).toHaveLength(1);
    const [only] = op.request?.examples ?? [];
    expect(only).toMatchObject({ name: "example", source: "example" });
    expect(only?.value).toMatchObject({ name: "Mermaid Treasure Identification and Analysis" });
    expect(resolvePointer(museum, only?.pointer ?? "")).toEqual(only?.value);
    const answer = op.responses.find((r) => r.status === "201")?.content[0];
    expect(answer?.examples.map((e) => e.name)).toEqual(["example"]);
  });

  test("a schema's `examples` list is read when the media type has none, each entry numbered", () => {
    const op = operation(museum, "listSpecialEvents");
    const examples = op.responses[0]?.content[0]?.examples ?? [];
    expect(examples.map((e) => [e.name, e.source])).toEqual([["schema example 1", "schema"]]);
    expect(examples[0]?.pointer).toBe("/components/schemas/SpecialEventCollection/examples/0");
    expect(examples[0]?.value).toHaveLength(2);
  });

  test("named `examples` are read in document order, a $ref followed, the pointer at the component's value", () => {
    const op = operation(museum, "getSpecialEvent");
    const [named] = op.responses[0]?.content[0]?.examples ?? [];
    expect(named).toMatchObject({
      name: "default_example",
      summary: "Get special event",
      source: "examples",
      pointer: "/components/examples/GetSpecialEventResponseExample/value",
    });
    expect(named?.value).toMatchObject({ name: "Time Traveler Tea Party" });
  });

  test("named `examples` win over `example` and the schema's; they are never mixed", () => {
    const op = operation(
      withBody({
        schema: { type: "object", examples: [{ from: "schema" }] },
        example: { from: "example" },
        examples: { first: { value: { from: "first" } }, second: { value: { from: "second" } } },
      }),
      "createThing",
    );
    expect(op.request?.examples.map((e) => e.name)).toEqual(["first", "second"]);
  });

  test("`example` wins over the schema's examples", () => {
    const op = operation(
      withBody({ schema: { type: "object", examples: [{ a: 1 }] }, example: { a: 2 } }),
      "createThing",
    );
    expect(op.request?.examples.map((e) => e.value)).toEqual([{ a: 2 }]);
  });

  test("an Example Object with only `externalValue` gives no entry, so the next source is read", () => {
    const op = operation(
      withBody({
        schema: { type: "object" },
        examples: { remote: { externalValue: "https://example.test/a.json" } },
        example: { a: 3 },
      }),
      "createThing",
    );
    expect(op.request?.examples.map((e) => [e.name, e.value])).toEqual([["example", { a: 3 }]]);
  });

  test("a schema's deprecated `example` is the last source, through a $ref", () => {
    const op = operation(
      withBody(
        { schema: { $ref: "#/components/schemas/Thing" } },
        {
          schemas: { Thing: { type: "object", example: { a: 4 } } },
        },
      ),
      "createThing",
    );
    expect(op.request?.examples).toEqual([
      {
        name: "schema example",
        value: { a: 4 },
        source: "schema",
        pointer: "/components/schemas/Thing/example",
      },
    ]);
  });

  test("an object schema whose properties have examples gets one composed from them, the last source", () => {
    const planet = {
      type: "object",
      required: ["name", "physical"],
      properties: {
        id: { type: "integer", examples: [1] },
        name: { type: "string", examples: ["Mars", "Venus"] },
        kind: { type: "string", const: "planet" },
        physical: {
          type: "object",
          properties: { mass: { type: "number", example: 0.107 }, radius: { type: "number" } },
        },
        moons: { type: "array", items: { type: "string" } },
      },
    };
    const op = operation(
      withBody(
        { schema: { $ref: "#/components/schemas/Planet" } },
        { schemas: { Planet: planet } },
      ),
      "createThing",
    );
    expect(op.request?.examples).toEqual([
      {
        name: "composed example",
        value: { id: 1, name: "Mars", kind: "planet", physical: { mass: 0.107 } },
        source: "composed",
        pointer: "/components/schemas/Planet",
      },
    ]);
    // The properties of allOf branches count; a required property without any example composes nothing.
    const wrapped = {
      allOf: [
        { $ref: "#/components/schemas/Planet" },
        { properties: { tag: { examples: ["x"] } } },
      ],
    };
    const both = operation(
      withBody({ schema: wrapped }, { schemas: { Planet: planet } }),
      "createThing",
    );
    expect(both.request?.examples[0]?.value).toMatchObject({ name: "Mars", tag: "x" });
    const missing = { ...planet, required: ["name", "moons"] };
    expect(operation(withBody({ schema: missing }), "createThing").request?.examples).toEqual([]);
  });

  test("a discriminated oneOf gets its first composable branch, with the discriminator naming it", () => {
    const schemas = {
      Rock: { type: "object", properties: { kind: { type: "string" }, mass: { examples: [3] } } },
      Ice: { type: "object", properties: { kind: { type: "string" }, frozen: { const: true } } },
      Body: {
        oneOf: [{ $ref: "#/components/schemas/Rock" }, { $ref: "#/components/schemas/Ice" }],
        discriminator: { propertyName: "kind", mapping: { rock: "#/components/schemas/Rock" } },
      },
    };
    const op = operation(
      withBody({ schema: { $ref: "#/components/schemas/Body" } }, { schemas }),
      "createThing",
    );
    expect(op.request?.examples.map((e) => e.value)).toEqual([{ mass: 3, kind: "rock" }]);
  });

  test("an array property is composed as one item: the items' own example, else one composed", () => {
    const schema = {
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string", examples: ["rocky"] } },
        moons: {
          type: "array",
          items: { type: "object", properties: { name: { type: "string", examples: ["Phobos"] } } },
        },
        rings: {
          type: "array",
          items: { type: "object", properties: { width: { type: "number" } } },
        },
      },
    };
    const op = operation(withBody({ schema }), "createThing");
    expect(op.request?.examples.map((e) => e.value)).toEqual([
      { tags: ["rocky"], moons: [{ name: "Phobos" }] },
    ]);
  });

  test("a schema met again inside itself composes nothing there: the example is finite", () => {
    const schemas = {
      Planet: {
        type: "object",
        properties: {
          name: { type: "string", examples: ["Mars"] },
          satellites: { type: "array", items: { $ref: "#/components/schemas/Moon" } },
        },
      },
      Moon: {
        type: "object",
        properties: {
          name: { type: "string", examples: ["Phobos"] },
          planet: { $ref: "#/components/schemas/Planet" },
        },
      },
    };
    const op = operation(
      withBody({ schema: { $ref: "#/components/schemas/Planet" } }, { schemas }),
      "createThing",
    );
    expect(op.request?.examples.map((e) => e.value)).toEqual([
      { name: "Mars", satellites: [{ name: "Phobos" }] },
    ]);
  });

  test("withModelExamples writes the model's examples into a copy where a JSON body has none of its own", () => {
    const schema = { type: "object", properties: { name: { type: "string", examples: ["Mars"] } } };
    const document = withBody({ schema });
    const before = JSON.stringify(document);
    const copy = withModelExamples(document);
    expect(JSON.stringify(document)).toBe(before);
    expect(
      resolvePointer(copy, "/paths/~1things/post/requestBody/content/application~1json/examples"),
    ).toEqual({ "composed example": { value: { name: "Mars" } } });
    const own = withBody({ schema, example: { name: "Venus" } });
    expect(withModelExamples(own)).toEqual(own);
  });

  test("a media type without any example has none", () => {
    const op = operation(withBody({ schema: { type: "object" } }), "createThing");
    expect(op.request?.examples).toEqual([]);
  });

  test('a falsy `example` (0, false, null, "") is still an example', () => {
    for (const value of [0, false, null, ""]) {
      const op = operation(withBody({ schema: {}, example: value }), "createThing");
      expect(op.request?.examples.map((e) => e.value)).toEqual([value]);
    }
  });
});

describe("parameter examples", () => {
  test("a parameter's `example` is one entry, and its `example` field", () => {
    const start = operation(museum, "listSpecialEvents").parameters.find(
      (p) => p.name === "startDate",
    );
    expect(start?.example).toBe("2023-11-18");
    expect(start?.examples.map((e) => [e.name, e.source, e.pointer])).toEqual([
      ["example", "example", "/paths/~1special-events/get/parameters/0/example"],
    ]);
  });

  test("a parameter's named `examples` are read, the first one its `example`", () => {
    const limit = operation(museum, "listSpecialEvents").parameters.find((p) => p.name === "limit");
    expect(limit?.examples.map((e) => [e.name, e.value])).toEqual([
      ["fewEvents", 2],
      ["manyEvents", 30],
    ]);
    expect(limit?.example).toBe(2);
  });

  test("a $ref'd parameter whose only example is in its schema is read at the component", () => {
    const [eventId] = operation(museum, "getSpecialEvent").parameters;
    expect(eventId?.example).toBe("dad4bce8-f5cb-4078-a211-995864315e39");
    expect(eventId?.examples[0]?.pointer).toBe("/components/parameters/EventId/schema/example");
  });

  test("a parameter with `content` takes its media type's examples", () => {
    const document: Json = {
      openapi: "3.1.0",
      paths: {
        "/things": {
          get: {
            operationId: "findThings",
            parameters: [
              {
                name: "filter",
                in: "query",
                content: { "application/json": { schema: { type: "object" }, example: { a: 1 } } },
              },
            ],
            responses: { "204": { description: "done" } },
          },
        },
      },
    };
    const [filter] = operation(document, "findThings").parameters;
    expect(filter?.example).toEqual({ a: 1 });
    expect(filter?.examples[0]?.pointer).toBe(
      "/paths/~1things/get/parameters/0/content/application~1json/example",
    );
  });

  test("a header parameter carries its examples, whichever keyword holds them", () => {
    const headers = webhook(museum, "ticketPurchased").headers;
    expect(headers.map((h) => [h.name, h.examples.map((e) => [e.name, e.value])])).toEqual([
      ["Webhook-Id", [["example", "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W"]]],
      ["Webhook-Signature", [["v1", "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="]]],
      ["Webhook-Timestamp", [["schema example 1", "1674087231"]]],
    ]);
  });

  test("a parameter without any example has no `example` and no entries", () => {
    const document: Json = {
      openapi: "3.1.0",
      paths: {
        "/x": {
          get: {
            operationId: "x",
            parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
            responses: {},
          },
        },
      },
    };
    const [q] = operation(document, "x").parameters;
    expect(q?.examples).toEqual([]);
    expect(q && "example" in q).toBe(false);
  });
});

describe("response header examples", () => {
  test("a response header's example is read like a parameter's", () => {
    const document: Json = {
      openapi: "3.1.0",
      paths: {
        "/x": {
          get: {
            operationId: "x",
            responses: {
              "200": {
                description: "ok",
                headers: { RateLimit: { schema: { type: "string" }, example: "limit=10" } },
              },
            },
          },
        },
      },
    };
    const [header] = operation(document, "x").responses[0]?.headers ?? [];
    expect(header?.examples.map((e) => e.value)).toEqual(["limit=10"]);
  });
});

describe("every example, from every source, is valid and where its pointer says", () => {
  const documents: [string, Json][] = [
    ["the product bundle", loadBundle()],
    [
      "the grown fixture",
      loadDocument(fileURLToPath(new URL("../dist/fixtures/grown.json", import.meta.url))),
    ],
    ["the webhooks fixture", museum],
  ];

  test.each(documents)(
    "%s: media types, parameters and headers of operations and webhooks",
    (_, document) => {
      const ajv = createAjv(document);
      const checked: string[] = [];
      const check = (where: string, schemaPointer: string, examples: readonly NamedExample[]) => {
        for (const example of examples) {
          // A composed example points at the schema it was composed from; any other at its value.
          if (example.source === "composed")
            expect(
              resolvePointer(document, example.pointer),
              `${where} ${example.name}`,
            ).toBeTypeOf("object");
          else
            expect(resolvePointer(document, example.pointer), `${where} ${example.name}`).toEqual(
              example.value,
            );
          expect(ajv.issuesAt(schemaPointer, example.value), `${where} ${example.name}`).toEqual(
            [],
          );
          checked.push(`${where} ${example.name}`);
        }
      };
      for (const op of [...operations(document), ...webhooks(document)]) {
        const name = "name" in op ? `webhook ${op.name}` : op.operationId;
        for (const media of op.requestBodies)
          if (/json/.test(media.mediaType))
            check(`${name} request`, media.schemaPointer, media.examples);
        for (const response of op.responses)
          for (const media of response.content)
            if (/json/.test(media.mediaType))
              check(`${name} ${response.status}`, media.schemaPointer, media.examples);
        for (const p of op.parameters)
          check(`${name} ${p.in} ${p.name}`, p.schemaPointer, p.examples);
      }
      expect(checked.length).toBeGreaterThan(0);
    },
  );
});
