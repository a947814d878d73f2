// The decimal codec's path-driven rewriting (src/json-paths.ts through src/decimals.ts): numbers at the generated data
// paths keep every digit at any depth (arrays `*`, maps `{}`, nested objects), in answers and in requests; everything
// else is kept byte for byte.
import { describe, expect, test } from "vitest";
import { quoteNumbersAt, stringifyWithDecimals } from "../src/decimals.js";

describe("quoteNumbersAt (answers)", () => {
  test("quotes the numbers at the paths only, in maps, arrays and nested objects", () => {
    const text = `{"a":1.10,"rates":{"KES":12345678901234567.89,"USD":-0.5e2},"rows":[{"a":7,"n":9007199254740993}],"n":3}`;
    const quoted = quoteNumbersAt(text, [
      ["rates", "{}"],
      ["rows", "*", "n"],
    ]);
    expect(quoted).toBe(
      `{"a":1.10,"rates":{"KES":"12345678901234567.89","USD":"-0.5e2"},"rows":[{"a":7,"n":"9007199254740993"}],"n":3}`,
    );
    expect(JSON.parse(quoted).rows[0].n).toBe("9007199254740993");
  });

  test("leaves strings, null, booleans, objects and escaped keys alone, and keys that only look like a path", () => {
    const text = `{ "x\\"y" : { "v" : 1 }, "m" : { "k" : null, "b" : true, "s" : "2", "o" : {"v":1} }, "v": 5 }`;
    expect(quoteNumbersAt(text, [["m", "{}"]])).toBe(text);
    expect(quoteNumbersAt(text, [['x"y', "v"]])).toBe(
      `{ "x\\"y" : { "v" : "1" }, "m" : { "k" : null, "b" : true, "s" : "2", "o" : {"v":1} }, "v": 5 }`,
    );
  });

  test("a top-level array's items", () => {
    expect(quoteNumbersAt(`[1, {"a": 2}, 3.50]`, [["*"]])).toBe(`["1", {"a": 2}, "3.50"]`);
  });
});

describe("stringifyWithDecimals (requests)", () => {
  test("writes decimal strings at the paths as numbers with exactly their digits, in maps and arrays", () => {
    const body = {
      note: "100.10",
      limits: { KES: "12345678901234567.89", USD: 5 },
      items: [{ amount: "0.10", note: "1.5" }],
    };
    expect(
      stringifyWithDecimals(body, [
        ["limits", "{}"],
        ["items", "*", "amount"],
      ]),
    ).toBe(
      `{"note":"100.10","limits":{"KES":12345678901234567.89,"USD":5},"items":[{"amount":0.10,"note":"1.5"}]}`,
    );
  });
});
