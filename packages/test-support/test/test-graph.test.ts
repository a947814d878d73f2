// The tiers and the selection of `pnpm test:changed`, on a small workspace written to a temporary folder (and a git
// repository for the changed files), and the unit tier's guard in a child Node.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  affectedTestFiles,
  changedFiles,
  unitTestFiles,
  type WorkspacePackage,
  workspacePackages,
} from "../src/test-graph.js";

let root: string;
let packages: WorkspacePackage[];
const pkg = (name: string) => packages.find((p) => p.name === name) as WorkspacePackage;
const at = (...parts: string[]) => join(root, ...parts);

/** Writes `files` (path relative to the workspace: text) under the temporary workspace. */
function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(at(path)), { recursive: true });
    writeFileSync(at(path), text);
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "test-graph-"));
  write({
    "pnpm-workspace.yaml": "packages:\n  - lib\n  - packages/*\n\ncatalog:\n  x: 1.0.0\n",
    "lib/package.json": JSON.stringify({ name: "@ws/lib" }),
    "lib/src/parse.ts": 'export const parse = (s: string) => s.split(",");\n',
    "lib/src/format.ts":
      'import type { Server } from "node:http";\nexport type S = Server;\nexport const format = (a: string[]) => a.join(",");\n',
    "lib/src/serve.ts":
      'import { createServer } from "node:http";\nexport const serve = () => createServer().listen(0);\n',
    "lib/src/table.json": "{}",
    "lib/test/parse.test.ts": 'import { parse } from "../src/parse.js";\nparse("a");\n',
    "lib/test/format.test.ts": 'import { format } from "../src/format.js";\nformat([]);\n',
    "lib/test/serve.test.ts": 'import { serve } from "../src/serve.js";\nserve();\n',
    "lib/test/helpers/run.ts":
      'import { spawnSync } from "node:child_process";\nexport const run = () => spawnSync("node");\n',
    "lib/test/cli.test.ts": 'import { run } from "./helpers/run.js";\nrun("../bin/cli.js");\n',
    "packages/app/package.json": JSON.stringify({
      name: "@ws/app",
      dependencies: { "@ws/lib": "workspace:*", "@ws/pure": "workspace:*" },
    }),
    "packages/pure/package.json": JSON.stringify({ name: "@ws/pure" }),
    "packages/pure/src/index.ts": "export const pure = 1;\n",
    "packages/app/test/uses-pure.test.ts": 'import { pure } from "@ws/pure";\npure;\n',
    "packages/app/src/app.ts": "export const app = 1;\n",
    "packages/app/test/uses-lib.test.ts": 'import { parse } from "@ws/lib";\nparse("");\n',
    "packages/app/test/own.test.ts": 'import { app } from "../src/app.js";\napp;\n',
    "packages/app/test/names-lib.test.ts": 'const cli = "../../lib/bin/cli.js";\ncli;\n',
  });
  packages = workspacePackages(root);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the workspace's packages", () => {
  test("are read from pnpm-workspace.yaml's folders and globs, with their workspace dependencies", () => {
    expect(packages.map((p) => [p.name, p.deps])).toEqual([
      ["@ws/lib", []],
      ["@ws/app", ["@ws/lib", "@ws/pure"]],
      ["@ws/pure", []],
    ]);
  });
});

describe("the unit tier", () => {
  test("holds the files that import no server, process or browser helper, type-only imports aside", () => {
    expect(unitTestFiles(at("lib"), root)).toEqual(["test/format.test.ts", "test/parse.test.ts"]);
  });

  test("leaves out a file whose library module starts a server, and one whose helper spawns", () => {
    const unit = unitTestFiles(at("lib"), root);
    expect(unit).not.toContain("test/serve.test.ts");
    expect(unit).not.toContain("test/cli.test.ts");
  });

  test("leaves out a file that names a dist/ or bin/ path or imports a package that serves, keeps a pure one", () => {
    expect(unitTestFiles(at("packages/app"), root)).toEqual([
      "test/own.test.ts",
      "test/uses-pure.test.ts",
    ]);
  });

  test("a unit test that spawns fails with UnitTierViolation (the guard, in a child Node)", () => {
    const guard = fileURLToPath(new URL("../dist/unit-guard.js", import.meta.url));
    const script = `await import(${JSON.stringify(guard)}); const cp = await import("node:child_process"); try { cp.spawnSync("node"); } catch (e) { console.log(e.name); } try { await fetch("http://127.0.0.1:9/"); } catch (e) { console.log(e.name); } const net = await import("node:net"); try { net.createServer(); } catch (e) { console.log(e.name); }`;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(child.stderr).toBe("");
    expect(child.stdout.trim().split("\n")).toEqual([
      "UnitTierViolation",
      "UnitTierViolation",
      "UnitTierViolation",
    ]);
  });
});

describe("the test files a change affects", () => {
  const affected = (name: string, changed: string[]) =>
    affectedTestFiles(
      pkg(name),
      packages,
      root,
      changed.map((c) => at(c)),
    ).map((f) => f.slice(root.length + 1));

  test("a changed module runs the test files that import it, and not the others", () => {
    // cli.test.ts runs the package's bin/, built from every source: it runs after any change of them.
    expect(affected("@ws/lib", ["lib/src/parse.ts"])).toEqual([
      "lib/test/cli.test.ts",
      "lib/test/parse.test.ts",
    ]);
    expect(affected("@ws/lib", ["lib/src/format.ts"])).toEqual([
      "lib/test/cli.test.ts",
      "lib/test/format.test.ts",
    ]);
  });

  test("a changed test helper runs the test files that import it", () => {
    expect(affected("@ws/lib", ["lib/test/helpers/run.ts"])).toEqual(["lib/test/cli.test.ts"]);
  });

  test("a file that runs the package's built output runs after any change of its sources", () => {
    expect(affected("@ws/lib", ["lib/src/format.ts", "lib/src/parse.ts"])).toContain(
      "lib/test/cli.test.ts",
    );
  });

  test("a changed file that is no module (a fixture, the spec's YAML) runs all of its package's tests", () => {
    expect(affected("@ws/lib", ["lib/src/table.json"])).toHaveLength(4);
  });

  test("downstream, only the files that import or name the changed package run", () => {
    expect(affected("@ws/app", ["lib/src/parse.ts"])).toEqual([
      "packages/app/test/names-lib.test.ts",
      "packages/app/test/uses-lib.test.ts",
    ]);
    expect(affected("@ws/app", ["packages/app/src/app.ts"])).toEqual([
      "packages/app/test/own.test.ts",
    ]);
  });

  test("nothing of a package runs when no changed file is reached", () => {
    expect(affected("@ws/lib", ["packages/app/src/app.ts"])).toEqual([]);
  });

  test("the changed files since a ref are git's: committed, unstaged and untracked", () => {
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: root });
    git("init", "-q", "-b", "base");
    git("add", ".");
    git("commit", "-q", "-m", "base");
    git("checkout", "-q", "-b", "work");
    write({ "lib/src/parse.ts": "export const parse = (s: string) => [s];\n" });
    git("commit", "-q", "-am", "change");
    write({ "lib/src/format.ts": "export const format = () => '';\n", "lib/src/new.ts": "" });
    expect(changedFiles(at("lib"), "base").sort()).toEqual(
      [at("lib/src/format.ts"), at("lib/src/new.ts"), at("lib/src/parse.ts")].sort(),
    );
  });
});
