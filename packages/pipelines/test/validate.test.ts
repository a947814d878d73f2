// Every workflow and the verify action validate against GitHub's workflow and action schemas, with action-validator's
// own command (@action-validator/cli, WebAssembly; it tells an action from a workflow by the file name).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { root, verifyActionFile, workflows, workflowsDir } from "./workflow-files.js";

const require = createRequire(import.meta.url);
const cliDir = dirname(require.resolve("@action-validator/cli/package.json"));
const cli = join(cliDir, require(join(cliDir, "package.json")).bin["action-validator"]);
const scratch = mkdtempSync(join(tmpdir(), "pipelines-validate-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `action-validator <file>`: its exit status and what it printed. */
function validate(file: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [cli, file], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const files = [...[...workflows().values()].map((wf) => wf.file), verifyActionFile];

describe("action-validator", () => {
  test("finds the three workflows and the action", () => {
    expect([...workflows().keys()]).toEqual(["ci.yml", "docs.yml", "release.yml"]);
    expect(relative(root, verifyActionFile)).toBe("packages/verify/action/action.yml");
    expect(relative(root, workflowsDir)).toBe(".github/workflows");
  });

  test.each(files.map((file) => [relative(root, file), file]))(
    "%s validates against GitHub's schema",
    (_name, file) => {
      const { status, output } = validate(file);
      expect(output).toBe("");
      expect(status).toBe(0);
    },
  );

  test("rejects a workflow whose job has no runs-on and an unknown key (the check can fail)", () => {
    const broken = join(scratch, "broken.yml");
    const ci = readFileSync(join(workflowsDir, "ci.yml"), "utf8");
    writeFileSync(
      broken,
      ci.replace("    runs-on: ubuntu-24.04\n", "    runs-where: ubuntu-24.04\n"),
    );
    const { status, output } = validate(broken);
    expect(status).toBe(1);
    expect(output).toContain("runs-where");
  });

  test("validates the workflow the verify README gives service teams, which uses this action with its inputs", () => {
    const verifyReadme = readFileSync(join(root, "packages", "verify", "README.md"), "utf8");
    const after = verifyReadme.slice(verifyReadme.indexOf("<!-- action-workflow -->"));
    const start = after.indexOf("```yaml\n") + 8;
    const text = after.slice(start, after.indexOf("\n```", start));
    expect(text.split("\n")).toHaveLength(10);
    const copy = join(scratch, "service-team.yml");
    writeFileSync(copy, `${text}\n`);
    const { status, output } = validate(copy);
    expect(output).toBe("");
    expect(status).toBe(0);
    const step = parseYaml(text).jobs.verify.steps[0];
    expect(step.uses).toMatch(/^OWNER\/REPO\/packages\/verify\/action@/);
    const inputs = parseYaml(readFileSync(verifyActionFile, "utf8")).inputs;
    for (const key of Object.keys(step.with)) expect(Object.keys(inputs)).toContain(key);
  });

  test("rejects an action whose runs has no using", () => {
    const broken = join(scratch, "action.yml");
    writeFileSync(
      broken,
      readFileSync(verifyActionFile, "utf8").replace("  using: composite\n", ""),
    );
    const { status } = validate(broken);
    expect(status).toBe(1);
  });
});
