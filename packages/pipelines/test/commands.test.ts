// The workflows run the README's commands: CI runs `bash .ci/run`, which runs the README's test command; release and
// docs install as that command does; every command a workflow runs is written in the README; the caches and the
// uploaded JUnit reports are where pnpm, turbo and the shared vitest preset put them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testConfig } from "@merchant-payments/test-support/vitest-preset";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  readme,
  readmeTestCommand,
  root,
  runCommands,
  workflow,
  workflows,
} from "./workflow-files.js";

const testCommand = readmeTestCommand(readme());
const installCommand = testCommand.replace(/ && pnpm test$/, "");
const ci = workflow("ci.yml");
const ciSteps = ci.jobs.test?.steps ?? [];

describe("the README's test command in CI", () => {
  test("is the pinned pnpm's install and `pnpm test`", () => {
    const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(testCommand).toBe(
      `npm install -g ${packageManager} && pnpm install --frozen-lockfile && pnpm test`,
    );
  });

  test("CI runs `bash .ci/run`, which reads that command from the README's block and runs it", () => {
    expect(runCommands(ci)).toContain("bash .ci/run");
    const ciRun = readFileSync(join(root, ".ci", "run"), "utf8");
    expect(ciRun).toContain("sed -n '/<!-- test-command -->/{n;n;p;q}' README.md");
    expect(ciRun).toContain('bash -c "$test_command"');
  });

  test("on Node 22 and 24", () => {
    expect(ci.jobs.test?.strategy?.matrix?.node).toEqual(["22", "24"]);
    const setupNode = ciSteps.find((step) => step.uses?.startsWith("actions/setup-node@"));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as written in the YAML
    expect(setupNode?.with?.["node-version"]).toBe("${{ matrix.node }}");
  });

  test("release and docs install exactly as the README's test command does", () => {
    for (const name of ["release.yml", "docs.yml"]) {
      expect(runCommands(workflow(name))).toContain(installCommand);
    }
  });
});

describe("every command a workflow runs", () => {
  const text = readme();
  test.each(
    [...workflows().entries()].flatMap(([name, wf]) => runCommands(wf).map((c) => [name, c])),
  )("%s: `%s` is written in the README", (_name, command) => {
    expect(text.includes(command), `README.md does not show \`${command}\``).toBe(true);
  });

  test("the release's version and publish scripts run the release commands the READMEs give", () => {
    const releaseReadme = readFileSync(join(root, "packages", "release", "README.md"), "utf8");
    const version = readFileSync(join(root, "packages/pipelines/scripts/version.sh"), "utf8");
    const publish = readFileSync(join(root, "packages/pipelines/scripts/publish.sh"), "utf8");
    for (const command of [
      "pnpm changeset version",
      "pnpm --filter @merchant-payments/release record-release",
    ]) {
      expect(version.split("\n")).toContain(command);
      expect(releaseReadme).toContain(command);
    }
    expect(publish.split("\n")).toContain("pnpm release:pack");
    expect(text.includes("`pnpm release:pack`")).toBe(true);
    const release = workflow("release.yml").jobs.release?.steps ?? [];
    const changesets = release.find((step) => step.uses?.startsWith("changesets/action@"));
    expect(changesets?.with).toMatchObject({
      version: "bash packages/pipelines/scripts/version.sh",
      publish: "bash packages/pipelines/scripts/publish.sh",
    });
    expect(text.includes("bash packages/pipelines/scripts/publish.sh")).toBe(true);
    expect(text.includes("bash packages/pipelines/scripts/version.sh")).toBe(true);
  });
});

describe("caches and reports", () => {
  test("the pnpm store CI caches is where pnpm keeps it on a runner", () => {
    const home = mkdtempSync(join(tmpdir(), "pipelines-home-"));
    try {
      const { XDG_DATA_HOME: _ignored, PNPM_HOME: _alsoIgnored, ...env } = process.env;
      const result = spawnSync("pnpm", ["store", "path"], {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
        env: { ...env, HOME: home },
      });
      expect(result.stdout.trim().startsWith(join(home, ".local/share/pnpm/store"))).toBe(true);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    const cache = ciSteps.find((step) => step.name === "Cache the pnpm store");
    expect(cache?.with?.path).toBe("~/.local/share/pnpm/store");
    expect(String(cache?.with?.key)).toContain("hashFiles('pnpm-lock.yaml')");
  });

  test("the turbo cache CI caches is turbo's own folder (no cacheDir configured)", () => {
    const turbo = JSON.parse(readFileSync(join(root, "turbo.json"), "utf8"));
    expect(turbo.cacheDir).toBeUndefined();
    const cache = ciSteps.find((step) => step.name === "Cache the turbo cache");
    expect(cache?.with?.path).toBe(".turbo/cache");
  });

  test("CI uploads the JUnit report the shared vitest preset writes, for every workspace folder", () => {
    const reporters = testConfig().test?.reporters as unknown[];
    expect(reporters).toContainEqual(["junit", { outputFile: ".test-results/junit.xml" }]);
    expect(reporters).toContainEqual(["json", { outputFile: ".test-results/vitest.json" }]);
    const upload = ciSteps.find((step) => step.uses?.startsWith("actions/upload-artifact@"));
    const { packages } = parseYaml(readFileSync(join(root, "pnpm-workspace.yaml"), "utf8"));
    const paths = String(upload?.with?.path).trim().split("\n");
    expect(paths.sort()).toEqual(
      (packages as string[]).map((dir) => `${dir}/.test-results/junit.xml`).sort(),
    );
    expect(upload?.with?.["include-hidden-files"]).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as written in the YAML
    expect(upload?.if).toBe("${{ !cancelled() }}");
  });
});
