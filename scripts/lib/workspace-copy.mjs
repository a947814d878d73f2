// @ts-check
// A temporary copy of the repository: sources and built output copied, installed dependencies shared. Each package's
// node_modules is copied as the links it holds (workspace links then point into the copy), and the root
// node_modules is one link to the original's (the store is only read). The same scheme as the mutation tests'.
import { cpSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";

/** Folder names never copied: the root's installed store (linked instead), git, caches and test reports. */
const SKIPPED = new Set([".git", ".turbo", ".test-results", ".tmp", "coverage"]);

/**
 * Copies the repository at `root` to a new folder and returns its path.
 * @param {string} root the repository to copy (installed: its node_modules are shared).
 * @param {string} [prefix] the name prefix of the new folder in the system's temporary folder (default "repo-").
 * @returns {string} the copy's path.
 */
export function copyWorkspace(root, prefix = "repo-") {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  cpSync(root, copy, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !SKIPPED.has(basename(source)) && relative(root, source) !== "node_modules",
  });
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
}
