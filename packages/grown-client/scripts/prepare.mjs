#!/usr/bin/env node
// @ts-check
// Prepares the grown client's sources: a copy of @merchant-payments/client's runtime (src/, without its generated
// files) and, generated into src/generated/ by the client's own generator, the code of the grown test fixture
// (`@merchant-payments/spec/fixtures/grown.json`). tsup then builds them (see tsup.config.ts).
// Usage: node scripts/prepare.mjs
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const clientRoot = dirname(require.resolve("@merchant-payments/client/package.json"));
const fixture = require.resolve("@merchant-payments/spec/fixtures/grown.json");
const src = join(root, "src");

rmSync(src, { recursive: true, force: true });
mkdirSync(src, { recursive: true });
cpSync(join(clientRoot, "src"), src, {
  recursive: true,
  filter: (p) => !p.includes(`${sep}generated`),
});
execFileSync(
  process.execPath,
  [join(clientRoot, "scripts", "generate.mjs"), "--spec", fixture, "--out", join(src, "generated")],
  { stdio: "inherit" },
);
