import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { answerFacts } from "../../src/proxy/facts.js";
import { loadSpec } from "../../src/spec-source.js";

const spec = loadSpec(
  createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
);
const op = (id: string) =>
  spec.operations.find((o) => o.operationId === id) as (typeof spec.operations)[number];
const same = (text: string) => text;
const bytes = (text: string) => new TextEncoder().encode(text);

describe("answerFacts on answers of every shape", () => {
  it("takes an empty 204 as conforming and a 204 with a body as a body violation", () => {
    const remove = op("removeWebhookSubscription");
    expect(
      answerFacts(spec.ajv, remove, { status: 204, headers: {}, bytes: new Uint8Array() }, same),
    ).toMatchObject({
      conforms: true,
      issues: [],
    });
    expect(
      answerFacts(spec.ajv, remove, { status: 204, headers: {}, bytes: bytes("{}") }, same),
    ).toMatchObject({
      conforms: false,
      issues: [{ check: "body", message: "a 204 answer must have no body, but it has 2 bytes" }],
    });
  });

  it("checks a text answer's media type and that it is text, and takes binary answers as bytes", () => {
    const report = op("downloadSettlementReport");
    const csv = { "content-type": "text/csv; charset=utf-8" };
    expect(
      answerFacts(spec.ajv, report, { status: 200, headers: csv, bytes: bytes("a,b\n1,2\n") }, same)
        .conforms,
    ).toBe(true);
    expect(
      answerFacts(
        spec.ajv,
        report,
        { status: 200, headers: csv, bytes: new Uint8Array([0xff, 0xfe]) },
        same,
      ).issues,
    ).toEqual([{ check: "body", path: "", message: "the text/csv body is not UTF-8 text" }]);
    expect(
      answerFacts(
        spec.ajv,
        report,
        { status: 200, headers: { "content-type": "text/html" }, bytes: bytes("<p>") },
        same,
      ).issues[0],
    ).toMatchObject({ check: "media-type" });
    const receipt = op("downloadTransactionReceipt");
    const pdf = { "content-type": "application/pdf" };
    expect(
      answerFacts(
        spec.ajv,
        receipt,
        { status: 200, headers: pdf, bytes: new Uint8Array([0x25, 0xff, 0]) },
        same,
      ).conforms,
    ).toBe(true);
  });

  it("checks the declared headers of a 202 (Location)", () => {
    const cancel = op("cancelPayout");
    const body = bytes(JSON.stringify({ payoutId: "PO-2024-000311", status: "cancelling" }));
    const json = { "content-type": "application/json" };
    expect(
      answerFacts(spec.ajv, cancel, { status: 202, headers: json, bytes: body }, same).issues,
    ).toEqual([expect.objectContaining({ check: "header", path: "Location" })]);
    expect(
      answerFacts(
        spec.ajv,
        cancel,
        { status: 202, headers: { ...json, location: "/v1/payouts/PO-2024-000311" }, bytes: body },
        same,
      ).conforms,
    ).toBe(true);
  });
});
