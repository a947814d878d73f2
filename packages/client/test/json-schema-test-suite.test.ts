// The differential test of the keywords: every case of the JSON Schema Test Suite (draft 2020-12) through the
// generated validators and through the spec model's Ajv; both must agree with the suite, except the cases the
// fixture's README skips (and says why).
import { describe, expect, test } from "vitest";
import {
  ajvCheck,
  type Check,
  type Engine,
  generatedCheck,
  type Skip,
  type SuiteGroup,
  skipList,
  skipOf,
  suiteGroups,
} from "./helpers/json-schema-suite.js";

const groups = suiteGroups();
const skips = skipList();
const engines: Record<Engine, (schema: unknown) => Check> = {
  generated: generatedCheck,
  ajv: ajvCheck,
};
/** The skip rows that matched a case. */
const used = new Set<Skip>();

/** Each case of `group` an engine gets wrong (or cannot compile), unless skipped: one line each. */
function disagreements(group: SuiteGroup, engine: Engine): string[] {
  const out: string[] = [];
  let check: Check | undefined;
  let refusal = "";
  try {
    check = engines[engine](group.schema);
  } catch (error) {
    refusal = `refused: ${(error as Error).message}`;
  }
  for (const test of group.tests) {
    const skip = skipOf(skips, group, test, engine);
    if (skip) {
      used.add(skip);
      continue;
    }
    const got = check ? check(test.data) : refusal;
    if (got !== test.valid)
      out.push(
        `${engine}: ${group.description} / ${test.description}: ${String(got)}, not ${test.valid}`,
      );
  }
  return out;
}

describe("the JSON Schema Test Suite, draft 2020-12", () => {
  test("is vendored whole and the skip table is read", () => {
    expect(new Set(groups.map((g) => g.file)).size).toBe(46);
    expect(groups.length).toBeGreaterThanOrEqual(383);
    expect(groups.reduce((n, g) => n + g.tests.length, 0)).toBeGreaterThanOrEqual(1299);
    expect(skips.length).toBeGreaterThan(20);
    for (const skip of skips)
      expect(skip.why.length, `${skip.file} ${skip.group}`).toBeGreaterThan(20);
  });

  for (const file of [...new Set(groups.map((g) => g.file))]) {
    test(`${file}: the generated validators and the spec model's Ajv give the suite's result`, () => {
      const mine = groups.filter((g) => g.file === file);
      const wrong = mine.flatMap((g) => [
        ...disagreements(g, "generated"),
        ...disagreements(g, "ajv"),
      ]);
      expect(wrong).toEqual([]);
    });
  }

  test("every skip row still matches a case (none is stale)", () => {
    const stale = skips
      .filter((s) => !used.has(s))
      .map((s) => `${s.file} / ${s.group} / ${s.test}`);
    expect(stale).toEqual([]);
  });
});
