// The reading of vitest reports behind `pnpm test`'s per-package lines and `.ci/run`'s closing line
// (scripts/lib/test-reports.mjs), on a made-up workspace: counts, failures in full, a missing report.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain .mjs module of the root scripts, without declarations
import * as reports from "../../../scripts/lib/test-reports.mjs";

interface Result {
  name: string;
  reported: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  failures: string[];
}
const { readAllResults, packageLine, totalLine, runResult } = reports as {
  readAllResults(root: string): Result[];
  runResult(result: Result & { reportMtimeMs: number }, sinceMs: number, replayed: boolean): Result;
  packageLine(result: Result): string;
  totalLine(results: Result[]): string;
};

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), "test-reports-"));
  const pkg = (dir: string, name: string, report?: object) => {
    mkdirSync(join(root, dir, ".test-results"), { recursive: true });
    writeFileSync(
      join(root, dir, "package.json"),
      JSON.stringify({ name, scripts: { test: "vitest run" } }),
    );
    if (report)
      writeFileSync(join(root, dir, ".test-results", "vitest.json"), JSON.stringify(report));
  };
  pkg("spec", "@x/spec", {
    startTime: 1_000,
    numPassedTests: 3,
    numFailedTests: 1,
    numFailedTestSuites: 2,
    numPendingTests: 1,
    numTodoTests: 1,
    testResults: [
      {
        name: `${root}/spec/test/a.test.ts`,
        status: "failed",
        endTime: 5_000,
        assertionResults: [
          { status: "passed", fullName: "works" },
          {
            status: "failed",
            fullName: "a > breaks",
            failureMessages: ["AssertionError: 1 !== 2"],
          },
        ],
      },
      {
        name: `${root}/spec/test/b.test.ts`,
        status: "failed",
        endTime: 13_000,
        message: "Error: cannot load b",
        assertionResults: [],
      },
    ],
  });
  pkg("docs", "@x/docs");
  mkdirSync(join(root, "packages", "quiet"), { recursive: true });
  writeFileSync(join(root, "packages", "quiet", "package.json"), JSON.stringify({ name: "q" }));
  return root;
}

describe("the test reports of a workspace", () => {
  const results = readAllResults(workspace());

  test("a failed test and a file that failed to load each count once; a failing file's tests are not counted twice", () => {
    expect(results[0]).toMatchObject({
      name: "@x/spec",
      passed: 3,
      failed: 2,
      skipped: 2,
      seconds: 12,
    });
  });

  test("each failure is printed in full, named by its file", () => {
    expect(results[0]?.failures).toEqual([
      "FAIL spec/test/a.test.ts > a > breaks\nAssertionError: 1 !== 2",
      "FAIL spec/test/b.test.ts\nError: cannot load b",
    ]);
  });

  test("a package with a test script and no report is one failure; one without a test script is left out", () => {
    expect(results.map((r) => r.name)).toEqual(["@x/spec", "@x/docs"]);
    expect(results[1]).toMatchObject({ reported: false, failed: 1 });
  });

  test("one line per package, and the plain closing line", () => {
    expect(results.map(packageLine)).toEqual([
      "@x/spec: 3 passed, 2 failed, 2 skipped (12 s)",
      "@x/docs: no test report",
    ]);
    expect(totalLine(results)).toBe("3 passed, 3 failed, 2 skipped");
  });

  test("a report older than the run counts as a failure, unless turbo replayed the package's tests from its cache", () => {
    const [spec] = readAllResults(workspace()) as (Result & { reportMtimeMs: number })[];
    if (!spec) throw new Error("no result");
    const afterReport = spec.reportMtimeMs + 60_000;
    expect(runResult(spec, spec.reportMtimeMs - 1, false)).toBe(spec);
    expect(runResult(spec, afterReport, true)).toBe(spec);
    expect(runResult(spec, afterReport, false)).toMatchObject({
      reported: false,
      passed: 0,
      failed: 1,
      failures: ["@x/spec: its tests did not run (a task before them failed)"],
    });
  });
});
