import { describe, expect, test } from "vitest";
import {
  bodyKind,
  checkResponse,
  createAjv,
  deref,
  HTTP_METHODS,
  holdsDifference,
  loadBundle,
  operation,
  operations,
  parseInvariants,
  parsePointer,
  pointer,
  resolvePointer,
  responseFor,
} from "../src/index.js";

const bundle = loadBundle();

describe("deref, the one $ref resolver", () => {
  test("follows a chain of local references to the value", () => {
    const document = { a: { $ref: "#/b" }, b: { $ref: "#/c~1d" }, "c/d": { value: 1 } };
    expect(deref(document, document.a)).toEqual({ value: 1 });
  });

  test("percent-decodes a URI-fragment reference", () => {
    const document = { "a b": { value: 2 } };
    expect(deref(document, { $ref: "#/a%20b" })).toEqual({ value: 2 });
  });

  test("throws on a reference loop instead of spinning", () => {
    const document = { a: { $ref: "#/b" }, b: { $ref: "#/a" } };
    expect(() => deref(document, document.a)).toThrow(/loop/);
  });

  test("throws on a reference that does not resolve", () => {
    expect(() => deref({}, { $ref: "#/nowhere" })).toThrow(/Unresolved reference #\/nowhere/);
  });

  test("refuses a reference to another document", () => {
    expect(() => deref({}, { $ref: "other.yaml#/a" })).toThrow(/Only local/);
  });

  test("pointer and resolvePointer are inverse", () => {
    const path = pointer("paths", "/collections/getTransaction", "post");
    expect(resolvePointer(bundle, path).operationId).toBe("getTransaction");
  });
});

describe("operations()", () => {
  test("gives every operation of the bundle once, with its method and path", () => {
    // Path by path in the document's order; within a path item, in the model's method order (HTTP_METHODS), which
    // is the model's rule whatever order a document writes its methods in.
    const fromDocument = Object.entries(bundle.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => method in (item as object)).map(
        (method) =>
          `${method.toUpperCase()} ${path} ${(item as Record<string, { operationId: string }>)[method]?.operationId}`,
      ),
    );
    expect(operations().map((op) => `${op.method} ${op.path} ${op.operationId}`)).toEqual(
      fromDocument,
    );
  });

  test("reads x-safe-to-retry, x-equals-body-property, examples and code samples", () => {
    for (const op of operations()) {
      const raw = resolvePointer(bundle, op.pointer);
      expect(op.safeToRetry).toBe(raw["x-safe-to-retry"]);
      expect(op.codeSamples.map((s) => s.label)).toEqual(
        // An operation without samples (one taken from another API's document) reads as none.
        (raw["x-codeSamples"] ?? []).map((s: { label: string }) => s.label),
      );
      // Every media type of the body is read; a JSON one (the request) has named examples.
      const declared = Object.keys(deref(bundle, raw.requestBody ?? {}).content ?? {});
      expect(
        op.requestBodies.map((m) => m.mediaType),
        op.operationId,
      ).toEqual(declared);
      expect(op.request?.mediaType, op.operationId).toBe(
        declared.find((type) => bodyKind(type) === "json"),
      );
      if (op.request) expect(op.request.examples.length, op.operationId).toBeGreaterThan(0);
      for (const header of op.headers.filter((h) => h.equalsBodyProperty)) {
        expect(resolvePointer(bundle, op.request?.schemaPointer ?? "")).toBeDefined();
        expect(header.required).toBe(true);
      }
    }
  });

  test("responseFor prefers the exact status, then the range", () => {
    const op = operation("getTransaction");
    expect(responseFor(op, 404)?.status).toBe("404");
    expect(responseFor(op, 503)?.status).toBe("5XX");
    expect(responseFor(op, 418)).toBeUndefined();
  });
});

describe("createAjv, the one Ajv factory", () => {
  const ajv = createAjv();

  test("decimal is a finite JSON number, never a string", () => {
    expect(ajv.ajv.validate({ type: "number", format: "decimal" }, 100.1)).toBe(true);
    expect(ajv.ajv.validate({ type: ["number", "string"], format: "decimal" }, "100.10")).toBe(
      true,
    );
    expect(ajv.ajv.validate({ type: "number", format: "decimal" }, "100.10")).toBe(false);
  });

  test("every named example of every operation is valid against its schema", () => {
    for (const op of operations()) {
      const media = [op.request, ...op.responses.flatMap((r) => r.content)].filter(
        (m) => m !== undefined,
      );
      for (const m of media) {
        for (const example of m.examples) {
          expect(
            ajv.issuesAt(m.schemaPointer, example.value),
            `${op.operationId} ${example.name}`,
          ).toEqual([]);
        }
      }
    }
  });
});

describe("checkResponse", () => {
  const ajv = createAjv();
  const op = operation("getTransaction");
  const example = op.responses[0]?.content[0]?.examples[0]?.value;
  const json = { "content-type": "application/json" };

  test("a documented example conforms", () => {
    expect(
      checkResponse(ajv, op, { status: 200, headers: json, body: JSON.stringify(example) }),
    ).toMatchObject({
      conforms: true,
      issues: [],
    });
  });

  test("names an undocumented status", () => {
    const result = checkResponse(ajv, op, { status: 418, headers: json, body: "{}" });
    expect(result.issues).toEqual([expect.objectContaining({ check: "status" })]);
  });

  test("names a media type the response does not declare", () => {
    const result = checkResponse(ajv, op, {
      status: 200,
      headers: { "Content-Type": "text/html" },
      body: "<p>",
    });
    expect(result.issues).toEqual([expect.objectContaining({ check: "media-type" })]);
  });

  test("names a truncated body", () => {
    const body = JSON.stringify(example).slice(0, -3);
    expect(checkResponse(ajv, op, { status: 200, headers: json, body }).issues[0]?.check).toBe(
      "body",
    );
  });

  test("names a field of the wrong type at its JSON path", () => {
    const body = JSON.stringify({ ...example, amountSent: "1500.00" });
    expect(checkResponse(ajv, op, { status: 200, headers: json, body }).issues).toContainEqual(
      expect.objectContaining({ check: "schema", path: "/amountSent" }),
    );
  });

  test("names a broken x-invariants relation", () => {
    const body = JSON.stringify({ ...example, amountReceived: example.amountReceived + 0.01 });
    expect(checkResponse(ajv, op, { status: 200, headers: json, body }).issues).toContainEqual(
      expect.objectContaining({ check: "invariant", path: "/amountReceived" }),
    );
  });

  test("the invariant holds at the operands' precision, not float precision", () => {
    expect(holdsDifference(0.3, 0.5, 0.2)).toBe(true);
    expect(holdsDifference(1486.3, 1500.5, 14.2)).toBe(true);
    expect(holdsDifference(1486.31, 1500.5, 14.2)).toBe(false);
  });

  test("refuses an invariant it cannot read", () => {
    expect(parseInvariants(["a = b - c"])).toEqual([
      { equals: "a", minuend: "b", subtrahend: "c" },
    ]);
    expect(() => parseInvariants(["a = b * c"])).toThrow(/unsupported invariant/);
  });
});

describe("JSON Pointers", () => {
  test("parsePointer unescapes what pointer escapes", () => {
    expect(parsePointer(pointer("paths", "/a~b", "post"))).toEqual(["paths", "/a~b", "post"]);
    expect(parsePointer("")).toEqual([]);
  });

  test("resolvedSchemaPointer names the component a media type's $ref points to", () => {
    const ok = operation("getTransaction").responses[0]?.content[0];
    expect(ok?.resolvedSchemaPointer).toBe("/components/schemas/Transaction");
    expect(resolvePointer(bundle, ok?.resolvedSchemaPointer ?? "").type).toBe("object");
  });
});
