// The spec model reads the document's `webhooks` (OpenAPI 3.1): one typed entry per webhook and method, with header
// parameters, request body media types with schemas and examples, and responses. Fixture: fixtures/webhooks.
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { webhooks as bundleWebhooks, loadBundle } from "../src/index.js";
import { loadDocument } from "../src/load-document.js";
import {
  createAjv,
  type Json,
  resolvePointer,
  SpecModelError,
  webhook,
  webhooks,
} from "../src/portable.js";

const museum: Json = loadDocument(
  fileURLToPath(new URL("../fixtures/webhooks/openapi.yaml", import.meta.url)),
);

describe("webhooks", () => {
  test("lists every webhook in document order with its method, pointer, summary and description", () => {
    expect(webhooks(museum).map((w) => [w.name, w.method, w.pointer])).toEqual([
      ["publishNewEvent", "POST", "/webhooks/publishNewEvent/post"],
      ["ticketPurchased", "POST", "/webhooks/ticketPurchased/post"],
      ["eventCancelled", "POST", "/webhooks/eventCancelled/post"],
    ]);
    const published = webhook(museum, "publishNewEvent");
    expect(published).toMatchObject({
      operationId: "publishNewEvent",
      summary: "New special event added",
      description: "Publish details of a new or updated event.",
      label: "webhook publishNewEvent POST",
      tags: ["Events"],
    });
  });

  test("the request body's media types carry their schema pointer and examples (all three example sources)", () => {
    const sources = webhooks(museum).map((w) => w.request?.examples.map((e) => [e.name, e.source]));
    expect(sources).toEqual([
      [["default_example", "examples"]],
      [["example", "example"]],
      [["schema example 1", "schema"]],
    ]);
    const ajv = createAjv(museum);
    for (const w of webhooks(museum)) {
      const media = w.request;
      expect(media?.mediaType).toBe("application/json");
      expect(resolvePointer(museum, media?.schemaPointer ?? "")).toEqual(media?.schema);
      for (const example of media?.examples ?? [])
        expect(ajv.issuesAt(media?.schemaPointer ?? "", example.value), w.name).toEqual([]);
    }
    expect(webhook(museum, "ticketPurchased").requestBodyRequired).toBe(true);
    expect(webhook(museum, "publishNewEvent").requestBodyRequired).toBe(false);
  });

  test("header parameters are listed with required, schema and description", () => {
    const headers = webhook(museum, "ticketPurchased").headers;
    expect(headers.map((h) => [h.name, h.required])).toEqual([
      ["Webhook-Id", true],
      ["Webhook-Signature", true],
      ["Webhook-Timestamp", false],
    ]);
    expect(headers[2]?.schema).toMatchObject({ type: "string", pattern: "^[0-9]+$" });
    expect(headers[0]?.description).toMatch(/retried delivery/);
  });

  test("responses are the receiver's documented answers", () => {
    expect(webhook(museum, "ticketPurchased").responses.map((r) => r.status)).toEqual([
      "200",
      "410",
    ]);
    expect(webhook(museum, "publishNewEvent").responses).toEqual([
      { status: "202", description: "Data accepted.", headers: [], content: [] },
    ]);
  });

  test("a webhook takes no security from the document's (the API's own calls'), only its own", () => {
    expect(webhook(museum, "publishNewEvent").security).toEqual([]);
    const document: Json = {
      ...museum,
      webhooks: { ping: { post: { security: [{ MuseumPlaceholderAuth: [] }], responses: {} } } },
    };
    expect(webhook(document, "ping").security).toEqual([
      [{ key: "MuseumPlaceholderAuth", type: "http", scheme: "basic" }],
    ]);
  });

  test("a webhook without an operationId is read; its path item may be a $ref, its pointer then the target", () => {
    const document: Json = {
      openapi: "3.1.0",
      webhooks: { ping: { $ref: "#/components/pathItems/Ping" } },
      components: { pathItems: { Ping: { put: { responses: { "200": { description: "ok" } } } } } },
    };
    expect(webhooks(document)).toMatchObject([
      {
        name: "ping",
        method: "PUT",
        operationId: undefined,
        pointer: "/components/pathItems/Ping/put",
      },
    ]);
  });

  test("a webhook with several methods is named by method; without one, the refusal names them", () => {
    const document: Json = {
      openapi: "3.1.0",
      webhooks: { ping: { post: { responses: {} }, put: { responses: {} } } },
    };
    expect(webhook(document, "ping", "put").method).toBe("PUT");
    expect(() => webhook(document, "ping")).toThrow(
      /webhook ping has several methods \(PUT, POST\)/,
    );
  });

  test("an unknown webhook is refused naming the known ones, at /webhooks", () => {
    const error = catchError(() => webhook(museum, "nope"));
    expect(error).toBeInstanceOf(SpecModelError);
    expect(error.message).toMatch(
      /webhook nope is not in the spec \(webhooks: publishNewEvent, ticketPurchased, eventCancelled\)/,
    );
    expect((error as SpecModelError).pointer).toBe("/webhooks");
  });

  test("a document without webhooks has none (the product bundle too)", () => {
    expect(webhooks({ openapi: "3.1.0", paths: {} })).toEqual([]);
    expect(bundleWebhooks()).toEqual(webhooks(loadBundle()));
  });
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a refusal");
}
