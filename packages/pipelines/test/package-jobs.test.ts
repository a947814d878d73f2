// CI's package jobs: on a pull request every workspace package's tests run in exactly one job of ci.yml's matrix, the
// matrix being the workspace's own package list (scripts/ci-packages.mjs), never a list kept by hand.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { workspacePackages } from "@merchant-payments/test-support/test-graph";
import { describe, expect, test } from "vitest";
import { type Job, root, workflow } from "./workflow-files.js";

const { testedPackages } = await import("../../../scripts/ci-packages.mjs");

const ci = workflow("ci.yml");
/** The packages with a `test` script, read independently of the script under test (test-support's workspace reader). */
const withTests = workspacePackages(root)
  .filter((p) => JSON.parse(readFileSync(join(p.dir, "package.json"), "utf8")).scripts?.test)
  .map((p) => p.name);
/** Whether a job's `if:` lets it run for a pull request. */
const runsOnPullRequests = (job: Job & { if?: string }) =>
  job.if === undefined || job.if.includes("'pull_request'");
/** Whether a job runs package tests: the README's test command, `pnpm test`, or turbo's test task. */
const runsTests = (job: Job) =>
  (job.steps ?? []).some((step) =>
    /(bash \.ci\/run|pnpm test\b|turbo run test\b)/.test(step.run ?? ""),
  );

describe("every package's tests in exactly one job of a pull request", () => {
  test("the package list CI prints is every workspace package with tests, each once", () => {
    const listed: string[] = testedPackages(root);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...withTests].sort());
    expect(listed.length).toBeGreaterThan(10);
  });

  test("the plan job prints that list as its output, the package job's matrix is it", () => {
    const plan = ci.jobs.plan as Job & { outputs?: Record<string, string> };
    const step = plan.steps?.find((s) => s.id === "packages");
    expect(step?.run).toBe('node scripts/ci-packages.mjs >> "$GITHUB_OUTPUT"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as written in the YAML
    expect(plan.outputs?.packages).toBe("${{ steps.packages.outputs.packages }}");
    const jobs = ci.jobs["package-tests"] as Job & { env?: Record<string, string> };
    expect(jobs.needs).toContain("plan");
    expect(jobs.strategy?.matrix).toEqual({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as written in the YAML
      package: "${{ fromJSON(needs.plan.outputs.packages) }}",
    });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as written in the YAML
    expect(jobs.env?.PACKAGE).toBe("${{ matrix.package }}");
  });

  test("each matrix job runs the tests of its one package and no other test command", () => {
    const commands = (ci.jobs["package-tests"]?.steps ?? [])
      .map((step) => step.run ?? "")
      .filter((run) => /(\.ci\/run|pnpm test\b|turbo run test\b)/.test(run));
    expect(commands).toEqual(['pnpm turbo run test --filter="$PACKAGE"']);
  });

  test("no other job runs tests on a pull request; the build job's cache is the one the package jobs restore", () => {
    const testing = Object.entries(ci.jobs)
      .filter(([, job]) => runsOnPullRequests(job) && runsTests(job))
      .map(([name]) => name);
    expect(testing).toEqual(["package-tests"]);
    const saved = ci.jobs.build?.steps?.find((s) => s.name === "Cache the turbo cache");
    const restored = ci.jobs["package-tests"]?.steps?.find(
      (s) => s.uses?.startsWith("actions/cache/restore@") && s.with?.path === ".turbo/cache",
    );
    expect(restored?.with?.path).toBe(".turbo/cache");
    expect(restored?.with?.key).toBe(saved?.with?.key);
    expect(ci.jobs["package-tests"]?.needs).toContain("build");
  });
});
