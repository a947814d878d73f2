// @ts-check
// A temporary copy of the repository: sources and built output copied, installed dependencies shared. Each package's
// node_modules is copied as the links it holds (workspace links then point into the copy), and the root
// node_modules is one link to the original's (the store is only read). The same scheme as the mutation tests'.
// The copy is a git repository of its own (one commit of what was copied), as a clone is: turbo hashes a task's
// inputs with git, which leaves out what .gitignore lists (dist/, .turbo/); without git it hashes every file, the
// outputs of the last build included, so no turbo run in the copy is ever a cache hit and every `pnpm build`,
// `pnpm lint` or `pnpm release:pack` run by a test rebuilds the whole copy.
import { execFileSync } from "node:child_process";
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
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync("git", ["-c", "user.name=copy", "-c", "user.email=copy@localhost", ...args], {
      cwd: copy,
      stdio: "ignore",
    });
  git("init", "--quiet");
  git("add", "--all");
  git("commit", "--quiet", "--no-verify", "--no-gpg-sign", "--message", "copy");
  return copy;
}
