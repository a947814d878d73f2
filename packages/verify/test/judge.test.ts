// A defect is the spec model's `Issue`, named by its `check`: made with its name, and read back by it.
import type { Issue } from "@merchant-payments/spec";
import { describe, expect, test } from "vitest";
import { type DefectName, defect, defectName } from "../src/judge.js";

describe("defects", () => {
  test("a defect is an Issue whose check is the defect's name, at the whole answer unless placed", () => {
    expect(defect("timeout", "no answer within 10 ms")).toEqual({
      check: "timeout",
      path: "",
      message: "no answer within 10 ms",
    });
    expect(defectName(defect("broken-pagination", "not an array", "/items"))).toBe(
      "broken-pagination",
    );
  });

  test("an issue without its name is refused loudly, never reported nameless", () => {
    const nameless: Issue<DefectName> = { path: "/amount", message: "must be a number" };
    expect(() => defectName(nameless)).toThrow(/without its name: must be a number/);
  });
});
