import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { MUTANTS } from "../src/mutants.js";
import { runMutant } from "../src/run-mutant.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("every deliberate defect turns the suites red, through the tests that catch it", () => {
  test("there are seven mutants, each with edits, suites and the tests that must catch it", () => {
    expect(MUTANTS).toHaveLength(7);
    for (const mutant of MUTANTS) {
      expect(mutant.edits.length * mutant.suites.length * mutant.killers.length).toBeGreaterThan(0);
      for (const suite of mutant.suites) {
        for (const file of suite.files) expect(existsSync(join(root, suite.dir, file))).toBe(true);
      }
    }
  });

  test.each(MUTANTS.map((m) => [m.id, m] as const))("kills %s", async (_id, mutant) => {
    const outcome = await runMutant(root, mutant);
    expect(
      outcome.killedBy.length,
      `"${mutant.title}" survived: no test matching ${mutant.killers.join(" or ")} failed (failed: ${JSON.stringify(outcome.failedTests.slice(0, 10))}; broken files: ${JSON.stringify(outcome.failedFiles)})`,
    ).toBeGreaterThan(0);
    console.log(
      `${mutant.id}: killed by ${outcome.killedBy.length} test(s), e.g. ${outcome.killedBy[0]}`,
    );
  });
});
