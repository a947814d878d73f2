// The request and answer views of readOnly and writeOnly properties (src/read-write-views.ts), on a document shaped
// like Scalar Galaxy's (a required readOnly `id`, a writeOnly `password`), checked with the spec model's Ajv.
import { describe, expect, test } from "vitest";
import { createAjv, type Json, operations, readWriteViews } from "../src/portable.js";

function document(): Json {
  const json = (schema: Json) => ({ content: { "application/json": { schema } } });
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/planets": {
        post: {
          operationId: "createPlanet",
          requestBody: json({ $ref: "#/components/schemas/Planet" }),
          responses: {
            "201": { description: "created", ...json({ $ref: "#/components/schemas/Planet" }) },
          },
        },
      },
      "/users": {
        post: {
          operationId: "createUser",
          requestBody: json({ $ref: "#/components/schemas/User" }),
          responses: {
            "201": { description: "created", ...json({ $ref: "#/components/schemas/User" }) },
          },
        },
      },
    },
    components: {
      schemas: {
        Planet: {
          type: "object",
          additionalProperties: false,
          required: ["id", "name"],
          properties: {
            id: { type: "integer", readOnly: true },
            name: { type: "string" },
            creator: { $ref: "#/components/schemas/User" },
          },
        },
        User: {
          type: "object",
          required: ["id", "password"],
          properties: {
            id: { type: "integer", readOnly: true },
            password: { type: "string", writeOnly: true },
          },
        },
      },
    },
  };
}

const body = (path: string) =>
  `/paths/${path.replaceAll("/", "~1")}/post/requestBody/content/application~1json/schema`;
const answer = (path: string) =>
  `/paths/${path.replaceAll("/", "~1")}/post/responses/201/content/application~1json/schema`;

describe("readWriteViews", () => {
  const input = document();
  const before = JSON.stringify(input);
  const { document: viewed, views } = readWriteViews(input);

  test("a request body goes through the request view, an answer through the answer view; the input is unchanged", () => {
    expect(views).toEqual(["PlanetRequest", "UserRequest", "PlanetResponse", "UserResponse"]);
    expect(viewed.paths["/planets"].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/PlanetRequest",
    );
    expect(viewed.components.schemas.PlanetRequest).toEqual({
      type: "object",
      additionalProperties: false,
      required: ["name"],
      properties: {
        name: { type: "string" },
        creator: { $ref: "#/components/schemas/UserRequest" },
      },
      "x-specialized-from": "#/components/schemas/Planet",
    });
    expect(viewed.components.schemas.UserResponse.required).toEqual(["id"]);
    expect(viewed.components.schemas.Planet).toEqual(input.components.schemas.Planet);
    expect(JSON.stringify(input)).toBe(before);
  });

  test("validates as OpenAPI says: a readOnly property is not sent, a writeOnly one not answered", () => {
    const ajv = createAjv(viewed);
    expect(ajv.issuesAt(body("/planets"), { name: "Mars" })).toEqual([]);
    expect(ajv.issuesAt(body("/planets"), { id: 1, name: "Mars" })).not.toEqual([]);
    expect(ajv.issuesAt(answer("/planets"), { id: 1, name: "Mars" })).toEqual([]);
    expect(ajv.issuesAt(answer("/planets"), { name: "Mars" })).not.toEqual([]);
    expect(ajv.issuesAt(body("/users"), { password: "s3cret" })).toEqual([]);
    expect(ajv.issuesAt(answer("/users"), { id: 7 })).toEqual([]);
    expect(operations(viewed).map((op) => op.request?.schemaName)).toEqual([
      "PlanetRequest",
      "UserRequest",
    ]);
  });

  test("a discriminator's mapping names the views its oneOf refers to", () => {
    const json = (schema: Json) => ({ content: { "application/json": { schema } } });
    const body = {
      oneOf: [{ $ref: "#/components/schemas/Planet" }, { $ref: "#/components/schemas/Moon" }],
      discriminator: {
        propertyName: "type",
        mapping: {
          terrestrial: "#/components/schemas/Planet",
          moon: "#/components/schemas/Moon",
          other: "https://example.test/Other",
        },
      },
    };
    const kind = (value: string) => ({
      type: "object",
      properties: { id: { type: "integer", readOnly: true }, type: { const: value } },
    });
    const unioned = readWriteViews({
      openapi: "3.1.0",
      paths: { "/bodies": { post: { requestBody: json(body), responses: {} } } },
      components: { schemas: { Planet: kind("terrestrial"), Moon: kind("moon") } },
    }).document as { paths: Record<string, { post: { requestBody: Json } }> };
    const viewedBody = JSON.stringify(unioned.paths["/bodies"]?.post.requestBody);
    expect(JSON.parse(viewedBody).content["application/json"].schema.discriminator.mapping).toEqual(
      {
        terrestrial: "#/components/schemas/PlanetRequest",
        moon: "#/components/schemas/MoonRequest",
        other: "https://example.test/Other",
      },
    );
  });

  test("a document without readOnly or writeOnly is returned as it is", () => {
    const plain = {
      openapi: "3.1.0",
      paths: {},
      components: { schemas: { A: { type: "string" } } },
    };
    expect(readWriteViews(plain).document).toBe(plain);
  });
});
