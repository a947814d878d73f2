import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
    // The tests start mocks, compile samples and drive a browser: generous timeouts, one file at a time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
