// A package's turbo.json may name the builds its `generate` and `build` wait for instead of turbo's "^build" (every
// workspace dependency's build, devDependencies used only by tests included), so that a change in a package that
// only its tests use (the mock, for the client) neither rebuilds it nor invalidates what depends on its build. Such
// a list must name every workspace package the build reads: each one its src/, scripts/ and top-level config files
// import (TypeScript's pre-processor: real imports only), where that package has a build of its own.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { codeFiles, isDirectory, workspaceDirs } from "./source-files.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const SCOPE = "@merchant-payments/";
const BUILD_READS = ["src", "scripts"];

interface WorkspacePackage {
  dir: string;
  name: string;
  scripts: Record<string, string>;
  /** The package's turbo.json tasks, if it has one. */
  tasks: Record<string, { dependsOn?: string[] }>;
}

function workspacePackages(): WorkspacePackage[] {
  const dirs = workspaceDirs(root);
  return dirs
    .filter((dir) => existsSync(join(root, dir, "package.json")))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
      const turbo = join(root, dir, "turbo.json");
      const tasks = existsSync(turbo) ? JSON.parse(readFileSync(turbo, "utf8")).tasks : {};
      return { dir, name: manifest.name, scripts: manifest.scripts ?? {}, tasks };
    });
}

/** The workspace packages imported by `files` (their names, without subpaths). */
function importedPackages(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName.startsWith(SCOPE)) names.add(fileName.split("/").slice(0, 2).join("/"));
    }
  }
  return names;
}

/** The files a package's build reads: src/, scripts/ and its top-level config and script files. */
function buildFiles(pkg: WorkspacePackage): string[] {
  const dir = join(root, pkg.dir);
  const topLevel = readdirSync(dir)
    .filter((name) => /\.(m?[jt]s)$/.test(name) && !name.startsWith("vitest."))
    .map((name) => join(dir, name));
  return [
    ...BUILD_READS.map((folder) => join(dir, folder))
      .filter(isDirectory)
      .flatMap(codeFiles),
    ...topLevel,
  ];
}

/** The upstream builds `pkg` reads but its explicit `task` list leaves out (empty where the task uses "^build"). */
function missingBuilds(pkg: WorkspacePackage, task: string, all: WorkspacePackage[]): string[] {
  const dependsOn = pkg.tasks[task]?.dependsOn;
  if (dependsOn === undefined || dependsOn.includes("^build")) return [];
  const built = new Set(all.filter((p) => p.scripts.build !== undefined).map((p) => p.name));
  return [...importedPackages(buildFiles(pkg))]
    .filter((name) => name !== pkg.name && built.has(name))
    .filter((name) => !dependsOn.includes(`${name}#build`))
    .sort();
}

describe("the builds a package's turbo.json names", () => {
  const all = workspacePackages();

  test.each(["generate", "build"])(
    "include every workspace package a %s reads, wherever the list replaces ^build",
    (task) => {
      const missing = all.flatMap((pkg) =>
        missingBuilds(pkg, task, all).map((name) => `${pkg.name}#${task} reads ${name}`),
      );
      expect(missing).toEqual([]);
    },
  );

  test("a list that leaves out an imported package is found", () => {
    const client = all.find((pkg) => pkg.name === `${SCOPE}client`);
    expect(client?.tasks.build?.dependsOn).toBeDefined();
    const withoutSpec: WorkspacePackage = {
      ...(client as WorkspacePackage),
      tasks: { build: { dependsOn: [`${SCOPE}kit#build`, "generate"] } },
    };
    expect(missingBuilds(withoutSpec, "build", all)).toEqual([`${SCOPE}spec`]);
  });
});
