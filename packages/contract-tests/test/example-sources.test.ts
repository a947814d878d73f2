// The contract suite's calls and answers take the spec's examples wherever the spec keeps them, as the spec model
// reads them (spec/README.md, "Examples"): a media type's lone `example`, a schema's `examples`, parameters' `example`
// and `examples`, a response header's own `example`. Fixture: @merchant-payments/spec/fixtures/webhooks.json.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createAjv, type Json, operation } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { answerPayload, successAnswers } from "../src/answers.js";
import { validCall } from "../src/call-inputs.js";
import { responseExamplesOf } from "../src/operation-parts.js";

const fixturePath = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/webhooks.json",
);
const document: Json = JSON.parse(readFileSync(fixturePath, "utf8"));
const ajv = createAjv(document);

describe("the contract suite's examples, from every place the spec keeps one", () => {
  test("a valid call sends the media type's lone `example` as the body", () => {
    const op = operation(document, "createSpecialEvent");
    expect(validCall(document, ajv, op, 1).body).toEqual(op.request?.examples[0]?.value);
  });

  test("a valid call takes parameters' `example`, named `examples` and schema `example`", () => {
    expect(validCall(document, ajv, operation(document, "listSpecialEvents"), 1).params).toEqual({
      startDate: "2023-11-18",
      limit: 2,
    });
    expect(validCall(document, ajv, operation(document, "getSpecialEvent"), 1).params).toEqual({
      eventId: "dad4bce8-f5cb-4078-a211-995864315e39",
    });
  });

  test("the answers' examples include a schema's `examples` and a lone `example`", () => {
    const list = responseExamplesOf(operation(document, "listSpecialEvents"));
    expect(list.map((e) => [e.status, e.name])).toEqual([
      ["200", "schema example 1"],
      ["400", "example"],
    ]);
    const created = responseExamplesOf(operation(document, "createSpecialEvent"));
    expect(created.map((e) => [e.status, e.name])).toEqual([
      ["201", "example"],
      ["400", "example"],
    ]);
  });

  test("a served answer is the answer's schema example, its header the header's own `example`", () => {
    const op = operation(document, "listSpecialEvents");
    const [answer] = successAnswers(op);
    if (!answer) throw new Error("listSpecialEvents documents a 2xx");
    expect(answerPayload(document, ajv, op, answer, 1).value).toEqual(
      answer.media?.examples[0]?.value,
    );
    const withHeader: Json = {
      openapi: "3.1.0",
      paths: {
        "/x": {
          get: {
            operationId: "x",
            responses: {
              "200": {
                description: "ok",
                headers: {
                  RateLimit: { schema: { type: "string" }, example: "limit=10, remaining=9" },
                },
              },
            },
          },
        },
      },
    };
    const x = operation(withHeader, "x");
    const [plain] = successAnswers(x);
    if (!plain) throw new Error("x documents a 2xx");
    expect(answerPayload(withHeader, createAjv(withHeader), x, plain, 1).headers).toEqual({
      RateLimit: "limit=10, remaining=9",
    });
  });
});
