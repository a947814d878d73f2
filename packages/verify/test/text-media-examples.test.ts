// An operation taking JSON and XML (Scalar Galaxy's createUser): verify sends each JSON example, and an XML example
// only when the spec writes it as a string (the document itself); an object given as an XML example has no serialized
// form the spec states, so it is not sent as "[object Object]".
import { createAjv, operations } from "@merchant-payments/spec";
import { isWireExample } from "@merchant-payments/spec/wire";
import { describe, expect, test } from "vitest";
import { planCases } from "../src/plan.js";

const user = { name: "Marc", email: "marc@example.test" };
const schema = {
  type: "object",
  properties: { name: { type: "string" }, email: { type: "string" } },
};
const document = {
  openapi: "3.1.0",
  info: { title: "users", version: "1" },
  paths: {
    "/users": {
      post: {
        operationId: "createUser",
        "x-safe-to-retry": true,
        requestBody: {
          required: true,
          content: {
            "application/json": { schema, examples: { Marc: { value: user } } },
            "application/xml": {
              schema,
              examples: {
                Marc: { value: user },
                Written: { value: "<user><name>Marc</name></user>" },
              },
            },
          },
        },
        responses: { "201": { description: "Created." } },
      },
    },
  },
};

describe("examples of text media", () => {
  const ops = operations(document);
  const planned = planCases(document, ops, createAjv(document), {
    seed: 1,
    runs: 0,
    allowWrites: true,
    generatedWrites: false,
    token: "t",
  });
  const examples = planned.cases.filter((c) => c.name.startsWith("example"));

  test("an object example of application/xml is not sent; a string one is, named with its media type", () => {
    expect(examples.map((c) => c.name)).toEqual([
      "example Marc",
      "example Written (application/xml)",
    ]);
  });

  test("isWireExample: any value for JSON, only a string for XML and text", () => {
    const [json, xml] = ops[0]?.requestBodies ?? [];
    expect(json && isWireExample(json.mediaType, user)).toBe(true);
    expect(xml && isWireExample(xml.mediaType, user)).toBe(false);
    expect(xml && isWireExample(xml.mediaType, "<user/>")).toBe(true);
    expect(isWireExample("text/plain", 42)).toBe(false);
    expect(isWireExample("application/octet-stream", { any: 1 })).toBe(true);
  });
});
