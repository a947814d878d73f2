// Adds up the vitest JSON reports of every workspace package and prints "N passed, N failed".
// A package with a test script but no report (its tests never ran, or crashed) counts as one failure.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const commandStatus = Number(process.argv[2] ?? 0);
const packageDirs = ["spec", "docs", ...readdirSync(join(root, "packages")).map((name) => join("packages", name))];

let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of packageDirs) {
  const manifest = join(root, dir, "package.json");
  if (!existsSync(manifest)) continue;
  const { name, scripts = {} } = JSON.parse(readFileSync(manifest, "utf8"));
  if (!scripts.test) continue;
  const report = join(root, dir, ".test-results", "vitest.json");
  if (!existsSync(report)) {
    console.log(`${name}: no test report (its tests did not run or did not finish)`);
    failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(report, "utf8"));
  const failedHere = result.numFailedTests + (result.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(result);
  console.log(
    `${name}: ${result.numPassedTests} passed, ${failedHere} failed, ${result.numPendingTests + result.numTodoTests} skipped`,
  );
  passed += result.numPassedTests;
  failed += failedHere;
  skipped += result.numPendingTests + result.numTodoTests;
}
if (commandStatus !== 0 && failed === 0) {
  console.log(`the test command exited with ${commandStatus}`);
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);

/** Suites that failed only because a test in them failed are already counted by their tests. */
function countSuitesWithFailedTests(result) {
  return (result.testResults ?? []).filter(
    (suite) => suite.status === "failed" && suite.assertionResults?.some((test) => test.status === "failed"),
  ).length;
}
