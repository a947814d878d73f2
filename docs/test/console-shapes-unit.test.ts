// The console's pure parts on every operation shape of the grown fixture, without a browser: parameters read,
// checked and serialized per style, credentials per operation, form bodies and their parts, the curl line (run by
// sh against a stand-in curl), and how answers are shown.
import { operations } from "@merchant-payments/spec";
import type { ParameterSpec } from "@merchant-payments/spec/model";
import { urlencodedBody } from "@merchant-payments/spec/wire";
import { describe, expect, test } from "vitest";
import { bodyView, declaredHeaders, downloadName, nextCursor } from "../src/console/answer.js";
import {
  checkForm,
  formFields,
  multipartBody,
  multipartParts,
  partType,
} from "../src/console/body.js";
import {
  fillPath,
  initialParameterFieldText,
  initialParameterText,
  parameterFields,
  queryString,
} from "../src/console/parameters.js";
import { acceptFor, curlLine, prepareRequest } from "../src/console/request.js";
import { credentialSchemes, secretVariable } from "../src/console/security.js";
import { curlArgs } from "./support/fake-curl.js";
import {
  filledParameters as checked,
  grownAjv,
  grownDocument,
  grownOperation as op,
} from "./support/grown-fixture.js";

const BASE = "http://127.0.0.1:4010";

describe("parameters", () => {
  test("a path value is percent-encoded within its segment", () => {
    const { values, issues } = checked(op("readTransaction"), {
      transactionReference: "TXN 1/2#3?4%",
    });
    expect(issues).toEqual([]);
    expect(fillPath(op("readTransaction").path, values)).toBe(
      "/transactions/TXN%201%2F2%233%3F4%25",
    );
  });

  test("query arrays per style: form exploded and not, space- and pipe-delimited, deepObject", () => {
    const list = checked(op("listTransactions"), {
      cursor: "",
      status: "S\nP",
      connectors: "a b\nc",
    });
    expect(list.issues).toEqual([]);
    expect(queryString(list.values)).toBe(
      `?merchantAccountNumber=${initialParameterText(parameterFields(op("listTransactions"))[0] as ParameterSpec)}&limit=2&status=S&status=P&connectors=a%20b,c&minAmount=100.5`,
    );
    const report = checked(op("downloadSettlementReport"));
    expect(queryString(report.values)).toBe(
      "?columns=transactionReferenceNumber%20amountReceived&currencies=KES|UGX",
    );
    const volume = checked(op("getVolumeSummary"));
    expect(queryString(volume.values)).toContain("&period[from]=2024-01-01&period[to]=2024-01-31");
  });

  test("values are typed by schema and checked: a wrong type, an enum miss and a missing required one", () => {
    const { issues, values } = checked(op("listTransactions"), {
      merchantAccountNumber: "abc",
      status: "S\nX",
      limit: "7",
    });
    expect([...values.values()]).toContain(7);
    expect(issues.map((i) => i.path)).toEqual(["/query/merchantAccountNumber", "/query/status/1"]);
    const missing = checked(op("readTransaction"), { transactionReference: " " });
    expect(missing.issues).toEqual([
      {
        path: "/path/transactionReference",
        message: "is required (path parameter transactionReference)",
        keyword: "required",
      },
    ]);
  });

  test("header parameters get fields, except the ones the console sets itself", () => {
    const names = parameterFields(op("placeTransactionHold")).map((p) => `${p.in}:${p.name}`);
    expect(names).toContain("header:X-Hold-Reason");
    expect(names).not.toContain("header:Accept-Language");
  });
});

describe("security per operation", () => {
  test("Bearer by default, an API key in a header or the query, nothing for security: []", () => {
    expect(credentialSchemes(op("readTransaction")).map((s) => s.key)).toEqual(["BearerAuth"]);
    expect(credentialSchemes(op("downloadSettlementReport")).map((s) => s.key)).toEqual([
      "ApiKeyHeader",
    ]);
    expect(credentialSchemes(op("issueAccessToken"))).toEqual([]);
    const request = prepareRequest(op("issueAccessToken"), {
      baseUrl: BASE,
      token: "t0k",
      acceptLanguage: "",
    });
    expect(request.headers.map(([name]) => name)).not.toContain("Authorization");
  });

  test("an API key in the query is sent there and masked in the curl line, which sh runs as sent", () => {
    const volume = op("getVolumeSummary");
    const request = prepareRequest(volume, {
      baseUrl: BASE,
      token: "",
      acceptLanguage: "",
      parameters: checked(volume).values,
      apiKeys: new Map([["ApiKeyQuery", "k$y&1"]]),
    });
    expect(request.url).toMatch(/&api_key=k%24y%261$/);
    const line = curlLine(request);
    expect(line).not.toContain("k%24y%261");
    const variable = secretVariable(credentialSchemes(volume)[0] as never);
    expect(variable).toBe("MERCHANT_PAYMENTS_API_KEY_QUERY");
    expect(curlArgs(line, { [variable]: "k%24y%261" })).toEqual([
      "--request",
      "GET",
      request.url,
      ...request.headers.flatMap(([n, v]) => ["--header", `${n}: ${v}`]),
    ]);
  });
});

describe("bodies", () => {
  const upload = op("uploadDisputeEvidence");
  const media = upload.requestBodies[0];
  if (!media) throw new Error("no multipart body");
  const fields = formFields(grownDocument, media);
  const pdf = new File(["%PDF-1.7"], "a.pdf", { type: "application/pdf" });
  const texts = new Map([
    ["category", "receipt"],
    ["metadata", '{"submittedBy":"a@b.example"}'],
  ]);

  test("a multipart form: file fields, JSON parts and their encoding.contentType", () => {
    expect(fields.map((f) => `${f.name}:${f.kind}`)).toEqual([
      "category:text",
      "description:text",
      "file:file",
      "supportingFiles:files",
      "metadata:json",
    ]);
    expect(partType(pdf, ["application/pdf", "image/png"])).toBe("application/pdf");
    expect(partType({ type: "" }, ["application/pdf"])).toBe("application/pdf");
    expect(partType({ type: "text/plain" }, ["application/pdf"])).toBeUndefined();
    expect(partType({ type: "image/png" }, ["image/*"])).toBe("image/png");
    const input = { texts, files: new Map([["file", [pdf]]]) };
    const form = checkForm(grownAjv, media, fields, input);
    expect(form.issues).toEqual([]);
    const parts = multipartParts(fields, input, form.value);
    expect(parts.map((p) => [p.name, p.type])).toEqual([
      ["category", undefined],
      ["file", "application/pdf"],
      ["metadata", "application/json"],
    ]);
  });

  test("a multipart form without its required file, or with bad JSON, is refused", () => {
    const form = checkForm(grownAjv, media, fields, {
      texts: new Map([
        ["category", "receipt"],
        ["metadata", "{"],
      ]),
      files: new Map(),
    });
    expect(form.issues.map((i) => [i.path, i.keyword ?? i.message.slice(0, 14)])).toEqual([
      ["/metadata", "not valid JSON"],
      ["", "required"],
    ]);
  });

  test("the multipart body carries each part's headers; curl sends the same parts", async () => {
    const input = { texts, files: new Map([["file", [pdf]]]) };
    const parts = multipartParts(fields, input, checkForm(grownAjv, media, fields, input).value);
    const { body, contentType } = multipartBody(parts, "XYZ");
    expect(contentType).toBe("multipart/form-data; boundary=XYZ");
    expect(await body.text()).toBe(
      [
        "--XYZ",
        'Content-Disposition: form-data; name="category"',
        "",
        "receipt",
        "--XYZ",
        'Content-Disposition: form-data; name="file"; filename="a.pdf"',
        "Content-Type: application/pdf",
        "",
        "%PDF-1.7",
        "--XYZ",
        'Content-Disposition: form-data; name="metadata"',
        "Content-Type: application/json",
        "",
        '{"submittedBy":"a@b.example"}',
        "--XYZ--",
        "",
      ].join("\r\n"),
    );
    const request = prepareRequest(upload, {
      baseUrl: BASE,
      token: "s3cret",
      acceptLanguage: "",
      parameters: checked(upload).values,
      payload: { kind: "multipart", parts, body, contentType },
    });
    const args = curlArgs(curlLine(request), { MERCHANT_PAYMENTS_TOKEN: "s3cret" });
    expect(args.slice(-6)).toEqual([
      "--form-string",
      "category=receipt",
      "--form",
      'file=@"a.pdf";type=application/pdf',
      "--form",
      'metadata="{\\"submittedBy\\":\\"a@b.example\\"}";type=application/json',
    ]);
    expect(args).not.toContain(`Content-Type: ${contentType}`);
  });

  test("urlencoded bodies, and the Accept header of non-JSON answers", () => {
    expect(urlencodedBody({ grant_type: "client_credentials", scope: "a b" })).toBe(
      "grant_type=client_credentials&scope=a+b",
    );
    expect(acceptFor(op("downloadSettlementReport"))).toContain("text/csv");
    expect(acceptFor(op("downloadTransactionReceipt"))).toContain("application/pdf");
  });

  test("a HEAD's curl line is --head, and a text body goes out byte for byte", () => {
    const head = op("checkTransaction");
    const request = prepareRequest(head, {
      baseUrl: BASE,
      token: "",
      acceptLanguage: "",
      parameters: checked(head).values,
    });
    expect(curlLine(request)).toMatch(
      /^curl --head 'http:\/\/127\.0\.0\.1:4010\/transactions\/TXN-20240115-000123'/,
    );
    const note = op("addDisputeNote");
    const text = "line 1\nit's $HOME\n";
    const noted = prepareRequest(note, {
      baseUrl: BASE,
      token: "",
      acceptLanguage: "",
      parameters: checked(note).values,
      payload: { kind: "text", mediaType: "text/plain", text },
    });
    expect(curlArgs(curlLine(noted), {}).slice(-2)).toEqual(["--data-binary", text]);
  });
});

describe("answers", () => {
  test("204 and HEAD show no content, text as text, JSON pretty, anything else as a size line", () => {
    expect(bodyView(204, "DELETE", null, 0, "").text).toBe("no content");
    expect(bodyView(200, "HEAD", "application/json", 0, "").kind).toBe("none");
    expect(bodyView(200, "GET", "text/csv; charset=utf-8", 4, "a,b\n")).toEqual({
      kind: "text",
      text: "a,b\n",
    });
    expect(bodyView(200, "GET", "application/json", 7, '{"a":1}').text).toBe('{\n  "a": 1\n}');
    expect(bodyView(200, "GET", "application/pdf", 2048, "")).toMatchObject({
      kind: "binary",
      text: "binary: 2.0 KB (2048 bytes), application/pdf",
    });
    expect(downloadName(op("downloadTransactionReceipt"), "application/pdf")).toBe(
      "downloadTransactionReceipt.pdf",
    );
  });

  test("the next page's cursor comes from the answer at x-pagination's next pointer; none on the last page", () => {
    const list = op("listTransactions");
    expect(nextCursor(list, { nextCursor: "abc", transactions: [] })).toBe("abc");
    expect(nextCursor(list, { nextCursor: null, transactions: [] })).toBeUndefined();
    expect(nextCursor(list, {})).toBeUndefined();
    expect(nextCursor(op("readTransaction"), { nextCursor: "abc" })).toBeUndefined();
  });

  test("a paginated operation's cursor field starts empty (the first page); its other fields start at their examples", () => {
    for (const paginated of operations(grownDocument).filter((o) => o.pagination)) {
      for (const param of parameterFields(paginated)) {
        const isCursor = param.in === "query" && param.name === paginated.pagination?.cursor;
        expect(initialParameterFieldText(paginated, param), param.name).toBe(
          isCursor ? "" : initialParameterText(param),
        );
        if (isCursor) expect(initialParameterText(param), "the cursor has an example").not.toBe("");
      }
    }
  });

  test("the headers the documented response declares, with what the page could read", () => {
    expect(declaredHeaders(op("createRefund"), 201, { location: "/refunds/R1" })).toContainEqual([
      "Location",
      "/refunds/R1",
    ]);
    expect(declaredHeaders(op("readTransaction"), 200, {})).toEqual([["ETag", undefined]]);
  });
});
