import { describe, expect, test } from "vitest";
import { statusMatch } from "../src/model.js";

describe("statusMatch, the one status-key matcher", () => {
  test("an exact key, a range key in any case, and no match for others or default", () => {
    expect(statusMatch("404", 404)).toBe("exact");
    expect(statusMatch("4XX", 404)).toBe("range");
    expect(statusMatch("5xx", 503)).toBe("range");
    expect(statusMatch("5XX", 404)).toBeUndefined();
    expect(statusMatch("default", 404)).toBeUndefined();
  });
});
