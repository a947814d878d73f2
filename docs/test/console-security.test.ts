// The console's credentials on operations whose security has several alternatives, Basic credentials and API keys in
// a cookie (copies of a grown fixture operation with that `security`), without a browser: what the panel asks for,
// which alternative a request sends, and the curl line (run by sh against a stand-in curl).
import type { OperationSpec, SecuritySchemeSpec } from "@merchant-payments/spec/model";
import { placeCredentials } from "@merchant-payments/spec/wire";
import { describe, expect, test } from "vitest";
import { curlLine, prepareRequest } from "../src/console/request.js";
import {
  apiKeySchemes,
  credentialSchemes,
  noCredentialsNote,
  secretLabel,
  secretVariable,
  takesToken,
} from "../src/console/security.js";
import { curlArgs } from "./support/fake-curl.js";
import { filledParameters, grownOperation } from "./support/grown-fixture.js";

const BASE = "http://127.0.0.1:4010";

const bearer: SecuritySchemeSpec = { key: "BearerAuth", type: "http", scheme: "bearer" };
const headerKey: SecuritySchemeSpec = {
  key: "ApiKeyHeader",
  type: "apiKey",
  in: "header",
  name: "X-Api-Key",
};
const basic: SecuritySchemeSpec = { key: "PartnerBasic", type: "http", scheme: "basic" };
const cookieKey: SecuritySchemeSpec = {
  key: "SessionCookie",
  type: "apiKey",
  in: "cookie",
  name: "session",
};

/** The grown fixture's `readTransaction` (a GET with a path parameter) with `security` replaced. */
function withSecurity(security: SecuritySchemeSpec[][]): OperationSpec {
  return { ...grownOperation("readTransaction"), security };
}

const request = (op: OperationSpec, token: string, secrets: Record<string, string>) =>
  prepareRequest(op, {
    baseUrl: BASE,
    token,
    acceptLanguage: "",
    parameters: filledParameters(op, { transactionReference: "TXN-1" }).values,
    apiKeys: new Map(Object.entries(secrets)),
  });
const headerOf = (sent: ReturnType<typeof request>, name: string) =>
  sent.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

describe("security alternatives in the console", () => {
  const either = withSecurity([[bearer], [headerKey]]);

  test("asks for the credentials of every alternative, each once", () => {
    expect(credentialSchemes(either).map((s) => s.key)).toEqual(["BearerAuth", "ApiKeyHeader"]);
    expect(takesToken(either)).toBe(true);
    expect(apiKeySchemes(either).map((s) => s.key)).toEqual(["ApiKeyHeader"]);
    const both = withSecurity([[bearer, headerKey], [headerKey]]);
    expect(credentialSchemes(both).map((s) => s.key)).toEqual(["BearerAuth", "ApiKeyHeader"]);
  });

  test("sends the first alternative whose credentials are all typed, and no other's", () => {
    const keyOnly = request(either, "", { ApiKeyHeader: "k1" });
    expect(headerOf(keyOnly, "X-Api-Key")).toBe("k1");
    expect(headerOf(keyOnly, "Authorization")).toBeUndefined();
    const tokenOnly = request(either, "t0k", {});
    expect(headerOf(tokenOnly, "Authorization")).toBe("Bearer t0k");
    expect(headerOf(tokenOnly, "X-Api-Key")).toBeUndefined();
    const bothTyped = request(either, "t0k", { ApiKeyHeader: "k1" });
    expect(headerOf(bothTyped, "Authorization")).toBe("Bearer t0k");
    expect(headerOf(bothTyped, "X-Api-Key")).toBeUndefined();
    const nothing = request(either, "", {});
    expect(nothing.headers.map(([n]) => n.toLowerCase())).not.toContain("authorization");
  });

  test("sends an alternative of two schemes only when both are typed", () => {
    const pair = withSecurity([[bearer, headerKey], [basic]]);
    const half = request(pair, "t0k", { PartnerBasic: "u:p" });
    expect(headerOf(half, "Authorization")).toBe(`Basic ${btoa("u:p")}`);
    const full = request(pair, "t0k", { ApiKeyHeader: "k1", PartnerBasic: "u:p" });
    expect(headerOf(full, "Authorization")).toBe("Bearer t0k");
    expect(headerOf(full, "X-Api-Key")).toBe("k1");
  });
});

describe("Basic credentials in the console", () => {
  const op = withSecurity([[basic]]);

  test("asks for user:password, sends it base64 in Authorization, and masks it in the curl line", () => {
    expect(credentialSchemes(op).map((s) => s.key)).toEqual(["PartnerBasic"]);
    expect(takesToken(op)).toBe(false);
    expect(secretLabel(basic)).toBe("Basic credentials (user:password)");
    const sent = request(op, "", { PartnerBasic: "merchant:s3cr€t" });
    const encoded = Buffer.from("merchant:s3cr€t").toString("base64");
    expect(headerOf(sent, "Authorization")).toBe(`Basic ${encoded}`);
    const line = curlLine(sent);
    expect(line).not.toContain(encoded);
    const variable = secretVariable(basic);
    expect(variable).toBe("MERCHANT_PAYMENTS_PARTNER_BASIC");
    expect(curlArgs(line, { [variable]: encoded })).toContain(`Authorization: Basic ${encoded}`);
  });
});

describe("API keys in a cookie", () => {
  test("an alternative with one is left out (a page cannot set Cookie); the others are asked for", () => {
    const op = withSecurity([[cookieKey], [basic]]);
    expect(credentialSchemes(op).map((s) => s.key)).toEqual(["PartnerBasic"]);
    const sent = request(op, "", { PartnerBasic: "u:p", SessionCookie: "c" });
    expect(sent.headers.map(([n]) => n.toLowerCase())).not.toContain("cookie");
  });

  test("an operation whose only alternative takes one says so instead of claiming it needs none", () => {
    const op = withSecurity([[cookieKey]]);
    expect(credentialSchemes(op)).toEqual([]);
    expect(noCredentialsNote(op)).toContain("cookie");
    expect(noCredentialsNote(withSecurity([]))).toBe(
      "Sent without credentials (the operation needs none).",
    );
  });
});

describe("a base64 API key from the console", () => {
  const key = "dGVzdC1rZXk+/w==";
  const queryKey: SecuritySchemeSpec = {
    key: "QueryKey",
    type: "apiKey",
    in: "query",
    name: "api_key",
  };

  test("goes into the query and a header exactly as the spec's wire module places it", () => {
    const inQuery = request(withSecurity([[queryKey]]), "", { QueryKey: key });
    const [pair] = placeCredentials([[queryKey, key]]).query;
    expect(pair).toBe("api_key=dGVzdC1rZXk%2B%2Fw%3D%3D");
    expect(new URL(inQuery.url).search).toContain(pair as string);
    const inHeader = request(withSecurity([[headerKey]]), "", { ApiKeyHeader: key });
    expect(headerOf(inHeader, "X-Api-Key")).toBe(
      placeCredentials([[headerKey, key]]).headers["X-Api-Key"],
    );
  });
});
