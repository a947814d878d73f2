// `pnpm build`, `pnpm lint` and `pnpm release:pack`, run as the README writes them, print at most about 20 lines on
// success and end with their verdict. They run after every other file of this package (the `readme-commands-last`
// project of vitest.config.ts): release:pack rewrites the tarballs that pack.test.ts and install.test.ts read. Turbo
// builds every package before these tests (the test task's dependsOn), so the builds and lints here are cache hits
// (a second turbo run of the same inputs) and nothing is built twice at once.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { MAX_LINES, pnpm, type Run, TEST_HANG_BOUND_MS } from "./readme-run.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const packageDir = fileURLToPath(new URL("../", import.meta.url));
/** Notices of pinned tools that do not concern the user (issue 33): none may reach the output. */
const TOOL_NOTICES = /Node\.js 20|never used|DEP0\d+|ExperimentalWarning/;

/** turbo's verdict, `Tasks: N successful, N total`, among the last three lines (then `Cached:` and `Time:`). */
function expectTurboVerdict(run: Run): void {
  const shown = run.lines.join("\n");
  expect(run.status, shown).toBe(0);
  expect(run.lines.length, shown).toBeLessThanOrEqual(MAX_LINES);
  const verdict = run.lines.slice(-3).find((line) => /^\s*Tasks:/.test(line)) ?? "";
  const [, successful, total] = /Tasks:\s+(\d+) successful, (\d+) total/.exec(verdict) ?? [];
  expect(successful, shown).toBeDefined();
  expect(successful).toBe(total);
  expect(shown).not.toMatch(TOOL_NOTICES);
}

describe("the README's build commands print their verdict last, within about 20 lines", () => {
  test(
    "`pnpm build`: turbo's `Tasks: N successful, N total` in the last lines",
    async () => {
      expectTurboVerdict(await pnpm(["build"]));
    },
    TEST_HANG_BOUND_MS,
  );

  test(
    "`pnpm lint`: turbo's `Tasks: N successful, N total` in the last lines",
    async () => {
      expectTurboVerdict(await pnpm(["lint"]));
    },
    TEST_HANG_BOUND_MS,
  );

  test(
    "`pnpm release:pack`: a line per tarball, `release:pack: OK, N packages packed into …` last",
    async () => {
      const run = await pnpm(["release:pack"]);
      const shown = run.lines.join("\n");
      expect(run.status, shown).toBe(0);
      expect(run.lines.length, shown).toBeLessThanOrEqual(MAX_LINES);
      expect(run.lines.at(-1)).toMatch(/^release:pack: OK, \d+ packages packed into \S+/);
      expect(shown).not.toMatch(TOOL_NOTICES);
    },
    TEST_HANG_BOUND_MS,
  );
});

test("turbo builds every package that has a build before these tests (a dependency, or named in the test task)", () => {
  const manifest = (dir: string) =>
    JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      name: string;
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
  const own = manifest(packageDir);
  const dependencies = new Set(Object.keys({ ...own.dependencies, ...own.devDependencies }));
  const turbo = JSON.parse(readFileSync(join(packageDir, "turbo.json"), "utf8")) as {
    tasks: { test: { dependsOn: string[] } };
  };
  const named = new Set(turbo.tasks.test.dependsOn);
  const workspaceDirs = [join(root, "spec"), join(root, "docs"), ...readdirPackages()];
  const unbuilt = workspaceDirs
    .map(manifest)
    .filter((m) => m.scripts?.build && m.name !== own.name)
    .filter((m) => !dependencies.has(m.name) && !named.has(`${m.name}#build`))
    .map((m) => m.name);
  expect(unbuilt).toEqual([]);
});

/** The workspace's package folders under packages/, absolute. */
function readdirPackages(): string[] {
  return readdirSync(join(root, "packages"))
    .map((dir) => join(root, "packages", dir))
    .filter((dir) => existsSync(join(dir, "package.json")));
}
