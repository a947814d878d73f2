// The spec model reads every operation shape of the grown fixture: parameters with their styles, every request
// media type with its encoding, per-operation security and x-pagination.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { bodyKind, type Json, operation, pageSizeParameter, reachesItself } from "../src/model.js";

let grown: Json;
beforeAll(() => {
  grown = JSON.parse(
    readFileSync(fileURLToPath(new URL("../dist/fixtures/grown.json", import.meta.url)), "utf8"),
  );
});

describe("parameters", () => {
  test("a path parameter is required, simple and not exploded, with a pointer to its schema", () => {
    const [ref] = operation(grown, "readTransaction").parameters.filter((p) => p.in === "path");
    expect(ref).toMatchObject({ in: "path", required: true, style: "simple", explode: false });
    expect(ref?.schemaPointer).toMatch(/^\/(paths|components)\//);
  });

  test("a query parameter defaults to form, exploded; a declared style and explode are kept", () => {
    const list = operation(grown, "listTransactions").parameters;
    expect(list.find((p) => p.name === "status")).toMatchObject({
      in: "query",
      style: "form",
      explode: true,
      required: false,
    });
    const styles = grownParameters().map((p) => `${p.style}/${p.explode}`);
    expect(styles).toEqual(
      expect.arrayContaining([
        "form/false",
        "spaceDelimited/false",
        "pipeDelimited/false",
        "deepObject/true",
      ]),
    );
  });

  test("headers stay listed as before, with x-equals-body-property", () => {
    const op = operation(grown, "getTransaction");
    expect(op.headers.map((h) => h.name)).toEqual(
      op.parameters.filter((p) => p.in === "header").map((p) => p.name),
    );
  });
});

describe("request bodies", () => {
  test("every media type is listed, multipart with its encoding", () => {
    const media = grownOperations().flatMap((op) => op.requestBodies.map((m) => m.mediaType));
    expect(media).toEqual(
      expect.arrayContaining([
        "application/json",
        "multipart/form-data",
        "application/x-www-form-urlencoded",
        "application/octet-stream",
        "text/plain",
      ]),
    );
    const multipart = grownOperations()
      .flatMap((op) => op.requestBodies)
      .find((m) => m.mediaType === "multipart/form-data");
    expect(Object.values(multipart?.encoding ?? {}).some((e) => e.contentType)).toBe(true);
  });
});

describe("security and pagination", () => {
  test("the document's Bearer applies unless the operation says otherwise; [] means none", () => {
    expect(operation(grown, "getTransaction").security).toEqual([
      [{ key: "BearerAuth", type: "http", scheme: "bearer" }],
    ]);
    expect(operation(grown, "issueAccessToken").security).toEqual([]);
    const apiKeys = grownOperations()
      .flatMap((op) => op.security.flat())
      .filter((s) => s.type === "apiKey");
    expect(apiKeys.map((s) => s.in).sort()).toEqual(
      expect.arrayContaining(["cookie", "header", "query"]),
    );
    const schemes = grownOperations().flatMap((op) => op.security.flat());
    expect(schemes.some((s) => s.type === "http" && s.scheme === "basic")).toBe(true);
    expect(grownParameters().some((p) => p.in === "cookie")).toBe(true);
  });

  test("x-pagination is read; an operation without it has none", () => {
    expect(operation(grown, "listTransactions").pagination).toEqual({
      cursor: "cursor",
      next: "/nextCursor",
      items: "/transactions",
      limit: "limit",
    });
    expect(pageSizeParameter(operation(grown, "listTransactions"))?.name).toBe("limit");
    expect(operation(grown, "getTransaction").pagination).toBeUndefined();
  });
});

function grownOperations() {
  return Object.values<Json>(grown.paths).flatMap((item) =>
    Object.values<Json>(item)
      .filter((op) => typeof op?.operationId === "string")
      .map((op) => operation(grown, op.operationId)),
  );
}

function grownParameters() {
  return grownOperations().flatMap((op) => op.parameters);
}

describe("bodyKind", () => {
  test("names the encoding of a media type, parameters and case ignored", () => {
    expect(bodyKind("application/json; charset=utf-8")).toBe("json");
    expect(bodyKind("application/problem+json")).toBe("json");
    expect(bodyKind("Multipart/Form-Data; boundary=x")).toBe("multipart");
    expect(bodyKind("application/x-www-form-urlencoded")).toBe("urlencoded");
    expect(bodyKind("text/csv")).toBe("text");
    expect(bodyKind("application/pdf")).toBe("binary");
    expect(bodyKind("application/octet-stream")).toBe("binary");
  });
});

describe("reachesItself", () => {
  const document: Json = {
    components: {
      schemas: {
        Planet: {
          type: "object",
          properties: {
            satellites: { type: "array", items: { $ref: "#/components/schemas/Moon" } },
          },
          examples: [{ $ref: "#/components/schemas/Planet" }],
        },
        Moon: { type: "object", properties: { orbits: { $ref: "#/components/schemas/Planet" } } },
        Star: { type: "object", properties: { planet: { $ref: "#/components/schemas/Planet" } } },
        Rock: { type: "object", properties: { mass: { type: "number" } } },
        Asteroid: {
          allOf: [{ $ref: "#/components/schemas/Rock" }, { $ref: "#/components/schemas/Rock" }],
        },
      },
    },
  };
  test("a schema that holds itself through another is found, and so is one that leads there", () => {
    expect(reachesItself(document, { $ref: "#/components/schemas/Planet" })).toBe(true);
    expect(reachesItself(document, { $ref: "#/components/schemas/Star" })).toBe(true);
  });
  test("a schema named twice side by side, or only in an example, does not contain itself", () => {
    expect(reachesItself(document, { $ref: "#/components/schemas/Asteroid" })).toBe(false);
    expect(
      reachesItself(document, {
        type: "object",
        examples: [{ $ref: "#/components/schemas/Rock" }],
      }),
    ).toBe(false);
  });
});
