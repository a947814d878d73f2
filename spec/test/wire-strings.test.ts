// The wire module's exact strings: tables of what goes on the wire per style, place, explode and value type
// (OpenAPI 3.1's own serialization examples among them), per credential kind, per cookie value, per form body and
// multipart part. Every package that sends a request writes these through the module, so these strings are what
// leaves the client, verify, the contract suite and the console.
import { describe, expect, test } from "vitest";
import { schemaAt, typesOf } from "../src/refs.js";
import {
  acceptHeader,
  bodyKind,
  cookieHeader,
  cookiePair,
  cookiePairs,
  cookieValue,
  encodeCookieValue,
  multipartParts,
  placeCredentials,
  serializeParameter,
  serializeParameters,
  urlencodedBody,
  type WireParameter,
} from "../src/wire/index.js";

const list = ["blue", "black", "brown"];
const object = { R: 100, G: 200, B: 150 };

/** [style, place, explode, value, the pieces as sent]: OpenAPI 3.1's style examples (4.8.12.4), name `color`. */
const STYLE_TABLE: [string, WireParameter["in"], boolean, unknown, string[]][] = [
  ["matrix", "path", false, "blue", [";color=blue"]],
  ["matrix", "path", false, list, [";color=blue,black,brown"]],
  ["matrix", "path", false, object, [";color=R,100,G,200,B,150"]],
  ["matrix", "path", true, list, [";color=blue;color=black;color=brown"]],
  ["matrix", "path", true, object, [";R=100;G=200;B=150"]],
  ["label", "path", false, "blue", [".blue"]],
  ["label", "path", false, list, [".blue,black,brown"]],
  ["label", "path", false, object, [".R,100,G,200,B,150"]],
  ["label", "path", true, list, [".blue.black.brown"]],
  ["label", "path", true, object, [".R=100.G=200.B=150"]],
  ["simple", "path", false, "blue", ["blue"]],
  ["simple", "path", false, list, ["blue,black,brown"]],
  ["simple", "path", false, object, ["R,100,G,200,B,150"]],
  ["simple", "path", true, object, ["R=100,G=200,B=150"]],
  ["simple", "header", false, list, ["blue,black,brown"]],
  ["simple", "header", true, object, ["R=100,G=200,B=150"]],
  ["form", "query", false, "blue", ["color=blue"]],
  ["form", "query", false, list, ["color=blue,black,brown"]],
  ["form", "query", false, object, ["color=R,100,G,200,B,150"]],
  ["form", "query", true, list, ["color=blue", "color=black", "color=brown"]],
  ["form", "query", true, object, ["R=100", "G=200", "B=150"]],
  ["spaceDelimited", "query", false, list, ["color=blue%20black%20brown"]],
  ["spaceDelimited", "query", false, object, ["color=R%20100%20G%20200%20B%20150"]],
  ["pipeDelimited", "query", false, list, ["color=blue|black|brown"]],
  ["pipeDelimited", "query", false, object, ["color=R|100|G|200|B|150"]],
  ["deepObject", "query", true, object, ["color[R]=100", "color[G]=200", "color[B]=150"]],
  ["form", "cookie", false, "blue", ["color=blue"]],
  ["form", "cookie", false, list, ["color=blue,black,brown"]],
  ["form", "cookie", true, list, ["color=blue", "color=black", "color=brown"]],
];

describe("parameters: the exact pieces of each style, place and explode", () => {
  test.each(STYLE_TABLE)(
    "%s in %s (explode %s) writes %j as %j",
    (style, place, explode, value, pieces) => {
      expect(serializeParameter({ name: "color", in: place, style, explode }, value)).toEqual(
        pieces,
      );
    },
  );

  /** [parameter, value, what the request carries]: values of every type, and what each place encodes. */
  const VALUES: [WireParameter, unknown, string][] = [
    [{ name: "ids", in: "query" }, [1, 2], "?ids=1&ids=2"],
    [{ name: "ids", in: "query", explode: false }, [1, 2], "?ids=1,2"],
    [{ name: "id", in: "query" }, "007", "?id=007"],
    [{ name: "id", in: "query" }, 7, "?id=7"],
    [{ name: "on", in: "query" }, true, "?on=true"],
    [{ name: "q", in: "query" }, "a b&c=d", "?q=a%20b%26c%3Dd"],
    [{ name: "q", in: "query" }, "ü~*'", "?q=%C3%BC~%2A%27"],
    [{ name: "q", in: "query" }, null, "?q="],
    [{ name: "id", in: "path" }, "a/b c", "/items/a%2Fb%20c"],
    [{ name: "id", in: "path" }, 42, "/items/42"],
    [{ name: "id", in: "path", style: "label" }, "a.b", "/items/.a%2Eb"],
    [{ name: "id", in: "path", style: "matrix" }, "", "/items/;id"],
    [{ name: "X-Tags", in: "header" }, ["a b", "c"], "X-Tags: a b,c"],
    [{ name: "X-Limit", in: "header" }, 10, "X-Limit: 10"],
    [{ name: "tenant", in: "cookie" }, "a b;c", "Cookie: tenant=a%20b%3Bc"],
    [{ name: "tenant", in: "cookie" }, "ab+/=", "Cookie: tenant=ab+/="],
  ];

  test.each(VALUES)("%j given %j is sent as %s", (p, value, sent) => {
    const out = serializeParameters("/items/{id}", [p], () => value);
    const query = out.query.length > 0 ? `?${out.query.join("&")}` : "";
    const header = Object.entries(out.headers).map(
      ([k, v]) => `${k === "cookie" ? "Cookie" : k}: ${v}`,
    );
    const carried = p.in === "path" ? out.path : p.in === "query" ? query : header[0];
    expect(carried).toBe(sent);
  });

  test("cookie parameters and cookie pairs join into one Cookie header", () => {
    const out = serializeParameters(
      "/",
      [
        { name: "a", in: "cookie" },
        { name: "b", in: "cookie", explode: false },
      ],
      (p) => (p.name === "a" ? "1" : [2, 3]),
    );
    expect(out.headers.cookie).toBe("a=1; b=2,3");
    expect(cookieHeader([out.headers.cookie as string, cookiePair("key", "k/+=")])).toBe(
      "a=1; b=2,3; key=k/+=",
    );
    expect(cookieHeader([])).toBeUndefined();
  });
});

describe("cookie values: RFC 6265 cookie-octets kept, everything else and % percent-encoded", () => {
  const COOKIE_VALUES: [string, string][] = [
    ["dGVzdC1rZXk+/w==", "dGVzdC1rZXk+/w=="],
    ["key/with=reserved", "key/with=reserved"],
    ["a b", "a%20b"],
    ['say "hi"', "say%20%22hi%22"],
    ["a,b;c\\d", "a%2Cb%3Bc%5Cd"],
    ["100%", "100%25"],
    ["é", "%C3%A9"],
    ["tab\there", "tab%09here"],
    ["!#$&'()*-.:<>?@[]^_`{|}~", "!#$&'()*-.:<>?@[]^_`{|}~"],
  ];
  test.each(COOKIE_VALUES)("%j is sent as %s and read back", (value, sent) => {
    expect(encodeCookieValue(value)).toBe(sent);
    expect(cookieValue(`other=1; k=${sent}`, "k")).toBe(value);
  });

  test("a Cookie header is read as pairs (names decoded, values as sent), values only by their own name", () => {
    expect(cookiePairs("a=1;  b = x%20y ; broken; =v")).toEqual([
      ["a", "1"],
      ["b", "x%20y"],
    ]);
    expect(cookiePairs(["a=1", "b=2"])).toEqual([
      ["a", "1"],
      ["b", "2"],
    ]);
    expect(cookieValue("a=1", "b")).toBeUndefined();
    expect(cookieValue("a=%E0%A4%A", "a")).toBe("%E0%A4%A");
  });
});

describe("credentials: where each scheme puts its secret, exactly", () => {
  const BASE64_KEY = "dGVzdC1rZXk+/w==";
  test.each([
    [
      { type: "http", scheme: "bearer" },
      "tok.en-1",
      { headers: { authorization: "Bearer tok.en-1" } },
    ],
    [{ type: "oauth2" }, "tok", { headers: { authorization: "Bearer tok" } }],
    [{ type: "openIdConnect" }, "tok", { headers: { authorization: "Bearer tok" } }],
    [
      { type: "http", scheme: "Basic" },
      "user:pä55",
      { headers: { authorization: "Basic dXNlcjpww6Q1NQ==" } },
    ],
    [
      { type: "apiKey", in: "header", name: "X-Api-Key" },
      BASE64_KEY,
      { headers: { "X-Api-Key": BASE64_KEY } },
    ],
    [
      { type: "apiKey", in: "query", name: "api key" },
      BASE64_KEY,
      { query: ["api%20key=dGVzdC1rZXk%2B%2Fw%3D%3D"] },
    ],
    [
      { type: "apiKey", in: "cookie", name: "session_key" },
      BASE64_KEY,
      { cookies: [`session_key=${BASE64_KEY}`] },
    ],
    [{ type: "mutualTLS" }, "unused", {}],
  ])("%j with %s", (scheme, secret, expected) => {
    expect(placeCredentials([[scheme, secret]])).toEqual({
      headers: {},
      query: [],
      cookies: [],
      ...expected,
    });
  });

  test("an alternative of several schemes places each", () => {
    const placed = placeCredentials([
      [{ type: "bearer" }, "tok"],
      [{ type: "apiKey", in: "cookie", name: "k" }, "a b"],
      [{ type: "apiKey", in: "query", name: "q" }, "a b"],
    ]);
    expect(placed).toEqual({
      headers: { authorization: "Bearer tok" },
      query: ["q=a%20b"],
      cookies: ["k=a%20b"],
    });
  });
});

describe("urlencoded bodies: OpenAPI's defaults, and each property's style and explode", () => {
  test.each([
    [{ name: "Ann Lee", age: 7 }, {}, "name=Ann+Lee&age=7"],
    [{ ids: [1, 2] }, {}, "ids=1&ids=2"],
    [
      { address: { city: "Nairobi", zip: "00100" } },
      {},
      "address=%7B%22city%22%3A%22Nairobi%22%2C%22zip%22%3A%2200100%22%7D",
    ],
    [{ tags: [{ a: 1 }] }, {}, "tags=%7B%22a%22%3A1%7D"],
    [{ note: "a+b=c&d ~" }, {}, "note=a%2Bb%3Dc%26d+~"],
    [{ empty: null, gone: undefined }, {}, "empty="],
    [{ ids: [1, 2] }, { ids: { explode: false } }, "ids=1,2"],
    [{ ids: [1, 2] }, { ids: { style: "spaceDelimited", explode: false } }, "ids=1+2"],
    [{ ids: [1, 2] }, { ids: { style: "pipeDelimited", explode: false } }, "ids=1|2"],
    [{ f: { a: "x y", b: 2 } }, { f: { style: "deepObject", explode: true } }, "f[a]=x+y&f[b]=2"],
    [{ f: { a: 1, b: 2 } }, { f: { style: "form", explode: true } }, "a=1&b=2"],
    [{ f: { a: 1, b: 2 } }, { f: { style: "form", explode: false } }, "f=a,1,b,2"],
  ])("%j with encoding %j is %s", (value, encodings, sent) => {
    expect(urlencodedBody(value, encodings)).toBe(sent);
  });
});

describe("multipart parts: one per property, files and scalars of a list per item, JSON parts, declared types", () => {
  const file = new Uint8Array([1, 2]);
  test("plans each part with its kind and Content-Type", () => {
    const parts = multipartParts(
      {
        name: "doc",
        count: 2,
        meta: { a: 1 },
        tags: ["x", "y"],
        rows: [{ a: 1 }, 2],
        files: [file, file],
        avatar: file,
        when: undefined,
        picture: file,
        note: "n",
      },
      {
        meta: { contentType: "application/vnd.meta+json" },
        avatar: { contentType: "image/png, image/jpeg" },
        picture: { contentType: "image/*" },
        note: { contentType: "text/markdown" },
      },
      (name) => ["files", "avatar", "picture"].includes(name),
    );
    expect(parts).toEqual([
      { name: "name", kind: "text", contentType: undefined, value: "doc" },
      { name: "count", kind: "text", contentType: undefined, value: "2" },
      { name: "meta", kind: "json", contentType: "application/vnd.meta+json", value: '{"a":1}' },
      { name: "tags", kind: "text", contentType: undefined, value: "x" },
      { name: "tags", kind: "text", contentType: undefined, value: "y" },
      { name: "rows", kind: "json", contentType: "application/json", value: '[{"a":1},2]' },
      { name: "files", kind: "file", contentType: undefined, value: file },
      { name: "files", kind: "file", contentType: undefined, value: file },
      { name: "avatar", kind: "file", contentType: "image/png", value: file },
      { name: "picture", kind: "file", contentType: undefined, value: file },
      { name: "note", kind: "text", contentType: "text/markdown", value: "n" },
    ]);
  });
});

describe("media kinds and Accept", () => {
  test.each([
    ["application/json", "json"],
    ["application/problem+json; charset=utf-8", "json"],
    ["application/xml", "text"],
    ["application/atom+xml", "text"],
    ["image/svg+xml", "text"],
    ["application/xml-dtd", "text"],
    ["application/yaml", "text"],
    ["application/vnd.oai.openapi+yaml", "text"],
    ["text/csv", "text"],
    ["image/png", "binary"],
    ["application/octet-stream", "binary"],
    ["multipart/form-data", "multipart"],
    ["application/x-www-form-urlencoded", "urlencoded"],
  ])("%s is a %s body", (type, kind) => {
    expect(bodyKind(type)).toBe(kind);
  });

  test("asks for JSON where a response offers JSON and XML, and for every other response's types", () => {
    expect(
      acceptHeader([
        ["application/json", "application/xml"],
        ["application/problem+json"],
        ["text/csv"],
        ["application/xml"],
      ]),
    ).toBe("application/json, application/problem+json, text/csv, application/xml");
    expect(acceptHeader([])).toBe("");
  });
});

describe("schema helpers", () => {
  const document = {
    components: {
      schemas: {
        Base: { type: "object", properties: { id: { type: "string" } } },
        Page: {
          allOf: [
            { $ref: "#/components/schemas/Base" },
            {
              type: "object",
              properties: { data: { type: "array", items: { $ref: "#/components/schemas/Item" } } },
            },
          ],
        },
        Item: { type: ["object", "null"], properties: { n: { type: "integer" } } },
        Wrapper: {
          allOf: [{ $ref: "#/components/schemas/Page" }],
          description: "an allOf wrapper",
        },
      },
    },
  };

  test("follow $ref and allOf (nested) to a property, and items by index", () => {
    const wrapper = { $ref: "#/components/schemas/Wrapper" };
    // The case the two copies disagreed on: a property only an allOf branch declares.
    expect(schemaAt(document, wrapper, ["data"])).toEqual(
      document.components.schemas.Page.allOf[1]?.properties?.data,
    );
    expect(schemaAt(document, wrapper, ["id"])).toEqual({ type: "string" });
    expect(schemaAt(document, wrapper, ["data", "0", "n"])).toEqual({ type: "integer" });
    expect(schemaAt(document, wrapper, ["missing"])).toBeUndefined();
    expect(
      schemaAt(document, { prefixItems: [{ type: "string" }], items: { type: "number" } }, ["0"]),
    ).toEqual({
      type: "string",
    });
  });

  test("list a schema's types", () => {
    expect(typesOf(document.components.schemas.Item)).toEqual(["object", "null"]);
    expect(typesOf({ type: "string" })).toEqual(["string"]);
    expect(typesOf({})).toEqual([]);
    expect(typesOf(undefined)).toEqual([]);
  });
});
