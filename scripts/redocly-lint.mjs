// @ts-check
// `node ../scripts/redocly-lint.mjs <root files…> [redocly lint options]`, run from a package that has @redocly/cli
// (the spec's `lint` script): Redocly's lint, its problems printed in full, without the two things in its output
// that do not concern the reader: the Node.js end-of-life box it prints on Node 20 (CI runs on Node 22, where it
// prints none) and its advice to run `redocly lint --generate-ignore-file`, which would hide an error rather than fix
// it. On success, one line. The exit status is Redocly's.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const bin = join(process.cwd(), "node_modules", ".bin", "redocly");
if (!existsSync(bin)) {
  console.error(
    `redocly-lint: no Redocly CLI at ${bin}: run it from a package that depends on @redocly/cli`,
  );
  process.exit(2);
}
const files = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
// `--config=<file>` names the pass (lint/own-files.yaml or lint/foreign-files.yaml) in the verdict.
const config = process.argv.find((arg) => arg.startsWith("--config="))?.slice("--config=".length);
if (config) files.push(`(${config})`);
const child = spawn(bin, ["lint", ...process.argv.slice(2)], {
  env: { ...process.env, REDOCLY_TELEMETRY: "off" },
  stdio: ["ignore", "pipe", "pipe"],
});
/** @type {string[]} */
const output = [];
for (const stream of [child.stdout, child.stderr]) {
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => output.push(chunk));
}

/**
 * Redocly's output without its Node.js deprecation box (the lines from `╔` to `╚`) and the ignore-file advice.
 * @param {string} text
 */
function relevant(text) {
  const kept = [];
  let inBox = false;
  for (const line of text.split("\n")) {
    if (/^\s*╔/.test(line)) inBox = true;
    if (!inBox && !/generate-ignore-file/.test(line)) kept.push(line);
    if (/^\s*╚/.test(line)) inBox = false;
  }
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

child.once("error", (error) => {
  console.error(`redocly-lint: could not run Redocly: ${error.message}`);
  process.exit(2);
});
child.once("close", (code) => {
  const warnings = output.join("").match(/You have (\d+) warnings?/)?.[1];
  if (code === 0 && warnings) {
    // Warnings do not fail the lint (the second pass's, on another API's document), but they are shown.
    console.log(relevant(output.join("")));
    console.log(`redocly lint: ${files.join(", ")}: valid, ${warnings} warning(s) above`);
  } else if (code === 0) {
    console.log(`redocly lint: ${files.join(", ")}: valid, no problem`);
  } else {
    console.error(relevant(output.join("")));
    console.error(
      `redocly lint: ${files.join(", ")}: problems above (fix them; do not ignore them)`,
    );
  }
  process.exit(code ?? 1);
});
