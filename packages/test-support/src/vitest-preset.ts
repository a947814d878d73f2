// The one vitest configuration of the workspace (after turborepo's examples/with-vitest): every package's
// vitest.config.ts is `export default testConfig({ ...what differs })`.
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig, mergeConfig, type ViteUserConfig } from "vitest/config";
import {
  affectedTestFiles,
  changedFiles,
  testFiles,
  unitTestFiles,
  workspacePackages,
} from "./test-graph.js";

/** What a package may set on top of the preset. */
export type TestConfigOverrides = NonNullable<ViteUserConfig["test"]>;

/**
 * A test's and a hook's bound on a hang, in milliseconds: generous, because a test must pass on a machine that other
 * work keeps busy (a tsc run or a child Node that takes 5 s idle can take ten times that beside a CPU hog).
 */
export const HANG_BOUND_MS = 120_000;

/**
 * The preset: tests in `test/**\/*.test.ts`, HANG_BOUND_MS per test and hook, a JSON report in
 * `.test-results/vitest.json` (which `.ci/run` adds up) and a JUnit report in `.test-results/junit.xml` (which CI
 * uploads), and `isolate: false`: a worker keeps the modules it loaded (the spec model, validators, Prism, Playwright)
 * for its next file instead of a new process importing them again. No test file mocks a module; one that changes a
 * global or an environment variable puts it back. `overrides` are merged over it.
 */
export function testConfig(overrides: TestConfigOverrides = {}): ViteUserConfig {
  const selected = changedSelection(overrides);
  return mergeConfig(
    defineConfig({
      test: {
        include: ["test/**/*.test.ts"],
        isolate: false,
        testTimeout: HANG_BOUND_MS,
        hookTimeout: HANG_BOUND_MS,
        reporters: [
          "default",
          ["json", { outputFile: ".test-results/vitest.json" }],
          ["junit", { outputFile: ".test-results/junit.xml" }],
        ],
      },
    }),
    defineConfig({ test: selected }),
  );
}

/** The workspace's folder: the nearest folder above `dir` holding pnpm-workspace.yaml. */
function workspaceRoot(dir: string): string {
  let at = resolve(dir);
  while (!existsSync(join(at, "pnpm-workspace.yaml"))) {
    const up = dirname(at);
    if (up === at) throw new Error(`no pnpm-workspace.yaml above ${dir}`);
    at = up;
  }
  return at;
}

/**
 * `pnpm test:changed` (TEST_CHANGED_SINCE=<git ref>): the overrides with every test file the changes since that ref
 * cannot affect (test-graph.ts's `affectedTestFiles`) excluded, at the root and in each inline project, and no
 * failure when none is left. Without the variable, the overrides unchanged.
 */
function changedSelection(overrides: TestConfigOverrides): TestConfigOverrides {
  const base = process.env.TEST_CHANGED_SINCE;
  if (!base) return overrides;
  const dir = process.cwd();
  const root = workspaceRoot(dir);
  const packages = workspacePackages(root);
  const own = packages.find((p) => resolve(p.dir) === resolve(dir));
  if (!own) return overrides;
  let changed: string[];
  try {
    changed = changedFiles(root, base);
  } catch (error) {
    console.log(
      `test:changed: git could not compare with ${base} (${error}); every test file of ${own.name} runs`,
    );
    return overrides;
  }
  const affected = new Set(affectedTestFiles(own, packages, root, changed));
  const skipped = testFiles(own.dir)
    .filter((file) => !affected.has(file))
    .map((file) => relative(own.dir, file).split(sep).join("/"));
  console.log(
    `test:changed: ${affected.size} of ${affected.size + skipped.length} test files of ${own.name} reach what changed since ${base}`,
  );
  const exclude = [...configDefaults.exclude, ...skipped];
  const projects = overrides.projects?.map((project) =>
    typeof project === "object" && project !== null && "test" in project
      ? {
          ...project,
          test: {
            ...project.test,
            exclude: [...(project.test?.exclude ?? configDefaults.exclude), ...skipped],
          },
        }
      : project,
  );
  return {
    ...overrides,
    exclude: [...(overrides.exclude ?? []), ...exclude],
    passWithNoTests: true,
    ...(projects ? { projects } : {}),
  };
}

/**
 * A generated client's configuration: the type tests once (type-checked with the package's `tsconfig.test-d.json`), every behaviour test twice, once with the default entry
 * (the fetch transport) and once with the tests' import of "../src/index.js" (from any depth of the test folder, e.g.
 * a helper's "../../src/index.js") replaced by `<packageDir>/src/index.node.ts` (the Node transport), so that both keep
 * the same semantics. `transportFree`: test files that exercise no transport, run in the fetch project only. `packageDir`: the package's folder as a file URL (`new URL(".", import.meta.url)`).
 */
export function clientTestConfig(packageDir: URL, transportFree: string[] = []): ViteUserConfig {
  return testConfig({
    // The type tests' own program (`tsconfig.test-d.json`: the package's tsconfig.json with only the test-d files
    // and what they import): the package's typecheck task already checks the whole of tsconfig.json, and `pnpm test`
    // runs it first, so vitest's tsc need not check the behaviour tests and scripts a second time.
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.test-d.json",
    },
    projects: [
      { extends: true, test: { name: "fetch", env: { CLIENT_TEST_TRANSPORT: "fetch" } } },
      {
        extends: true,
        test: {
          name: "node-transport",
          ...(transportFree.length > 0 ? { exclude: transportFree } : {}),
          typecheck: { enabled: false },
          env: { CLIENT_TEST_TRANSPORT: "node" },
        },
        resolve: {
          alias: [
            {
              find: /^(\.\.\/)+src\/index\.js$/,
              replacement: fileURLToPath(new URL("src/index.node.ts", packageDir)),
            },
          ],
        },
      },
    ],
  });
}

/** The unit tier's setup file: a test that spawns, serves, connects or fetches fails (./unit-guard.ts). */
export const UNIT_GUARD = fileURLToPath(new URL("./unit-guard.js", import.meta.url));

/**
 * The unit tier (`pnpm test:unit`, the root's vitest.unit.config.ts): one project per workspace package, named
 * `unit:<folder>`, holding the package's test files that test-graph.ts finds need no server, browser, child process
 * or built output (`unitTestFiles`), each run under UNIT_GUARD. `root` is the workspace's folder.
 */
export function unitProjects(root: string): NonNullable<TestConfigOverrides["projects"]> {
  return workspacePackages(root).flatMap((pkg) => {
    const include = unitTestFiles(pkg.dir, root);
    if (include.length === 0) return [];
    return [
      {
        root: pkg.dir,
        test: {
          name: `unit:${relative(root, pkg.dir).replace(/^packages\//, "")}`,
          include,
          setupFiles: [UNIT_GUARD],
          testTimeout: HANG_BOUND_MS,
          hookTimeout: HANG_BOUND_MS,
        },
      },
    ];
  });
}
