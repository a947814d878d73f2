import type { ParameterSpec } from "@merchant-payments/spec/model";
import { typedText } from "@merchant-payments/spec/wire";
import { describe, expect, it } from "vitest";
import { parameterValue, pathValues } from "../src/parameters.js";

const param = (overrides: Partial<ParameterSpec>): ParameterSpec => ({
  name: "p",
  in: "query",
  required: false,
  schema: { type: "array", items: { type: "integer" } },
  schemaPointer: "",
  style: "form",
  explode: true,
  examples: [],
  ...overrides,
});
const read = (p: ParameterSpec, search: string, headers: Record<string, string> = {}) =>
  parameterValue(p, {}, { pathname: "/", search, headers });

describe("parameter decoding by style", () => {
  it("reads form arrays exploded and not, keeping an encoded comma as data", () => {
    expect(read(param({}), "p=1&p=2&q=3")).toEqual({ value: [1, 2] });
    const strings = { type: "array", items: { type: "string" } };
    expect(read(param({ explode: false, schema: strings }), "p=a,b%2Cc")).toEqual({
      value: ["a", "b,c"],
    });
  });

  it("reads spaceDelimited (%20 or +) and pipeDelimited arrays", () => {
    const strings = { type: "array", items: { type: "string" } };
    expect(
      read(param({ style: "spaceDelimited", explode: false, schema: strings }), "p=a%20b+c"),
    ).toEqual({
      value: ["a", "b", "c"],
    });
    expect(
      read(param({ style: "pipeDelimited", explode: false, schema: strings }), "p=a|b%7Cc"),
    ).toEqual({
      value: ["a", "b", "c"],
    });
  });

  it("reads a deepObject, typing each property by its schema", () => {
    const schema = {
      type: "object",
      properties: { from: { type: "string" }, n: { type: "integer" } },
    };
    expect(
      read(param({ style: "deepObject", schema }), "p%5Bfrom%5D=2024-01-01&p[n]=3&other[n]=4"),
    ).toEqual({
      value: { from: "2024-01-01", n: 3 },
    });
  });

  it("says when a scalar is given twice, or an escape is broken, and leaves absent ones undefined", () => {
    const scalar = param({ schema: { type: "integer" } });
    expect(read(scalar, "p=1&p=2")).toEqual({ problem: "must be given once, not 2 times" });
    expect(read(scalar, "p=%E0%A4%A")).toEqual({ problem: "is not validly percent-encoded" });
    expect(read(scalar, "q=1")).toBeUndefined();
  });

  it("reads header arrays and cookies", () => {
    const header = param({ in: "header", name: "X-Ids", style: "simple", explode: false });
    expect(read(header, "", { "x-ids": "1, 2" })).toEqual({ value: [1, 2] });
    const cookie = param({ in: "cookie", name: "session", schema: { type: "string" } });
    expect(read(cookie, "", { cookie: "a=1; session=abc%20d" })).toEqual({ value: "abc d" });
  });

  it("captures path segments still encoded, and types text by its schema", () => {
    expect(pathValues("/t/{ref}/x/{n}", "/t/A%2FB/x/7")).toEqual({ ref: "A%2FB", n: "7" });
    expect(typedText({ type: "integer" }, "12")).toBe(12);
    expect(typedText({ type: "integer" }, "abc")).toBe("abc");
    expect(typedText({ type: ["boolean", "null"] }, "true")).toBe(true);
  });
});
