// @ts-check
// The vitest JSON reports of the workspace's packages (`<package>/.test-results/vitest.json`, written by the shared
// preset in packages/test-support), read into one line per package and the failures in full. Used by
// `scripts/test.mjs` (the per-package lines of `pnpm test`) and `.ci/summarize.mjs` (the closing `N passed, N failed`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * @typedef {object} PackageResult
 * @property {string} name the package's name
 * @property {string} dir the package's folder, relative to the root
 * @property {boolean} reported false when the package has a test script but wrote no report
 * @property {number} passed tests that passed
 * @property {number} failed tests that failed, plus files that failed to load or whose hooks failed
 * @property {number} skipped skipped and todo tests
 * @property {number} seconds wall time from the first file's start to the last file's end
 * @property {number} reportMtimeMs when the report was written (0 without one)
 * @property {string[]} failures each failing test or file, with its messages in full
 */

/** Folders of the workspace's packages that have a `test` script, relative to `root`. */
export function testedPackageDirs(root) {
  const dirs = [
    "spec",
    "docs",
    ...readdirSync(join(root, "packages")).map((name) => join("packages", name)),
  ];
  return dirs.filter((dir) => {
    const manifest = join(root, dir, "package.json");
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).scripts?.test;
  });
}

/** Reads one package's report: a package with a test script but no report counts as one failure. */
export function readPackageResult(root, dir) {
  const { name } = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
  const report = join(root, dir, ".test-results", "vitest.json");
  if (!existsSync(report)) {
    return {
      name,
      dir,
      reported: false,
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds: 0,
      reportMtimeMs: 0,
      failures: [`${name}: no test report (its tests did not run or did not finish)`],
    };
  }
  const result = JSON.parse(readFileSync(report, "utf8"));
  const suites = result.testResults ?? [];
  const ends = suites.map((suite) => suite.endTime ?? 0);
  const seconds = ends.length ? (Math.max(...ends) - (result.startTime ?? 0)) / 1000 : 0;
  return {
    name,
    dir,
    reported: true,
    passed: result.numPassedTests,
    failed: result.numFailedTests + countFilesFailedWithoutATest(suites),
    skipped: result.numPendingTests + result.numTodoTests,
    seconds: Math.max(0, seconds),
    reportMtimeMs: statSync(report).mtimeMs,
    failures: failuresOf(suites, dir),
  };
}

/**
 * A package's result as one run counts it: its report if written since `sinceMs` or replayed from turbo's cache (a
 * cache hit vouches for the report, whether turbo restored it or found it in place with the mtime of the run that
 * wrote it); otherwise a failure, since its tests did not run.
 * @param {ReturnType<typeof readPackageResult>} result the package's report as read.
 * @param {number} sinceMs the run's start, in milliseconds since the epoch.
 * @param {boolean} replayed whether turbo's run summary marks the package's test task a cache hit.
 */
export function runResult(result, sinceMs, replayed) {
  if (!result.reported || replayed || result.reportMtimeMs >= sinceMs) return result;
  return {
    ...result,
    reported: false,
    passed: 0,
    failed: 1,
    skipped: 0,
    failures: [`${result.name}: its tests did not run (a task before them failed)`],
  };
}

/** Every package's result, in the order of `testedPackageDirs`. */
export function readAllResults(root) {
  return testedPackageDirs(root).map((dir) => readPackageResult(root, dir));
}

/** `name: N passed, N failed, N skipped (T s)`: the one line a package gets. */
export function packageLine(result) {
  if (!result.reported) return `${result.name}: no test report`;
  return `${result.name}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped (${result.seconds.toFixed(0)} s)`;
}

/** Totals over results: the closing `N passed, N failed[, N skipped]` line. */
export function totalLine(results) {
  const sum = (key) => results.reduce((total, result) => total + result[key], 0);
  const skipped = sum("skipped");
  return `${sum("passed")} passed, ${sum("failed")} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

/**
 * Test files that failed with no failed test (a file that did not load, a failed hook): each counts as one failure.
 * (vitest's numFailedTestSuites also counts the describe blocks around a failed test, which its tests count already.)
 */
function countFilesFailedWithoutATest(suites) {
  return suites.filter(
    (suite) =>
      suite.status === "failed" &&
      !suite.assertionResults?.some((test) => test.status === "failed"),
  ).length;
}

/** Each failed test (its full name and messages) and each file that failed without a failed test (its message). */
function failuresOf(suites, dir) {
  /** @type {string[]} */
  const failures = [];
  for (const suite of suites) {
    const file = suite.name?.includes(`/${dir}/`)
      ? suite.name.slice(suite.name.indexOf(`/${dir}/`) + 1)
      : suite.name;
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push(
        `FAIL ${file} > ${test.fullName ?? test.title}\n${(test.failureMessages ?? []).join("\n")}`,
      );
    }
    if (suite.status === "failed" && failedTests.length === 0) {
      failures.push(`FAIL ${file}\n${suite.message ?? "(the file failed without a message)"}`);
    }
  }
  return failures;
}
