// Adds up the vitest JSON reports of every workspace package, and the grown-product run's totals where `.ci/run` ran
// it (`.test-results/grown.json`, written by scripts/grown-product.mjs), and prints "N passed, N failed".
// A package with a test script but no report counts as one failure.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readAllResults, totalLine } from "../scripts/lib/test-reports.mjs";

const root = new URL("..", import.meta.url).pathname;
/** Exit statuses of the commands `.ci/run` ran: a failed command with no failed test still counts as one failure. */
const statuses = process.argv.slice(2).map(Number);

const results = readAllResults(root);
for (const result of results.filter((r) => r.failed > 0 || !r.reported))
  console.log(`${result.name}: ${result.reported ? `${result.failed} failed` : "no test report"}`);
const grownFile = join(root, ".test-results", "grown.json");
if (existsSync(grownFile)) {
  const grown = JSON.parse(readFileSync(grownFile, "utf8"));
  console.log(`grown product: ${grown.total}`);
  results.push(...grown.results);
}
console.log(`product: ${totalLine(readAllResults(root))}`);
if (statuses.some((status) => status !== 0) && results.every((result) => result.failed === 0)) {
  console.log(`a command exited with ${statuses.join(", ")}`);
  results.push({ passed: 0, failed: 1, skipped: 0 });
}
console.log(totalLine(results));
process.exit(results.some((result) => result.failed > 0) ? 1 : 0);
