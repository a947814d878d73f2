// Parameters and bodies on the wire, per OpenAPI 3.1 style, and what a server reads back (readBack), which decides
// whether a broken value is still broken once sent; then the plan of the grown fixture: every invalid case is
// invalid on the wire, every valid one valid, and every operation planned without a hand-kept list.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createAjv, operations, type ParameterSpec } from "@merchant-payments/spec";
import { cookiePair, readBack } from "@merchant-payments/spec/wire";
import { describe, expect, test } from "vitest";
import { encodeBody } from "../src/bodies.js";
import { placedParameters, unsendablePathValue } from "../src/parameters.js";
import { planCases } from "../src/plan.js";
import { credentialsFor } from "../src/requests.js";

const require = createRequire(import.meta.url);
const grown = JSON.parse(
  readFileSync(require.resolve("@merchant-payments/spec/fixtures/grown.json"), "utf8"),
);

const param = (name: string, where: ParameterSpec["in"], style: string, explode: boolean) =>
  ({
    name,
    in: where,
    style,
    explode,
    required: false,
    schema: {},
    schemaPointer: "",
  }) as ParameterSpec;

describe("placedParameters: each style", () => {
  test.each([
    [param("ids", "query", "form", true), ["a b", "c&d"], "ids=a%20b&ids=c%26d"],
    [param("ids", "query", "form", false), ["a", "b,c"], "ids=a,b%2Cc"],
    [param("ids", "query", "spaceDelimited", false), ["a", "b"], "ids=a%20b"],
    [param("ids", "query", "pipeDelimited", false), ["a", "b|c"], "ids=a|b%7Cc"],
    [
      param("range", "query", "deepObject", true),
      { from: "2024-01-01", to: "x y" },
      "range[from]=2024-01-01&range[to]=x%20y",
    ],
    [param("range", "query", "form", true), { from: 1, to: 2 }, "from=1&to=2"],
    [param("range", "query", "form", false), { from: 1, to: 2 }, "range=from,1,to,2"],
    [param("n", "query", "form", true), 12.5, "n=12.5"],
    [param("q", "query", "form", true), "it's (x)*!", "q=it%27s%20%28x%29%2A%21"],
  ])("%o with %j gives %s", (p, value, query) => {
    expect(placedParameters("/x", [p], { [p.name]: value }).query).toBe(query);
  });

  test("path values are percent-encoded within their segment; headers and cookies take the simple and form styles", () => {
    const out = placedParameters(
      "/files/{name}/{ids}",
      [
        param("name", "path", "simple", false),
        param("ids", "path", "simple", false),
        param("X-Ids", "header", "simple", false),
        param("session", "cookie", "form", true),
      ],
      { name: "a/b ?#é", ids: [1, 2], "X-Ids": ["x", "y"], session: "s 1" },
    );
    expect(out.path).toBe("/files/a%2Fb%20%3F%23%C3%A9/1,2");
    expect(out.headers).toEqual({ "X-Ids": "x,y", cookie: "session=s%201" });
    expect(out.query).toBe("");
  });

  test("a path segment a URL parser folds, or an empty one, is unsendable", () => {
    for (const text of ["", ".", "..", "%2e", ".%2E"]) expect(unsendablePathValue(text)).toBe(true);
    expect(unsendablePathValue("...")).toBe(false);
  });
});

describe("readBack: what a server reads back by the schema", () => {
  test.each([
    [{ type: "integer" }, 7, 7],
    [{ type: "integer" }, "abc", "abc"],
    [{ type: "string" }, 7, "7"],
    [{ type: "boolean" }, true, true],
    [{ type: "array", items: { type: "integer" } }, [1, 2], [1, 2]],
    [{ type: "array", items: { type: "string" } }, "S", ["S"]],
    [{ type: "object", properties: { n: { type: "number" } } }, { n: 1.5 }, { n: 1.5 }],
    [{ type: "integer" }, { a: 1 }, '{"a":1}'],
  ])("%j: %j reads back as %j", (schema, value, read) => {
    expect(readBack({}, schema, value)).toEqual(read);
  });
});

describe("encodeBody", () => {
  const media = (mediaType: string, schema = {}, encoding = {}) => ({
    mediaType,
    schema,
    schemaPointer: "",
    resolvedSchemaPointer: "",
    examples: [],
    encoding,
  });

  test("multipart: a text field, a file part with its encoding's first Content-Type, repeated files, a JSON part", () => {
    const schema = {
      type: "object",
      properties: {
        file: { type: "string", contentMediaType: "application/octet-stream" },
        more: { type: "array", items: { type: "string", contentMediaType: "application/pdf" } },
      },
    };
    const encoding = { file: { contentType: "image/png, image/jpeg" } };
    const body = encodeBody({}, media("multipart/form-data", schema, encoding), {
      note: "hi",
      file: "PNG",
      more: ["a", "b"],
      meta: { by: "x" },
    });
    expect(body.contentType).toBe(
      "multipart/form-data; boundary=merchant-payments-verify-boundary",
    );
    const text = Buffer.from(body.body as Uint8Array).toString("utf8");
    expect(text).toContain('name="note"\r\n\r\nhi\r\n');
    expect(text).toContain(
      'name="file"; filename="file-0"\r\nContent-Type: image/png\r\n\r\nPNG\r\n',
    );
    expect(
      text.match(/name="more"; filename="more-\d"\r\nContent-Type: application\/octet-stream/g),
    ).toHaveLength(2);
    expect(text).toContain('name="meta"\r\nContent-Type: application/json\r\n\r\n{"by":"x"}\r\n');
    expect(text.endsWith("--merchant-payments-verify-boundary--\r\n")).toBe(true);
  });

  test("urlencoded, text and binary", () => {
    expect(
      encodeBody({}, media("application/x-www-form-urlencoded"), { a: "x y", b: [1, 2] }).body,
    ).toBe("a=x+y&b=1&b=2");
    expect(encodeBody({}, media("text/plain"), "note")).toMatchObject({
      contentType: "text/plain; charset=utf-8",
      body: "note",
    });
    const binary = encodeBody({}, media("application/octet-stream"), new Uint8Array([0, 255]));
    expect(binary).toMatchObject({ contentType: "application/octet-stream", text: "<2 bytes>" });
  });
});

describe("planCases on the grown fixture", () => {
  const ajv = createAjv(grown);
  const plan = planCases(grown, operations(grown), ajv, {
    seed: 11,
    runs: 4,
    allowWrites: true,
    // uploadDisputeAttachment's octet-stream body has no example: a write planned generated only when asked.
    generatedWrites: true,
    token: "t",
    apiKey: "k",
    basic: "u:p",
  });

  test("plans every operation, each with at least one request", () => {
    expect(plan.skipped).toEqual([]);
    for (const op of operations(grown))
      expect(plan.cases.filter((c) => c.operation === op).length, op.operationId).toBeGreaterThan(
        0,
      );
  });

  test("breaks parameters one at a time: bounds, enum, pattern, format, a missing required one", () => {
    const names = plan.cases.filter((c) => c.kind === "invalid-parameter").map((c) => c.name);
    expect(names).toContain("invalid query parameter merchantAccountNumber: above maximum");
    expect(names).toContain(
      "invalid query parameter merchantAccountNumber: missing, which is required",
    );
    expect(names).toContain("invalid query parameter limit: below minimum");
    expect(names).toContain("invalid path parameter settlementDate: breaks format date");
    expect(names.some((n) => n.startsWith("invalid query parameter period: "))).toBe(true);
    expect(
      names.some((n) =>
        /^invalid path parameter transactionReference: longer than maxLength/.test(n),
      ),
    ).toBe(true);
  });

  test("skips an operation whose API key is not given, saying what to set", () => {
    const without = planCases(grown, operations(grown), ajv, {
      seed: 1,
      runs: 1,
      allowWrites: true,
      generatedWrites: true,
      token: "t",
      basic: "u:p",
    });
    // Those whose every security alternative takes an API key (in a header, the query or a cookie).
    const needKey = operations(grown)
      .filter((op) => op.security.length > 0)
      .filter((op) =>
        op.security.every((alternative) => alternative.some((s) => s.type === "apiKey")),
      )
      .map((op) => op.operationId);
    expect(needKey.length).toBeGreaterThan(0);
    const skipped = without.skipped.map((s) => [s.operation.operationId, s.reason]);
    expect(skipped.map(([id]) => id).sort()).toEqual(needKey.sort());
    expect(skipped[0]?.[1]).toMatch(
      /needs an API key in .* set MERCHANT_PAYMENTS_API_KEY or give --api-key-file/,
    );
  });
});

describe("credentialsFor: what each operation's security asks", () => {
  const op = (security: unknown) =>
    ({ security }) as unknown as Parameters<typeof credentialsFor>[0];
  const bearer = { key: "Bearer", type: "http", scheme: "bearer" };
  const cookieKey = { key: "Session", type: "apiKey", in: "cookie", name: "sid" };
  const basic = { key: "Basic", type: "http", scheme: "basic" };

  test("none for security: [], the first alternative verify can satisfy otherwise", () => {
    expect(credentialsFor(op([]), { token: "t" })).toEqual({
      credentials: { headers: {}, query: [] },
    });
    expect(credentialsFor(op([[basic], [bearer, cookieKey]]), { token: "t", apiKey: "k" })).toEqual(
      {
        credentials: { headers: { authorization: "Bearer t", cookie: "sid=k" }, query: [] },
      },
    );
  });

  test("sends a base64 API key in a cookie byte for byte, as the spec's wire module writes it", () => {
    const key = "dGVzdC1rZXk+/w==";
    const found = credentialsFor(op([[cookieKey]]), { apiKey: key });
    expect(found).toEqual({
      credentials: { headers: { cookie: cookiePair("sid", key) }, query: [] },
    });
    expect(found).toEqual({
      credentials: { headers: { cookie: "sid=dGVzdC1rZXk+/w==" }, query: [] },
    });
  });

  test("says what is missing when no alternative can be satisfied", () => {
    const found = credentialsFor(op([[basic], [cookieKey]]), { token: "t" });
    expect(found).toEqual({
      missing: "it needs Basic (http basic) or an API key in cookie sid (Session)",
      hint: "set MERCHANT_PAYMENTS_BASIC_CREDENTIALS (user:password) or give --basic-credentials-file <file>; set MERCHANT_PAYMENTS_API_KEY or give --api-key-file <file>",
    });
  });
});
