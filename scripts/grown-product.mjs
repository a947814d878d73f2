// @ts-check
// The grown-product run: the README's "Growing the spec" steps, as written, on a temporary copy of the repository.
// Step 1: the grown fixture's operations (one of every common shape, `spec/fixtures/grown/`) are added to the copy's
// product spec (`spec/openapi/`) in the places the step names; step 2: its command (lint, build, spec:diff and the
// whole `pnpm test`) runs in the copy. Proves that a growing spec keeps every check green. Prints each package's
// counts and, last, `grown: N passed, N failed` (from the copy's .test-results); exits 1 on any failure.
//
//   node scripts/grown-product.mjs [--filter <package>]… [--copy <dir>] [--keep]
//
// --filter  runs only those packages' tests (turbo filter syntax) instead of step 2's command.
// --copy    reuses a copy made before (with --keep) instead of making a new one.
// --keep    keeps the copy (its path is printed); by default it is removed at the end.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { GROWN_PLACES, growingSteps, growSpec } from "./lib/grow-spec.mjs";
import { ROOT } from "./lib/quiet-build.mjs";
import { copyWorkspace } from "./lib/workspace-copy.mjs";

const { values } = parseArgs({
  options: {
    filter: { type: "string", multiple: true, default: [] },
    copy: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});

const env = {
  ...process.env,
  CI: "true",
  REDOCLY_TELEMETRY: "off",
  TURBO_TELEMETRY_DISABLED: "1",
  FORCE_COLOR: "0",
  NO_COLOR: "1",
};

const steps = growingSteps(readFileSync(join(ROOT, "README.md"), "utf8"));
if (steps.places.join(" ") !== GROWN_PLACES.join(" ")) {
  console.error(
    `grown: the README's step 1 names ${steps.places.join(", ")}; this run writes ${GROWN_PLACES.join(", ")}`,
  );
  console.log("grown: 0 passed, 1 failed");
  process.exit(1);
}

let copy = values.copy;
if (!copy) {
  const started = Date.now();
  copy = copyWorkspace(ROOT, "grown-product-");
  const { files, paths } = growSpec(copy);
  console.log(
    `grown: ${copy}: ${paths.length} operations' paths and ${files} files of the grown fixture added to spec/openapi/ (${Date.now() - started} ms)`,
  );
} else {
  rmSync(join(copy, ".test-results"), { recursive: true, force: true });
}

try {
  const started = Date.now();
  // Step 2's command as written, or (--filter) the chosen packages' tests; failed tasks print their output in full.
  const turbo =
    values.filter.length === 0
      ? spawnSync("bash", ["-c", steps.command], { cwd: copy, env, stdio: "inherit" })
      : spawnSync(
          join(copy, "node_modules", ".bin", "turbo"),
          [
            "run",
            "test",
            "--concurrency=1",
            "--continue",
            "--output-logs=errors-only",
            "--ui=stream",
            ...values.filter.map((name) => `--filter=${name}`),
          ],
          { cwd: copy, env, stdio: "inherit" },
        );
  console.log(
    `grown: ${values.filter.length === 0 ? steps.command : "the tests"} took ${Math.round((Date.now() - started) / 1000)} s (exit ${turbo.status})`,
  );
  // The copy's own summary (.ci/summarize.mjs) adds up the copy's .test-results reports.
  const summary = spawnSync(
    process.execPath,
    [join(copy, ".ci", "summarize.mjs"), String(turbo.status ?? 1)],
    {
      cwd: copy,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = summary.stdout.trimEnd().split("\n");
  if (values.filter.length === 0) {
    for (const line of lines) console.log(`grown: ${line}`);
    process.exitCode = summary.status ?? 1;
  } else {
    // Only the chosen packages ran: their lines, and their sum.
    const ran = lines.filter((line) => /^\S+: \d+ passed, \d+ failed/.test(line));
    const sum = (index) =>
      ran.reduce((total, line) => total + Number(line.match(/\d+/g)?.[index] ?? 0), 0);
    for (const line of ran) console.log(`grown: ${line}`);
    const failed = sum(1) + (turbo.status !== 0 && sum(1) === 0 ? 1 : 0);
    console.log(`grown: ${sum(0)} passed, ${failed} failed`);
    process.exitCode = failed > 0 ? 1 : 0;
  }
} finally {
  if (values.keep || values.copy) console.log(`grown: the copy stays at ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
