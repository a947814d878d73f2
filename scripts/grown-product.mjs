// @ts-check
// The grown-product run: the README's "Growing the spec" steps, as written, on a temporary copy of the repository.
// Step 1: the grown fixture's operations (one of every common shape, `spec/fixtures/grown/`) are added to the copy's
// product spec (`spec/openapi/`) in the places the step names; step 2: its command (lint, build, spec:diff and the
// whole `pnpm test`) runs in the copy. Proves that a growing spec keeps every check green. Prints each package's
// counts and, last, `grown: N passed, N failed` (from the copy's .test-results, also written to the root's
// `.test-results/grown.json`, which `.ci/summarize.mjs` adds to its total); exits 1 on any failure.
//
//   node scripts/grown-product.mjs [--filter <package>]… [--copy <dir>] [--keep] [--no-real]
//
// --filter  runs step 2's command up to its `pnpm test`, then only those packages' tests (turbo filter syntax).
// --copy    reuses a copy made before (with --keep) instead of making a new one.
// --keep    keeps the copy (its path is printed); by default it is removed at the end.
// --no-real leaves out the real public documents of spec/fixtures/real/, grafted into the copy by default.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { graftRealDocuments } from "./lib/graft-document.mjs";
import { ANSWERS_DIR, GROWN_PLACES, growingSteps, growSpec } from "./lib/grow-spec.mjs";
import { ROOT } from "./lib/quiet-build.mjs";
import { packageLine, readAllResults, testedPackageDirs, totalLine } from "./lib/test-reports.mjs";
import { copyWorkspace } from "./lib/workspace-copy.mjs";

mkdirSync(join(ROOT, ".test-results"), { recursive: true });

const { values } = parseArgs({
  options: {
    filter: { type: "string", multiple: true, default: [] },
    copy: { type: "string" },
    keep: { type: "boolean", default: false },
    // Leaves out the real documents of spec/fixtures/real/ (grafted by default, as in CI).
    "no-real": { type: "boolean", default: false },
  },
});

// The copy shares this repository's turbo cache: a task whose inputs the grown operations leave unchanged (most
// packages' lint, the packages that never read the spec) is replayed, as it would be in a clone that ran before.
const env = {
  ...process.env,
  TURBO_CACHE_DIR: join(ROOT, ".turbo", "cache"),
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
  // The documents nobody here wrote (spec/fixtures/real/), grafted into the same copy with their names.
  for (const real of values["no-real"] ? [] : graftRealDocuments(copy, ANSWERS_DIR)) {
    console.log(
      `grown: ${real.source}: ${real.paths.length} paths and ${real.files} files grafted${real.renamed.length > 0 ? `; renamed where the spec had the name: ${real.renamed.join(", ")}` : ""}`,
    );
  }
} else {
  // A reused copy: every report of its earlier runs goes, so that only this run's packages are counted.
  for (const dir of [".", ...testedPackageDirs(copy)])
    rmSync(join(copy, dir, ".test-results"), { recursive: true, force: true });
}

try {
  const started = Date.now();
  // Step 2's command as written; with --filter, its steps before `pnpm test` as written, then the chosen packages'
  // tests through the copy's `pnpm test` runner.
  const before = steps.command.replace(/\s*&&\s*pnpm test$/, "");
  if (values.filter.length > 0 && before === steps.command)
    throw new Error(
      `grown: the README's step 2 (${steps.command}) does not end with \`&& pnpm test\``,
    );
  const prepared =
    values.filter.length === 0
      ? { status: 0 }
      : spawnSync("bash", ["-c", before], { cwd: copy, env, stdio: "inherit" });
  const run =
    values.filter.length === 0
      ? spawnSync("bash", ["-c", steps.command], { cwd: copy, env, stdio: "inherit" })
      : prepared.status !== 0
        ? prepared
        : spawnSync(
            process.execPath,
            [join(copy, "scripts", "test.mjs"), ...values.filter.map((name) => `--filter=${name}`)],
            { cwd: copy, env, stdio: "inherit" },
          );
  console.log(
    `grown: ${values.filter.length === 0 ? steps.command : `${before}, then the tests`} took ${Math.round((Date.now() - started) / 1000)} s (exit ${run.status})`,
  );
  // The copy's reports (it was made without any): every package with a test script, or only the chosen ones.
  const results = readAllResults(copy).filter(
    (result) => values.filter.length === 0 || result.reported,
  );
  for (const result of results) console.log(`grown: ${packageLine(result)}`);
  if (run.status !== 0 && results.every((result) => result.failed === 0))
    results.push({ passed: 0, failed: 1, skipped: 0, failures: [`exit ${run.status}`] });
  const total = totalLine(results);
  writeFileSync(
    join(ROOT, ".test-results", "grown.json"),
    `${JSON.stringify({ filter: values.filter, total, results }, null, 2)}\n`,
  );
  console.log(`grown: ${total}`);
  process.exitCode = results.some((result) => result.failed > 0) ? 1 : 0;
} finally {
  if (values.keep || values.copy) console.log(`grown: the copy stays at ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
