#!/usr/bin/env node
// @ts-check
// Prepares the grown client's sources: a copy of @merchant-payments/client's runtime (src/, without its generated
// files) and, generated into src/generated/ by the client's own generator, the code of the grown test fixture
// (`@merchant-payments/spec/fixtures/grown.json`). tsup then builds them (see tsup.config.ts).
// A file is written only when its content changes, and nothing is deleted first: a type check or lint running at the
// same time (turbo runs them beside the build) never sees a missing or half-written file.
// Usage: node scripts/prepare.mjs
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const clientRoot = dirname(require.resolve("@merchant-payments/client/package.json"));
const fixture = require.resolve("@merchant-payments/spec/fixtures/grown.json");
const src = join(root, "src");
/** @type {{ generatorCommand: (clientRoot: string) => string[] }} */
const { generatorCommand } = await import(
  pathToFileURL(join(clientRoot, "scripts", "generator-command.mjs")).href
);

/**
 * Every file under `dir` (relative paths), except under `skip`.
 * @param {string} dir
 * @param {string} [skip]
 * @returns {string[]}
 */
function filesOf(dir, skip) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => skip === undefined || !path.startsWith(skip));
}

/**
 * Copies `from` to `to` unless `to` already holds the same bytes.
 * @param {string} from
 * @param {string} to
 */
function sync(from, to) {
  const text = readFileSync(from);
  try {
    if (readFileSync(to).equals(text)) return;
  } catch {}
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, text);
}

const copied = new Set(filesOf(join(clientRoot, "src"), "generated"));
for (const path of copied) sync(join(clientRoot, "src", path), join(src, path));
// A file the client moved or removed is removed from the copy too (a stale module would still be type-checked).
for (const path of filesOf(src, "generated")) if (!copied.has(path)) rmSync(join(src, path));
const scratch = mkdtempSync(join(tmpdir(), "grown-client-"));
try {
  execFileSync(
    process.execPath,
    [...generatorCommand(clientRoot), "--spec", fixture, "--out", scratch],
    { stdio: "inherit" },
  );
  for (const path of filesOf(scratch)) sync(join(scratch, path), join(src, "generated", path));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
