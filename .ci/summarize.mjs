// Adds up the vitest JSON reports of every workspace package (and, where `.ci/run` made one, of the grown-product
// copy) and prints "N passed, N failed". A package with a test script but no report counts as one failure.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readAllResults, totalLine } from "../scripts/lib/test-reports.mjs";

const root = new URL("..", import.meta.url).pathname;
const commandStatus = Number(process.argv[2] ?? 0);
/** Other checkouts whose reports count too (the grown-product copy), as folders relative to the root. */
const extraRoots = process.argv.slice(3).filter((dir) => existsSync(join(root, dir)));

const results = [];
for (const [label, dir] of [["", root], ...extraRoots.map((d) => [`${d}: `, join(root, d)])]) {
  for (const result of readAllResults(dir)) {
    results.push(result);
    console.log(
      result.reported
        ? `${label}${result.name}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`
        : `${label}${result.name}: no test report (its tests did not run or did not finish)`,
    );
  }
}
if (commandStatus !== 0 && results.every((result) => result.failed === 0)) {
  console.log(`the test command exited with ${commandStatus}`);
  results.push({ passed: 0, failed: 1, skipped: 0 });
}
console.log(totalLine(results));
process.exit(results.some((result) => result.failed > 0) ? 1 : 0);
