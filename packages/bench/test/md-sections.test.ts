// results.md's named sections (scripts/lib/md-sections.mjs): `pnpm test:profile --write` puts its table in one, and
// `pnpm bench`, which regenerates the rest of the file, keeps it.
import { describe, expect, test } from "vitest";
import { keepSections, replaceSection, sections } from "../../../scripts/lib/md-sections.mjs";

const FILE = "# Benchmark results\n\n## Size\n\n| a | b |\n";

describe("results.md's sections", () => {
  test("a section is appended where there is none, and replaced in place where there is", () => {
    const once = replaceSection(FILE, "test-profile", "| x | 1 |");
    expect(once).toBe(
      `${FILE}\n<!-- section:test-profile -->\n| x | 1 |\n<!-- /section:test-profile -->\n`,
    );
    const twice = replaceSection(once, "test-profile", "| x | 2 |");
    expect(sections(twice)).toEqual(new Map([["test-profile", "| x | 2 |"]]));
    expect(twice.startsWith(FILE)).toBe(true);
    expect(twice.match(/section:test-profile -->/g)).toHaveLength(2);
  });

  test("a regenerated file keeps the sections of the previous one it lacks, and its own where both have one", () => {
    const previous = replaceSection(FILE, "test-profile", "| old profile |");
    const regenerated = "# Benchmark results\n\n## Size\n\n| c | d |\n";
    expect(sections(keepSections(previous, regenerated))).toEqual(
      new Map([["test-profile", "| old profile |"]]),
    );
    expect(keepSections(previous, regenerated).startsWith(regenerated.trimEnd())).toBe(true);
    const own = replaceSection(regenerated, "test-profile", "| new |");
    expect(sections(keepSections(previous, own)).get("test-profile")).toBe("| new |");
    expect(keepSections(undefined, regenerated)).toBe(regenerated);
  });
});
