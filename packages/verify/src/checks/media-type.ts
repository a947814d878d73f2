// media type: the answer's Content-Type is one its status documents (a missing one is a missing header).
import { renamed, type VerifyCheck } from "./check.js";

/** A wrong media type, or none (the spec model's `media-type` issue). */
export const mediaTypeCheck: VerifyCheck<"wrong-media-type" | "missing-header"> = {
  title: "media type",
  defects: ["wrong-media-type", "missing-header"],
  conformance: ["media-type"],
  fromConformance: (issue, { received }) =>
    received.kind === "answer" && received.headers["content-type"] === undefined
      ? renamed(issue, "missing-header", `header Content-Type is missing (${issue.message})`)
      : renamed(issue, "wrong-media-type"),
};
