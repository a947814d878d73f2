// verify's example requests take the spec's examples wherever the spec keeps them, as the spec model reads them
// (spec/README.md, "Examples"): a body whose only example is its media type's `example`, parameters whose only
// examples are a parameter's `example`, named `examples`, or its schema's `example`. No generated value stands in for
// one. Fixture: @merchant-payments/spec/fixtures/webhooks.json.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createAjv, type Json, operation } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { draftOperation } from "../src/valid-requests.js";

const fixturePath = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/webhooks.json",
);
const document: Json = JSON.parse(readFileSync(fixturePath, "utf8"));
const ajv = createAjv(document);
const credentials = { headers: { authorization: "Basic dmlzaXRvcjpzZWNyZXQ=" }, query: [] };
const draft = (operationId: string) =>
  draftOperation(document, operation(document, operationId), ajv, 1, credentials);

describe("verify's example requests, from every place the spec keeps an example", () => {
  test("a body whose only example is the media type's `example` is sent as that example", () => {
    const op = operation(document, "createSpecialEvent");
    const { examples } = draft("createSpecialEvent");
    expect(examples.map((e) => e.name)).toEqual(["example example"]);
    expect(examples[0]?.value).toEqual(op.request?.examples[0]?.value);
    const [request] = draft("createSpecialEvent").exampleRequests();
    expect(JSON.parse(String(request?.request.body?.body ?? "null"))).toEqual(
      op.request?.examples[0]?.value,
    );
  });

  test("query parameters take their `example` and their first named `examples` entry", () => {
    const { base, exampleRequests } = draft("listSpecialEvents");
    expect(base).toMatchObject({ startDate: "2023-11-18", limit: 2 });
    expect(exampleRequests()[0]?.request.target).toBe(
      "/special-events?startDate=2023-11-18&limit=2",
    );
  });

  test("a path parameter whose only example is its schema's is sent with it", () => {
    const { exampleRequests } = draft("getSpecialEvent");
    expect(exampleRequests()[0]?.request.target).toBe(
      "/special-events/dad4bce8-f5cb-4078-a211-995864315e39",
    );
  });
});
