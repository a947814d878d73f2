// The mock serves an operation's example wherever the spec keeps it, as the spec model reads it (spec/README.md,
// "Examples"): a media type's `example` alone, a schema's `examples` alone, named `examples`; a request whose only
// examples are its parameters' is answered. Fixture: @merchant-payments/spec/fixtures/webhooks.json.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Json, operation } from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";

const fixturePath = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/webhooks.json",
);
const document: Json = JSON.parse(readFileSync(fixturePath, "utf8"));
const BASIC = { authorization: `Basic ${Buffer.from("visitor:secret").toString("base64")}` };

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ spec: fixturePath });
});
afterAll(async () => {
  await mock?.close();
});

/** The model's first example of `operationId`'s answer with `status`. */
function modelAnswer(operationId: string, status: string): Json {
  const media = operation(document, operationId).responses.find((r) => r.status === status)
    ?.content[0];
  expect(media?.examples.length, `${operationId} ${status} has an example`).toBeGreaterThan(0);
  return media?.examples[0]?.value;
}

async function call(method: string, path: string, body?: Json) {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: {
      ...BASIC,
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

describe("the mock's example answers, from every place the spec keeps one", () => {
  test("an answer whose only example is its schema's `examples` is served that example", async () => {
    const { examples } = operation(document, "listSpecialEvents").parameters.find(
      (p) => p.name === "limit",
    ) ?? { examples: [] };
    const answer = await call("GET", `/special-events?limit=${examples[0]?.value}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(modelAnswer("listSpecialEvents", "200"));
  });

  test("a request sent with its media type's lone `example` gets the answer's lone `example`", async () => {
    const request = operation(document, "createSpecialEvent").request?.examples[0];
    expect(request?.name).toBe("example");
    const answer = await call("POST", "/special-events", request?.value);
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual(modelAnswer("createSpecialEvent", "201"));
  });

  test("a path parameter whose only example is its schema's is accepted; the named example is served", async () => {
    const id = operation(document, "getSpecialEvent").parameters[0]?.example;
    expect(id).toBeDefined();
    const answer = await call("GET", `/special-events/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(modelAnswer("getSpecialEvent", "200"));
  });
});
