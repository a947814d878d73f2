#!/usr/bin/env node
// @ts-check
// Checks the packed package, as it would be published: packs it once with `pnpm pack` (the tarball holds resolved
// versions, as `pnpm release:pack`'s) into a temporary folder, then runs publint (--strict) and
// @arethetypeswrong/cli (the node16 profile) on that tarball, and deletes it. One pack, not one per tool: `attw --pack`
// ran `npm pack` and publint packed again, the slowest part of the check.
// Usage: node scripts/check-package.mjs   (exit code 1 when either tool reports a problem)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const packDir = mkdtempSync(join(tmpdir(), "client-check-package-"));

/**
 * Runs `command` in the package's folder with the output shown; false when it exits non-zero.
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  try {
    execFileSync(command, args, { cwd: packageDir, stdio: "inherit" });
    return true;
  } catch {
    return false;
  }
}

try {
  execFileSync("pnpm", ["pack", "--pack-destination", packDir], {
    cwd: packageDir,
    stdio: "ignore",
  });
  const [tarball, ...others] = readdirSync(packDir)
    .filter((name) => name.endsWith(".tgz"))
    .map((name) => join(packDir, name));
  if (tarball === undefined || others.length > 0)
    throw new Error(`pnpm pack did not write one tarball in ${packDir}`);
  const publintOk = run("publint", ["run", "--strict", tarball]);
  const attwOk = run("attw", [tarball, "--profile", "node16"]);
  process.exitCode = publintOk && attwOk ? 0 : 1;
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
