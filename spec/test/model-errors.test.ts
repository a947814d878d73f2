// Every problem the spec model reports names the operation (METHOD path, or the webhook) and the JSON Pointer.
import { describe, expect, test } from "vitest";
import {
  checkResponse,
  createAjv,
  type Json,
  operation,
  operations,
  SpecModelError,
  sideEffectOf,
  webhooks,
} from "../src/portable.js";

function refusal(run: () => unknown): SpecModelError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SpecModelError);
    return error as SpecModelError;
  }
  throw new Error("expected a refusal");
}

const one = (op: Json): Json => ({ openapi: "3.1.0", paths: { "/pets/{id}": { get: op } } });

describe("refusals of the spec model say where", () => {
  test("an operation without operationId: METHOD path and its pointer", () => {
    const error = refusal(() => operations(one({ responses: {} })));
    expect(error.message).toBe(
      "GET /pets/{id} at /paths/~1pets~1{id}/get: the operation has no operationId",
    );
    expect(error.operation).toBe("GET /pets/{id}");
    expect(error.pointer).toBe("/paths/~1pets~1{id}/get");
  });

  test("a dangling parameter $ref: the operation and the parameter's pointer", () => {
    const error = refusal(() =>
      operations(
        one({ operationId: "getPet", parameters: [{ $ref: "#/components/parameters/Id" }] }),
      ),
    );
    expect(error.operation).toBe("GET /pets/{id}");
    expect(error.pointer).toBe("/paths/~1pets~1{id}/get/parameters/0");
    expect(error.message).toMatch(/Unresolved reference #\/components\/parameters\/Id/);
  });

  test("a dangling example $ref: the operation and the media type's pointer", () => {
    const error = refusal(() =>
      operations(
        one({
          operationId: "getPet",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": { examples: { a: { $ref: "#/components/examples/Gone" } } },
              },
            },
          },
        }),
      ),
    );
    expect(error.message).toMatch(
      /^GET \/pets\/\{id\} at \/paths\/~1pets~1\{id\}\/get\/responses\/200\/content\/application~1json: Unresolved reference/,
    );
  });

  test("a dangling response and request body $ref name their places", () => {
    expect(
      refusal(() =>
        operations(one({ operationId: "getPet", responses: { "404": { $ref: "#/nope" } } })),
      ).pointer,
    ).toBe("/paths/~1pets~1{id}/get/responses/404");
    expect(
      refusal(() => operations(one({ operationId: "getPet", requestBody: { $ref: "#/nope" } })))
        .pointer,
    ).toBe("/paths/~1pets~1{id}/get/requestBody");
  });

  test("a dangling path item $ref names the path's pointer", () => {
    const error = refusal(() =>
      operations({ openapi: "3.1.0", paths: { "/a": { $ref: "#/components/pathItems/A" } } }),
    );
    expect(error.pointer).toBe("/paths/~1a");
  });

  test("a broken webhook names the webhook, its method and the pointer", () => {
    const error = refusal(() =>
      webhooks({
        openapi: "3.1.0",
        webhooks: { ping: { post: { parameters: [{ $ref: "#/nope" }], responses: {} } } },
      }),
    );
    expect(error.operation).toBe("webhook ping POST");
    expect(error.pointer).toBe("/webhooks/ping/post/parameters/0");
  });

  test("an unknown operationId is refused at /paths", () => {
    const error = refusal(() => operation({ openapi: "3.1.0", paths: {} }, "getPet"));
    expect(error.message).toBe("at /paths: operation getPet is not in the spec");
  });

  test("an unknown x-side-effect names the operation and the extension's pointer", () => {
    const op = operation(one({ operationId: "getPet", "x-side-effect": "launches" }), "getPet");
    const error = refusal(() => sideEffectOf(op));
    expect(error.operation).toBe("GET /pets/{id}");
    expect(error.pointer).toBe("/paths/~1pets~1{id}/get/x-side-effect");
  });

  test("an unsupported x-invariants rule names the operation and the schema's pointer", () => {
    const document = one({
      operationId: "getPet",
      responses: {
        "200": {
          description: "ok",
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/Pet" } },
          },
        },
      },
    });
    document.components = {
      schemas: { Pet: { type: "object", "x-invariants": ["a = b * c"] } },
    };
    const op = operation(document, "getPet");
    const error = refusal(() =>
      checkResponse(createAjv(document), op, {
        status: 200,
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(error.operation).toBe("GET /pets/{id}");
    expect(error.pointer).toBe("/components/schemas/Pet/x-invariants");
    expect(error.message).toMatch(/unsupported invariant/);
  });

  test("a schema Ajv cannot compile is refused at its pointer", () => {
    const document: Json = {
      openapi: "3.1.0",
      components: {
        schemas: { Pet: { type: "object", properties: { owner: { $ref: "#/nope" } } } },
      },
    };
    const error = refusal(() => createAjv(document).compileAt("/components/schemas/Pet"));
    expect(error.pointer).toBe("/components/schemas/Pet");
    expect(error.message).toMatch(/^at \/components\/schemas\/Pet: .*nope/);
  });

  test("two operations sharing an operationId are refused naming both", () => {
    const error = refusal(() =>
      operations({
        openapi: "3.1.0",
        paths: {
          "/a": { get: { operationId: "read", responses: {} } },
          "/b": { post: { operationId: "read", responses: {} } },
        },
      }),
    );
    expect(error.message).toBe(
      "POST /b at /paths/~1b/post/operationId: operationId read is also GET /a's (at /paths/~1a/get): each operation needs its own",
    );
  });
});
