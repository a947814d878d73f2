// Every action a workflow or the verify action uses is pinned to a full commit SHA, with the release it is in a
// comment (`uses: owner/repo@<40 hex> # vX.Y.Z`); local reusable workflows (`./...`) are the exception.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, test } from "vitest";
import { root, verifyActionFile, workflows } from "./workflow-files.js";

/** One `uses:` line: the file, the reference and the comment after it. */
interface UsesLine {
  readonly file: string;
  readonly ref: string;
  readonly comment: string;
}

/** The `uses:` lines of a YAML text (steps and reusable-workflow jobs alike). */
function usesLines(file: string, text: string): UsesLine[] {
  return [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)\s*(#.*)?$/gm)].map((match) => ({
    file: relative(root, file),
    ref: match[1] ?? "",
    comment: (match[2] ?? "").replace(/^#\s*/, ""),
  }));
}

const files = [...[...workflows().values()].map((wf) => wf.file), verifyActionFile];
const lines = files.flatMap((file) => usesLines(file, readFileSync(file, "utf8")));
const remote = lines.filter((line) => !line.ref.startsWith("./"));

describe("pinned actions", () => {
  test("finds the uses: lines of every file", () => {
    expect(remote.length).toBeGreaterThanOrEqual(10);
    expect(new Set(remote.map((line) => line.file)).size).toBe(files.length);
  });

  test.each(remote.map((line) => [`${line.file}: ${line.ref}`, line]))(
    "%s is pinned to a full commit SHA with its release in a comment",
    (_label, line) => {
      expect(line.ref).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/);
      expect(line.comment).toMatch(/^v\d+\.\d+\.\d+$/);
    },
  );

  test("each action is pinned to one SHA and one release everywhere", () => {
    const pins = new Map<string, Set<string>>();
    for (const line of remote) {
      const [action = "", sha = ""] = line.ref.split("@");
      pins.set(action, (pins.get(action) ?? new Set()).add(`${sha} ${line.comment}`));
    }
    for (const [action, seen] of pins)
      expect([action, [...seen]]).toEqual([action, [...seen].slice(0, 1)]);
  });

  test("the only local uses: are the repository's own reusable workflows", () => {
    for (const line of lines.filter((l) => l.ref.startsWith("./"))) {
      expect(line.ref).toMatch(/^\.\/\.github\/workflows\/[\w-]+\.yml$/);
    }
  });
});
