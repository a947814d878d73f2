import { expect, test } from "vitest";
import { skipLines } from "../src/skip-lines.js";

test("operations skipped for the same reason share one line, in the order the reasons first appear", () => {
  expect(
    skipLines([
      { operationId: "a", reason: "it moves money" },
      { operationId: "b", reason: "it needs Basic" },
      { operationId: "c", reason: "it moves money" },
    ]),
  ).toEqual(["SKIP a, c: it moves money", "SKIP b: it needs Basic"]);
});

test("nothing skipped prints nothing", () => {
  expect(skipLines([])).toEqual([]);
});
