// x-invariants: the relations the spec states between an answer's fields hold.
import { renamed, type VerifyCheck } from "./check.js";

/** A broken `x-invariants` relation (the spec model's `invariant` issue). */
export const invariantsCheck: VerifyCheck<"broken-invariant"> = {
  title: "x-invariants",
  defects: ["broken-invariant"],
  bodyDefects: ["broken-invariant"],
  conformance: ["invariant"],
  fromConformance: (issue) => renamed(issue, "broken-invariant"),
};
