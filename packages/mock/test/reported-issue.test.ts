import { describe, expect, it } from "vitest";
import {
  formatReportedIssue,
  formatReportedIssues,
  type RequestSidePart,
  reportedIssue,
  shownIssue,
} from "../src/reported-issue.js";

describe("reportedIssue", () => {
  it("names the side and the part in check, and keeps message and keyword", () => {
    expect(
      shownIssue(
        reportedIssue("response", {
          check: "schema",
          path: "/amount",
          message: "must be >= 0",
          keyword: "minimum",
        }),
      ),
    ).toEqual({
      check: "response schema",
      path: "/amount",
      message: "must be >= 0",
      keyword: "minimum",
    });
    expect(shownIssue(reportedIssue("request", { path: "", message: "must have a body" }))).toEqual(
      {
        check: "request body",
        path: "",
        message: "must have a body",
      },
    );
  });

  it("turns a parameter's or header's name into the first segment of a JSON Pointer", () => {
    const at = (check: RequestSidePart, path: string) =>
      reportedIssue("request", { check, path, message: "m" }).path;
    expect(at("query", "status/1")).toBe("/status/1");
    expect(at("header", "Merchant~Account")).toBe("/Merchant~0Account");
    expect(at("path", "payoutId")).toBe("/payoutId");
    expect(at("credentials", "")).toBe("");
    expect(
      reportedIssue("response", { check: "header", path: "Location", message: "m" }).path,
    ).toBe("/Location");
  });
});

describe("formatReportedIssues", () => {
  it("puts each issue's check before its path, through the spec model's formatIssues", () => {
    const issues = [
      { check: "response schema", path: "/amount", message: "must be >= 0" },
      { check: "request credentials", path: "", message: "needs a Bearer token" },
    ] as const;
    expect(formatReportedIssues(issues)).toBe(
      "response schema /amount must be >= 0; request credentials needs a Bearer token",
    );
    expect(formatReportedIssues(issues, 1)).toBe(
      "response schema /amount must be >= 0; and 1 more",
    );
    expect(formatReportedIssue(issues[1] as (typeof issues)[number])).toBe(
      "request credentials needs a Bearer token",
    );
  });
});
