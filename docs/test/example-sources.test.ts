// The docs read examples through the spec model wherever the spec keeps them (spec/README.md, "Examples"): the
// console's prefilled body and parameter fields, and the samples' request and answer examples. Fixture:
// @merchant-payments/spec/fixtures/webhooks.json (operations whose only examples are a media type's `example`, a
// schema's `examples`, parameters' `example`/`examples`, a schema's `example`).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Json, operation } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { initialParameterText } from "../src/console/parameters.js";
import { exampleText, requestExamples } from "../src/console/request.js";
import { listOperations } from "../src/samples.mjs";

const fixturePath = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/webhooks.json",
);
const document: Json = JSON.parse(readFileSync(fixturePath, "utf8"));
const parameter = (operationId: string, name: string) => {
  const found = operation(document, operationId).parameters.find((p) => p.name === name);
  if (!found) throw new Error(`${operationId} has no parameter ${name}`);
  return found;
};

describe("the console prefills from every place the spec keeps an example", () => {
  test("the body starts as the media type's lone `example`, offered as the example named `example`", () => {
    const op = operation(document, "createSpecialEvent");
    const offered = requestExamples(op);
    expect(offered.map((e) => e.name)).toEqual(["example"]);
    expect(JSON.parse(exampleText(offered[0]?.value))).toMatchObject({
      name: "Mermaid Treasure Identification and Analysis",
    });
  });

  test("parameter fields start with a parameter's `example`, its first named example, its schema's `example`", () => {
    expect(initialParameterText(parameter("listSpecialEvents", "startDate"))).toBe("2023-11-18");
    expect(initialParameterText(parameter("listSpecialEvents", "limit"))).toBe("2");
    expect(initialParameterText(parameter("getSpecialEvent", "eventId"))).toBe(
      "dad4bce8-f5cb-4078-a211-995864315e39",
    );
  });
});

describe("the samples' examples", () => {
  test("request examples include a lone `example`; answer examples a schema's `examples`", () => {
    const ops = new Map(listOperations(document).map((op) => [op.operationId, op]));
    expect(ops.get("createSpecialEvent")?.requestExamples).toEqual([
      operation(document, "createSpecialEvent").request?.examples[0]?.value,
    ]);
    const list = ops.get("listSpecialEvents")?.responseExamples ?? [];
    expect(list).toHaveLength(1);
    expect(list[0]).toHaveLength(2);
    expect(ops.get("getSpecialEvent")?.responseExamples).toEqual([
      expect.objectContaining({ name: "Time Traveler Tea Party" }),
    ]);
  });
});
