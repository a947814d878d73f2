// headers: every header the answer's status declares is present and valid.
import { renamed, type VerifyCheck } from "./check.js";

/** A declared header missing or invalid (the spec model's `header` issue). */
export const headersCheck: VerifyCheck<"missing-header" | "invalid-header"> = {
  title: "headers",
  defects: ["missing-header", "invalid-header"],
  conformance: ["header"],
  fromConformance: (issue) =>
    renamed(issue, /is missing/.test(issue.message) ? "missing-header" : "invalid-header"),
};
