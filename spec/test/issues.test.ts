import { describe, expect, test } from "vitest";
import { formatIssues, type Issue } from "../src/issues.js";

const issue = (path: string, message = "is wrong"): Issue => ({ path, message });

describe("formatIssues, the one sentence listing issues", () => {
  test("lists the first five as path and message, the whole body as (body), then how many more", () => {
    expect(formatIssues([issue("/a", "must be >= 0"), issue("")])).toBe(
      "/a must be >= 0; (body) is wrong",
    );
    const seven = Array.from({ length: 7 }, (_, i) => issue(`/${i}`));
    expect(formatIssues(seven)).toBe(
      "/0 is wrong; /1 is wrong; /2 is wrong; /3 is wrong; /4 is wrong; and 2 more",
    );
    expect(formatIssues(seven, 2)).toBe("/0 is wrong; /1 is wrong; and 5 more");
    expect(formatIssues([])).toBe("");
  });
});
