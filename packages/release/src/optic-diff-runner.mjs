#!/usr/bin/env node
// `node optic-diff-runner.mjs base head [base head …]`: optic's `diff base head --check` for each pair of spec files,
// one after another in this one process, each pair's results moved to `ci-run-details-<index>.json` in the working
// directory. Optic's own command line loads every command it has (capture, login, api, …) and its telemetry before
// it parses; this registers its diff command alone (same code, same results), so a run costs about 1.5 s of CPU
// less, and pairs after the first share the loaded rules. Run with CI=true (optic writes its results only in CI mode).
import { existsSync, renameSync } from "node:fs";
import { createRequire } from "node:module";

const opticRequire = createRequire(
  createRequire(import.meta.url).resolve("@useoptic/optic/package.json"),
);
const { Command } = opticRequire("commander");
const { initializeConfig } = opticRequire("./build/config");
const { registerDiff } = opticRequire("./build/commands/diff/diff");

const files = process.argv.slice(2);
if (files.length === 0 || files.length % 2 !== 0) {
  console.error("usage: optic-diff-runner.mjs base head [base head …]");
  process.exit(2);
}
for (let index = 0; index < files.length / 2; index++) {
  const cli = new Command("optic");
  registerDiff(cli, await initializeConfig(), {});
  await cli.parseAsync(["diff", files[2 * index], files[2 * index + 1], "--check"], {
    from: "user",
  });
  if (existsSync("ci-run-details.json"))
    renameSync("ci-run-details.json", `ci-run-details-${index}.json`);
}
