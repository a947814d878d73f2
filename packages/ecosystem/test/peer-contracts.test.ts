// The judgement of a peer suite's run: an unlisted failure and a listed check that passes both fail the suite.
import { describe, expect, it } from "vitest";
import { judgePeerRun, type PeerLimit } from "./peer-contracts.js";

const limits: PeerLimit[] = [
  { spec: "grown", checks: ["a :: schema", "b :: status"], reason: "a tool's own limit" },
  { spec: "product", checks: ["c :: status"], reason: "another" },
];

describe("judgePeerRun", () => {
  it("accepts a run whose failures are exactly the spec's listed limits", () => {
    expect(
      judgePeerRun({ checks: 9, failed: ["b :: status", "a :: schema"] }, "grown", limits),
    ).toEqual({ unexplained: [], stale: [] });
  });

  it("names a failure no limit lists, and a listed limit that no longer fails (stale)", () => {
    expect(
      judgePeerRun({ checks: 9, failed: ["a :: schema", "d :: body"] }, "grown", limits),
    ).toEqual({ unexplained: ["d :: body"], stale: ["b :: status"] });
    expect(judgePeerRun({ checks: 3, failed: [] }, "product", limits)).toEqual({
      unexplained: [],
      stale: ["c :: status"],
    });
  });
});
