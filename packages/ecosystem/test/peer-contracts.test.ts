// The judgement of a peer suite's run: an unlisted failure and a listed check that passes both fail the suite; the
// limits expected are those of the operations the run's spec has.
import { describe, expect, it } from "vitest";
import { judgePeerRun, type PeerLimit } from "./peer-contracts.js";

const limits: PeerLimit[] = [
  { operationId: "upload", checks: ["a :: schema", "b :: status"], reason: "a tool's own limit" },
  { operationId: "lookup", checks: ["c :: status"], reason: "another" },
];

describe("judgePeerRun", () => {
  it("accepts a run whose failures are exactly the listed limits of the spec's operations", () => {
    expect(
      judgePeerRun({ checks: 9, failed: ["b :: status", "a :: schema"] }, ["upload"], limits),
    ).toEqual({ unexplained: [], stale: [] });
  });

  it("names a failure no limit lists, and a listed limit of a present operation that no longer fails (stale)", () => {
    expect(
      judgePeerRun({ checks: 9, failed: ["a :: schema", "d :: body"] }, ["upload"], limits),
    ).toEqual({ unexplained: ["d :: body"], stale: ["b :: status"] });
    expect(judgePeerRun({ checks: 3, failed: [] }, ["lookup", "other"], limits)).toEqual({
      unexplained: [],
      stale: ["c :: status"],
    });
  });

  it("does not expect the limits of an operation the spec lacks, nor excuse its checks", () => {
    expect(judgePeerRun({ checks: 3, failed: [] }, ["other"], limits)).toEqual({
      unexplained: [],
      stale: [],
    });
    expect(judgePeerRun({ checks: 3, failed: ["c :: status"] }, ["other"], limits)).toEqual({
      unexplained: ["c :: status"],
      stale: [],
    });
  });
});
