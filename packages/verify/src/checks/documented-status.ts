// documented status: the answer's status is one the operation documents.
import { renamed, type VerifyCheck } from "./check.js";

/** An undocumented status (the spec model's `status` issue). */
export const documentedStatusCheck: VerifyCheck<"undocumented-status"> = {
  title: "documented status",
  defects: ["undocumented-status"],
  conformance: ["status"],
  fromConformance: (issue) => renamed(issue, "undocumented-status"),
};
