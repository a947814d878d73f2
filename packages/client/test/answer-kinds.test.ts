// How an answer of an operation with its own 2xx answers is handed over (src/beyond-json/answers.ts): a declared
// status by its kind; a status the spec does not declare as the operation's first declared answer, so an HTML page
// or an empty body sent as a JSON operation's success is refused, never handed over as a string or nothing.
import { describe, expect, test } from "vitest";
import { decodeAnswer } from "../src/beyond-json/answers.js";
import type { OperationInfo } from "../src/generated/operation-table.js";

/** An operation declaring a 201 JSON answer (Scalar Galaxy's createPlanet offers JSON and XML there). */
const created = { answers: { "201": { kind: "json" } } } as unknown as OperationInfo;
/** An operation declaring a 200 text answer (a CSV export). */
const exported = { answers: { "200": { kind: "text" } } } as unknown as OperationInfo;

const response = (status: number, text: string, type = "text/html") => ({
  status,
  headers: new Headers({ "content-type": type }),
  text,
  requestId: undefined,
});
const asJson = (text: string) => () => ({ parsed: JSON.parse(text) });

describe("an answer of a status the spec does not declare", () => {
  test("is read as the first declared answer: JSON through the client's own decoding", () => {
    expect(decodeAnswer(created, response(200, '{"id":1}'), asJson('{"id":1}'))).toEqual({
      parsed: { id: 1 },
    });
    const html = "<html>Sign in</html>";
    expect(() => decodeAnswer(created, response(200, html), asJson(html))).toThrow(SyntaxError);
    expect(() => decodeAnswer(created, response(200, ""), asJson(""))).toThrow(SyntaxError);
  });

  test("of an operation answering text is its text, whatever its Content-Type", () => {
    expect(decodeAnswer(exported, response(202, "a,b\n1,2", "application/json"), asJson(""))).toBe(
      "a,b\n1,2",
    );
  });

  test("204 and 205 are nothing, as HTTP has them carry no body", () => {
    expect(decodeAnswer(created, response(204, ""), asJson(""))).toBeUndefined();
    expect(decodeAnswer(created, response(205, ""), asJson(""))).toBeUndefined();
  });
});
