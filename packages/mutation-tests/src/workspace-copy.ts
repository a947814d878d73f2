// A temporary copy of the repository to break: sources and built output copied, installed dependencies shared.
// Each package's node_modules is copied as the links it holds (workspace links then point into the copy),
// and the root node_modules is one link to the original (the store is read-only for the copy).
// One copy serves every mutant in turn: before a mutant, the folders it rebuilds and the files it edits are saved
// (`saveState`); after it, they are put back (`restoreState`), so the next mutant starts from the unbroken build.
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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

/** What `saveState` kept: a backup folder per saved package folder, and the text of each saved file. */
export interface SavedState {
  /** The folder the backups are in (removed by `restoreState`). */
  readonly backupRoot: string;
  /** Package folders (relative to the copy) saved whole, installed links and test reports left out. */
  readonly dirs: readonly string[];
  /** Files (relative to the copy) and their text. */
  readonly files: ReadonlyMap<string, string>;
}

/** Saves `dirs` (whole, without node_modules and test reports) and `files` of `copy`, to be put back later. */
export function saveState(
  copy: string,
  dirs: readonly string[],
  files: readonly string[],
): SavedState {
  const backupRoot = mkdtempSync(join(tmpdir(), "mutant-backup-"));
  dirs.forEach((dir, index) => {
    cpSync(join(copy, dir), join(backupRoot, String(index)), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => !["node_modules", ".test-results"].includes(basename(source)),
    });
  });
  const texts = new Map(files.map((file) => [file, readFileSync(join(copy, file), "utf8")]));
  return { backupRoot, dirs, files: texts };
}

/** Puts back what `saveState` saved: each folder's entries (but node_modules) replaced by the backup, then the files. */
export function restoreState(copy: string, saved: SavedState): void {
  saved.dirs.forEach((dir, index) => {
    const target = join(copy, dir);
    for (const entry of readdirSync(target)) {
      if (entry !== "node_modules") rmSync(join(target, entry), { recursive: true, force: true });
    }
    cpSync(join(saved.backupRoot, String(index)), target, {
      recursive: true,
      verbatimSymlinks: true,
    });
  });
  for (const [file, text] of saved.files) writeFileSync(join(copy, file), text);
  rmSync(saved.backupRoot, { recursive: true, force: true });
}

/** Deletes the copy. */
export function removeWorkspace(copy: string): void {
  rmSync(copy, { recursive: true, force: true });
}
