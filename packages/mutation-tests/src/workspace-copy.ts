// A temporary copy of the repository to break: sources and built output copied, installed dependencies shared.
// Each package's node_modules is copied as the links it holds (workspace links then point into the copy),
// and the root node_modules is one link to the original (the store is read-only for the copy).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import type { Edit } from "./mutants.js";

/** Folder names never copied: the root's installed store (linked instead), git, caches and test reports. */
const SKIPPED = new Set([".git", ".turbo", ".test-results", ".tmp", "coverage"]);

/** Copies the repository at `root` to a new temporary folder and returns its path. */
export function copyWorkspace(root: string): string {
  const copy = mkdtempSync(join(tmpdir(), "mutant-"));
  cpSync(root, copy, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => {
      if (SKIPPED.has(basename(source))) return false;
      return relative(root, source) !== "node_modules";
    },
  });
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
}

/** Applies `edit` inside `copy`; throws when its pattern matches nowhere (the mutant could not be made). */
export function applyEdit(copy: string, edit: Edit): number {
  let matches = 0;
  for (const file of edit.files) {
    const path = join(copy, file);
    const text = readFileSync(path, "utf8");
    const found = text.match(edit.pattern)?.length ?? 0;
    if (found > 0) writeFileSync(path, text.replace(edit.pattern, edit.replacement));
    matches += found;
  }
  if (matches === 0) {
    throw new Error(
      `no match for ${edit.pattern} in ${edit.files.join(", ")}: the mutant cannot be applied`,
    );
  }
  return matches;
}

/** Deletes the copy. */
export function removeWorkspace(copy: string): void {
  rmSync(copy, { recursive: true, force: true });
}
