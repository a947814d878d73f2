// The one base-URL check shared by the client, verify and the docs console.
import { describe, expect, test } from "vitest";
import { checkBaseUrl } from "../src/base-url.js";

describe("checkBaseUrl", () => {
  test("splits an http(s) base URL into prefix and query, trailing slashes dropped", () => {
    expect(checkBaseUrl("https://api.example.com/sandbox/v1//")).toEqual({
      ok: true,
      prefix: "https://api.example.com/sandbox/v1",
      query: "",
    });
    expect(checkBaseUrl("http://127.0.0.1:4010")).toMatchObject({
      prefix: "http://127.0.0.1:4010",
    });
    expect(checkBaseUrl("https://h/v1?tenant=a", { query: "keep" })).toMatchObject({
      prefix: "https://h/v1",
      query: "?tenant=a",
    });
  });

  test.each([
    [undefined, "is required"],
    ["", "is required"],
    ["https://h/v1 ", "must not contain whitespace or control characters"],
    ["https://h/\tv1", "must not contain whitespace or control characters"],
    ["/v1", "must be an absolute URL"],
    ["file:///etc", "must start with http:// or https://"],
    ["https://user:pw@h/v1", "must not hold credentials (use token)"],
    ["https://h/v1#x", "must not hold a fragment (#...)"],
    ["https://h/#", "must not hold a fragment (#...)"],
    ["https://h/v1?tenant=a", "must not hold a query (?...)"],
  ])("refuses %j: %s", (value, problem) => {
    expect(checkBaseUrl(value)).toEqual({ ok: false, problem });
  });
});
