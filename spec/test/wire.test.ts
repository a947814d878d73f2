// The wire module: every style writes a value its parse reads back unchanged (fast-check, for every style, place,
// explode, and schema type the style can carry), through a real URL parser and HTTP's header rules; the
// text-to-typed-value rule on its edge cases; credential placement; isJsonMedia; the value at a pointer.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type ArrivedRequest,
  isJsonMedia,
  type ParameterLocation,
  placeBearer,
  placeCredential,
  queryPairs,
  readBack,
  readParameter,
  STYLES,
  serializeParameters,
  typedText,
  UnknownStyleError,
  valueAt,
  type WireParameter,
} from "../src/wire/index.js";

/** The request a server gets for the serialized parameter: the URL through WHATWG's parser, headers lower-cased. */
function transfer(p: WireParameter, value: unknown): ArrivedRequest {
  const out = serializeParameters("/x/{p}/y", [p], () => value);
  const url = new URL(`http://host${out.path}${out.query.length ? `?${out.query.join("&")}` : ""}`);
  const segment = /^\/x\/(.*)\/y$/.exec(url.pathname)?.[1];
  const headers = Object.fromEntries(
    Object.entries(out.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]),
  );
  return {
    pathValues: segment === undefined ? {} : { p: segment },
    query: queryPairs(url.search.slice(1)),
    headers,
  };
}

/** Printable text; in a header (sent as is) no comma, `=` or surrounding space inside a list or object. */
const textIn = (where: ParameterLocation, inside: boolean) =>
  where === "header"
    ? fc
        .string({
          unit: fc.constantFrom(..."abcXYZ019 -_.~!$&'()*+;:@/?#[]%\"".split("")),
          maxLength: 8,
        })
        .filter((s) => s === s.trim() && !(inside && /[,=]/.test(s)))
    : fc.string({ unit: "binary", maxLength: 8 });

const number = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));

/** Schemas of every type a parameter takes, each with values valid for it. */
function cases(where: ParameterLocation) {
  const scalars = [
    { schema: { type: "string" }, value: textIn(where, false), item: textIn(where, true) },
    { schema: { type: "integer" }, value: fc.integer(), item: fc.integer() },
    { schema: { type: "number" }, value: number, item: number },
    { schema: { type: "boolean" }, value: fc.boolean(), item: fc.boolean() },
    {
      schema: { type: ["integer", "null"] },
      value: fc.option(fc.integer(), { nil: null }),
      item: fc.option(fc.integer(), { nil: null }),
    },
  ];
  return [
    ...scalars.map((s) => ({
      shape: "primitive",
      schema: s.schema,
      value: s.value as fc.Arbitrary<unknown>,
    })),
    ...scalars.map((s) => ({
      shape: "array",
      schema: { type: "array", items: s.schema },
      // [""] (or [null]) and [] read the same where the list is one text: a one-empty-item list is no case.
      value: fc
        .array(s.item as fc.Arbitrary<unknown>, { minLength: 1, maxLength: 4 })
        .filter(
          (a) => !(a.length === 1 && (a[0] === "" || a[0] === null)),
        ) as fc.Arbitrary<unknown>,
    })),
    {
      shape: "object",
      schema: {
        type: "object",
        properties: { s: { type: "string" }, "n m": { type: "integer" }, b: { type: "boolean" } },
      },
      value: fc
        .record(
          { s: textIn(where, true), "n m": fc.integer(), b: fc.boolean() },
          { requiredKeys: [] },
        )
        .filter((o) => Object.keys(o).length > 0) as fc.Arbitrary<unknown>,
    },
  ];
}

/** The places each style is defined for, with both explode values. */
const combinations = Object.entries(STYLES).flatMap(([style, entry]) =>
  entry.in.flatMap((where) => [true, false].map((explode) => ({ style, where, explode }))),
);

describe("every style reads back what it writes", () => {
  test.each(combinations)("$style in $where, explode $explode", ({ style, where, explode }) => {
    for (const c of cases(where)) {
      // deepObject carries objects only; the delimited styles lists and objects (OpenAPI's style table).
      if (style === "deepObject" && c.shape !== "object") continue;
      if (/Delimited$/.test(style) && c.shape === "primitive") continue;
      const p = {
        name: where === "path" ? "p" : "tok",
        in: where,
        style,
        explode,
        schema: c.schema,
      };
      fc.assert(
        fc.property(c.value, (value) => {
          const request = transfer(p, value);
          // A URL parser folds a `.` or `..` segment: such a path is no request of this operation.
          fc.pre(where !== "path" || request.pathValues.p !== undefined);
          // The delimited styles read their delimiter (sent as is or encoded) as one: data cannot carry it.
          const text = JSON.stringify(value);
          fc.pre(!(style === "spaceDelimited" && text.includes(" ")));
          fc.pre(!(style === "pipeDelimited" && text.includes("|")));
          expect(readParameter({}, p, request)).toEqual({ value });
        }),
        { numRuns: 40 },
      );
    }
  });
});

describe("what a server reads from text (typedText)", () => {
  test.each([
    [{ type: "integer" }, "7", 7],
    [{ type: "integer" }, "007", "007"],
    [{ type: "integer" }, "-5", -5],
    [{ type: "integer" }, "+1", "+1"],
    [{ type: "integer" }, "1e3", 1000],
    [{ type: "integer" }, " 7", " 7"],
    [{ type: "integer" }, "", ""],
    [{ type: "number" }, "0.5", 0.5],
    [{ type: "number" }, ".5", ".5"],
    [{ type: "number" }, "1e400", "1e400"],
    [{ type: "boolean" }, "true", true],
    [{ type: "boolean" }, "True", "True"],
    [{ type: ["integer", "null"] }, "", null],
    [{ type: ["string", "null"] }, "", ""],
    [{ type: "string" }, "007", "007"],
    [{ type: "integer" }, "null", "null"],
  ])("%j reads %j as %j", (schema, text, read) => {
    expect(typedText(schema, text)).toEqual(read);
  });

  test("readBack: a value sent and read back by its schema", () => {
    expect(readBack({}, { type: "integer" }, "007")).toBe("007");
    expect(readBack({}, { type: "string" }, 7)).toBe("7");
    expect(readBack({}, { type: "array", items: { type: "integer" } }, "5")).toEqual([5]);
    expect(readBack({}, { type: "integer" }, [1, 2])).toBe("1,2");
    expect(readBack({}, { type: ["integer", "null"] }, null)).toBeNull();
  });
});

describe("reading a request", () => {
  test("a query parameter given twice, a broken escape and a missing one", () => {
    const p = { name: "n", in: "query", schema: { type: "integer" } } as const;
    const at = (search: string): ArrivedRequest => ({
      pathValues: {},
      query: queryPairs(search),
      headers: {},
    });
    expect(readParameter({}, p, at("n=1&n=2"))).toEqual({
      problem: "must be given once, not 2 times",
    });
    expect(readParameter({}, p, at("n=%ZZ"))).toEqual({
      problem: "is not validly percent-encoded",
    });
    expect(readParameter({}, p, at("m=1"))).toBeUndefined();
    expect(readParameter({}, p, at("n=007"))).toEqual({ value: "007" });
  });

  test("an unknown style is a typed error naming the known ones", () => {
    expect(() =>
      serializeParameters("/", [{ name: "a", in: "query", style: "tabDelimited" }], () => 1),
    ).toThrow(UnknownStyleError);
  });
});

describe("credentials, media types and pointers", () => {
  test("each scheme's credential in its place", () => {
    expect(placeCredential({ type: "http", scheme: "bearer" }, "t")).toEqual({
      in: "header",
      name: "authorization",
      value: "Bearer t",
    });
    expect(placeCredential({ type: "bearer" }, "t")?.value).toBe("Bearer t");
    expect(placeCredential({ type: "http", scheme: "Basic" }, "ü:p")?.value).toBe(
      `Basic ${Buffer.from("ü:p").toString("base64")}`,
    );
    for (const where of ["header", "query", "cookie"] as const)
      expect(placeCredential({ type: "apiKey", in: where, name: "K" }, "k")).toEqual({
        in: where,
        name: "K",
        value: "k",
      });
    expect(placeCredential({ type: "mutualTLS" }, "x")).toBeUndefined();
  });

  test("placeBearer is placeCredential of every bearer scheme; the /wire/credentials entry imports nothing", () => {
    for (const scheme of [
      { type: "bearer" },
      { type: "http", scheme: "Bearer" },
      { type: "oauth2" },
      { type: "openIdConnect" },
    ])
      expect(placeCredential(scheme, "t0ken")).toEqual(placeBearer("t0ken"));
    const built = join(
      dirname(fileURLToPath(import.meta.url)),
      "..",
      "dist",
      "wire",
      "credentials.js",
    );
    expect(existsSync(built), "run the build first").toBe(true);
    expect(readFileSync(built, "utf8")).not.toMatch(/^\s*(import|export \* from)\b|\bfrom\s*["']/m);
  });

  test("isJsonMedia: JSON and +json, parameters and case ignored; nothing else", () => {
    for (const t of ["application/json", "Application/Problem+JSON; charset=utf-8"])
      expect(isJsonMedia(t)).toBe(true);
    for (const t of ["text/plain", "application/jsonl", "multipart/form-data", "", undefined])
      expect(isJsonMedia(t)).toBe(false);
  });

  test("valueAt: escaped segments and array items; undefined for a missing one", () => {
    const doc = { "a/b": { "c~d": [10, 20] } };
    expect(valueAt(doc, "/a~1b/c~0d/1")).toBe(20);
    expect(valueAt(doc, "")).toBe(doc);
    expect(valueAt(doc, "/x/y")).toBeUndefined();
  });
});
