// The workflow and action files the tests read, parsed once: where they are, and their steps.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

/** The workspace root. */
export const root = fileURLToPath(new URL("../../..", import.meta.url));

/** The repository's workflows folder. */
export const workflowsDir = join(root, ".github", "workflows");

/** The verify action's metadata file, as other teams' workflows use it (`uses: <owner>/<repo>/packages/verify/action@<sha>`). */
export const verifyActionFile = join(root, "packages", "verify", "action", "action.yml");

/** One step of a job or a composite action, as far as the tests read it. */
interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
  readonly if?: string;
}

/** One job of a workflow, as far as the tests read it. */
export interface Job {
  readonly permissions?: Record<string, string> | string;
  readonly steps?: readonly Step[];
  readonly uses?: string;
  readonly needs?: string | readonly string[];
  readonly strategy?: { readonly matrix?: Record<string, unknown> };
}

/** A parsed workflow file. */
export interface Workflow {
  readonly file: string;
  readonly text: string;
  readonly permissions?: Record<string, string> | string;
  readonly on: Record<string, unknown>;
  readonly jobs: Record<string, Job>;
}

/** Every workflow of `.github/workflows`, by file name (e.g. `ci.yml`). */
export function workflows(): Map<string, Workflow> {
  const found = new Map<string, Workflow>();
  for (const name of readdirSync(workflowsDir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    const file = join(workflowsDir, name);
    const text = readFileSync(file, "utf8");
    found.set(name, { file, text, ...parseYaml(text) });
  }
  return found;
}

/** The workflow `name`; throws when the file is missing. */
export function workflow(name: string): Workflow {
  const found = workflows().get(name);
  if (!found) throw new Error(`.github/workflows/${name} is missing`);
  return found;
}

/** The shell commands a workflow's steps run, one per line of each `run:`, trimmed, blank lines left out. */
export function runCommands(wf: Workflow): string[] {
  return Object.values(wf.jobs)
    .flatMap((job) => job.steps ?? [])
    .flatMap((step) => (step.run ?? "").split("\n"))
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The README's test command, read as `.ci/run` reads it: the line after the fence that follows the marker. */
export function readmeTestCommand(readme: string): string {
  const lines = readme.split("\n");
  const marker = lines.indexOf("<!-- test-command -->");
  if (marker < 0) throw new Error("README.md has no <!-- test-command --> block");
  return lines[marker + 2] ?? "";
}

/** The root README. */
export function readme(): string {
  return readFileSync(join(root, "README.md"), "utf8");
}
