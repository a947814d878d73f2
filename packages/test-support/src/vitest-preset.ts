// The one vitest configuration of the workspace (after turborepo's examples/with-vitest): every package's
// vitest.config.ts is `export default testConfig({ ...what differs })`.
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig, type ViteUserConfig } from "vitest/config";

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
 * uploads). `overrides` are merged over it.
 */
export function testConfig(overrides: TestConfigOverrides = {}): ViteUserConfig {
  return mergeConfig(
    defineConfig({
      test: {
        include: ["test/**/*.test.ts"],
        testTimeout: HANG_BOUND_MS,
        hookTimeout: HANG_BOUND_MS,
        reporters: [
          "default",
          ["json", { outputFile: ".test-results/vitest.json" }],
          ["junit", { outputFile: ".test-results/junit.xml" }],
        ],
      },
    }),
    defineConfig({ test: overrides }),
  );
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
