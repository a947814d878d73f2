import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MUTANTS } from "../src/mutants.js";
import { runMutant } from "../src/run-mutant.js";
import { copyWorkspace, removeWorkspace } from "../src/workspace-copy.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
/** One copy of the repository (its build included) for every mutant: each puts back what it broke and rebuilt. */
let copy: string;

beforeAll(() => {
  copy = copyWorkspace(root);
});
afterAll(() => {
  if (copy) removeWorkspace(copy);
});

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
    const outcome = await runMutant(copy, mutant);
    expect(
      outcome.killedBy.length,
      `"${mutant.title}" survived: no test matching ${mutant.killers.join(" or ")} failed (failed: ${JSON.stringify(outcome.failedTests.slice(0, 10))}; broken files: ${JSON.stringify(outcome.failedFiles)})`,
    ).toBeGreaterThan(0);
    console.log(
      `${mutant.id}: killed by ${outcome.killedBy.length} test(s), e.g. ${outcome.killedBy[0]}`,
    );
  });
});

test("after the mutants the shared copy is the repository again: every folder they rebuilt and file they edited", () => {
  const places = [
    ...new Set(
      MUTANTS.flatMap((m) => [...m.rebuild.map((r) => r.dir), ...m.edits.flatMap((e) => e.files)]),
    ),
  ];
  for (const place of places) {
    expect(contentsOf(join(copy, place)), place).toEqual(contentsOf(join(root, place)));
  }
});

/** Every file under `path` (or the file itself) with its SHA-256, installed links and test reports left out. */
function contentsOf(path: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (at: string) => {
    if (!statSync(at).isDirectory()) {
      files[relative(path, at)] = createHash("sha256").update(readFileSync(at)).digest("hex");
      return;
    }
    for (const entry of readdirSync(at)) {
      if (![".test-results", "node_modules", ".turbo"].includes(entry)) visit(join(at, entry));
    }
  };
  visit(path);
  return files;
}
