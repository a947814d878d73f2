// The contract suite's own reading of an operation, on operations of shapes the product spec lacks (from real
// documents: an XML answer, OAuth 2.0 and OpenID Connect security): what a server sends and how the client must hand
// it over, and the credentials a raw request carries, all derived from the spec model and the wire module.
import type { MediaSpec, OperationSpec, ResponseSpec } from "@merchant-payments/spec";
import { bodyKind } from "@merchant-payments/spec/wire";
import { describe, expect, test } from "vitest";
import { answerPayload, kindOf, resultProblems, type SuccessAnswer } from "../src/answers.js";
import { rawRequest } from "../src/call-inputs.js";
import { CREDENTIALS } from "../src/harness.js";
import { spec, validator } from "./setup-mock.js";

const media = (mediaType: string, schema: Record<string, unknown>): MediaSpec =>
  ({
    mediaType,
    schema,
    schemaPointer: "",
    resolvedSchemaPointer: "",
    examples: [],
    encoding: {},
  }) as unknown as MediaSpec;

const operation = (security: OperationSpec["security"]): OperationSpec =>
  ({
    operationId: "getPlanet",
    method: "GET",
    path: "/planets",
    parameters: [],
    headers: [],
    security,
    responses: [],
    requestBodies: [],
  }) as unknown as OperationSpec;

const answer = (m: MediaSpec): SuccessAnswer => ({
  status: 200,
  response: { status: "200", description: "", headers: [], content: [m] } as ResponseSpec,
  media: m,
});

describe("an XML answer", () => {
  const xml = media("application/xml", { type: "object", xml: { name: "planet" } });

  test("is handed over as the wire module says (text where it calls XML text, never parsed as JSON)", () => {
    const op = operation([]);
    expect(kindOf(op, answer(xml))).toBe(
      bodyKind("application/xml") === "text" ? "text" : "binary",
    );
    expect(kindOf(op, answer(xml))).not.toBe("json");
  });

  test("is served as well-formed XML text when the spec's wire module calls it text, and checked as that text", async () => {
    const op = operation([]);
    if (kindOf(op, answer(xml)) !== "text") return;
    const payload = answerPayload(spec, validator, op, answer(xml), 1);
    expect(payload.headers["content-type"]).toBe("application/xml");
    expect(payload.body).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<planet/>');
    expect(
      await resultProblems(spec, validator, op, answer(xml), payload.body, payload.value),
    ).toEqual([]);
    expect(
      await resultProblems(spec, validator, op, answer(xml), { planet: 1 }, payload.value),
    ).toEqual(["200 application/xml: resolved object, not a string"]);
  });
});

describe("credentials of a raw request, from the security schemes", () => {
  test.each([
    ["OAuth 2.0", { key: "oAuth2", type: "oauth2" }],
    ["OpenID Connect", { key: "openIdConnect", type: "openIdConnect" }],
    ["HTTP Bearer", { key: "bearerAuth", type: "http", scheme: "bearer" }],
  ])("%s: the suite's token as a Bearer Authorization", (_name, scheme) => {
    const op = operation([[scheme as OperationSpec["security"][number][number]]]);
    const { init } = rawRequest(
      spec,
      "http://127.0.0.1:1",
      op,
      {},
      undefined,
      undefined,
      CREDENTIALS,
    );
    expect(new Headers(init.headers).get("authorization")).toBe(`Bearer ${CREDENTIALS.token}`);
  });
});
