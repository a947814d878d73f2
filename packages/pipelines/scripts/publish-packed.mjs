#!/usr/bin/env node
// Publishes the tarballs `pnpm release:pack` wrote (packages/release/tarballs/packs.json) with `npm publish <tarball>`:
// a tarball holds resolved versions, so npm needs no workspace rewriting, and npm runs no lifecycle script for it.
// A version already on the registry is skipped (the release workflow runs this on every push to main without
// changesets). Prints "New tag: <name>@<version>" per published package, as `changeset publish` does.
//
// Usage: node publish-packed.mjs [--dir <folder of packs.json>] [--provenance] [--dry-run]
// The registry and credentials are npm's own configuration (.npmrc, NPM_CONFIG_REGISTRY, NODE_AUTH_TOKEN).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";

const exec = promisify(execFile);

/** The folder `pnpm release:pack` writes: packages/release/tarballs. */
export const DEFAULT_TARBALLS_DIR = fileURLToPath(
  new URL("../../release/tarballs", import.meta.url),
);

/** Milliseconds one npm call may take. */
export const NPM_TIMEOUT_MS = 120_000;

/** Whether `name@version` is on the registry: true, false (E404 or no such version), or throws on any other failure. */
export async function isPublished(name, version) {
  try {
    const { stdout } = await exec("npm", ["view", `${name}@${version}`, "version", "--json"], {
      timeout: NPM_TIMEOUT_MS,
    });
    return stdout.trim() !== "";
  } catch (error) {
    if (/E404|404 Not Found/.test(`${error.stdout ?? ""}${error.stderr ?? ""}`)) return false;
    throw new Error(`npm view ${name}@${version} failed: ${lastLines(error.stderr)}`);
  }
}

/** Publishes one tarball; `provenance` adds `--provenance`, `dryRun` `--dry-run`. */
export async function publishTarball(tarball, { provenance = false, dryRun = false } = {}) {
  const args = ["publish", tarball, "--access", "public"];
  if (provenance) args.push("--provenance");
  if (dryRun) args.push("--dry-run");
  try {
    await exec("npm", args, { timeout: NPM_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`npm ${args.join(" ")} failed: ${lastLines(error.stderr)}`);
  }
}

/** The last lines of npm's error output, for a one-line failure. */
function lastLines(text = "", count = 3) {
  return String(text).trim().split("\n").slice(-count).join(" | ");
}

/**
 * Publishes every package of `<dir>/packs.json` not yet on the registry, in its order; returns the exit status
 * (0 all published or already there, 1 any failure). `log` prints one line.
 */
export async function publishPacked({
  dir = DEFAULT_TARBALLS_DIR,
  provenance = false,
  dryRun = false,
  log = console.log,
} = {}) {
  const packs = JSON.parse(readFileSync(join(dir, "packs.json"), "utf8"));
  let status = 0;
  for (const { name, version, file } of packs) {
    try {
      if (await isPublished(name, version)) {
        log(`publish: ${name}@${version} is already on the registry, skipped`);
        continue;
      }
      await publishTarball(join(dir, file), { provenance, dryRun });
      log(dryRun ? `publish: ${name}@${version} (dry run)` : `New tag: ${name}@${version}`);
    } catch (error) {
      log(`publish: ${error.message}`);
      status = 1;
    }
  }
  return status;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: "string" },
      provenance: { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
    },
  });
  process.exitCode = await publishPacked({
    dir: values.dir ? resolve(values.dir) : DEFAULT_TARBALLS_DIR,
    provenance: values.provenance,
    dryRun: values["dry-run"],
  });
}
