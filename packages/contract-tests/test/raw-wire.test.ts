// The raw requests the suite sends the mock carry credentials and form bodies exactly as the spec's wire module
// writes them (the same bytes the client, verify and the console send): a base64 API key in a cookie byte for byte, a
// urlencoded body's array as its repeated name (not `String(array)`).
import type { MediaSpec, OperationSpec } from "@merchant-payments/spec/model";
import { cookiePair, urlencodedBody } from "@merchant-payments/spec/wire";
import { describe, expect, test } from "vitest";
import { rawRequest } from "../src/call-inputs.js";

const BASE64_KEY = "dGVzdC1rZXk+/w==";
const credentials = { token: "token-1", apiKey: BASE64_KEY, basic: "user:pass" };

/** An operation of `path` secured by `scheme` alone, with no parameters. */
function operation(scheme: Record<string, unknown>): OperationSpec {
  return {
    operationId: "op",
    method: "POST",
    path: "/things",
    parameters: [],
    security: [[{ key: "Key", ...scheme }]],
  } as unknown as OperationSpec;
}

describe("a raw request of the suite", () => {
  test("sends a base64 API key in a cookie byte for byte, as the wire module writes it", () => {
    const op = operation({ type: "apiKey", in: "cookie", name: "session_key" });
    const raw = rawRequest({}, "http://mock", op, {}, undefined, undefined, credentials);
    const cookie = new Headers(raw.init.headers).get("cookie");
    expect(cookie).toBe(cookiePair("session_key", BASE64_KEY));
    expect(cookie).toBe("session_key=dGVzdC1rZXk+/w==");
  });

  test("sends an API key in the query percent-encoded, as the wire module writes it", () => {
    const op = operation({ type: "apiKey", in: "query", name: "api_key" });
    const raw = rawRequest({}, "http://mock", op, {}, undefined, undefined, credentials);
    expect(raw.url).toBe("http://mock/things?api_key=dGVzdC1rZXk%2B%2Fw%3D%3D");
  });

  test("writes a urlencoded body's array as its repeated name", () => {
    const op = operation({ type: "http", scheme: "bearer" });
    const media = {
      mediaType: "application/x-www-form-urlencoded",
      schema: { type: "object" },
      encoding: {},
    } as unknown as MediaSpec;
    const body = { ids: [1, 2], note: "a b" };
    const raw = rawRequest({}, "http://mock", op, {}, media, body, credentials);
    expect(raw.init.body).toBe("ids=1&ids=2&note=a+b");
    expect(raw.init.body).toBe(urlencodedBody(body));
    expect(new Headers(raw.init.headers).get("authorization")).toBe("Bearer token-1");
  });
});
