// The one vitest configuration of the workspace (after turborepo's examples/with-vitest): every package's
// vitest.config.ts is `export default testConfig({ ...what differs })`.
import { defineConfig, mergeConfig, type ViteUserConfig } from "vitest/config";

/** What a package may set on top of the preset. */
export type TestConfigOverrides = NonNullable<ViteUserConfig["test"]>;

/**
 * The preset: tests in `test/**\/*.test.ts`, 30 s per test and hook, and a JSON report in
 * `.test-results/vitest.json` (which `.ci/run` adds up). `overrides` are merged over it.
 */
export function testConfig(overrides: TestConfigOverrides = {}): ViteUserConfig {
  return mergeConfig(
    defineConfig({
      test: {
        include: ["test/**/*.test.ts"],
        testTimeout: 30_000,
        hookTimeout: 30_000,
        reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
      },
    }),
    defineConfig({ test: overrides }),
  );
}
