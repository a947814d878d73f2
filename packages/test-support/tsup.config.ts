import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/index.ts",
    "src/browser.ts",
    "src/vitest-preset.ts",
    "src/test-graph.ts",
    "src/unit-guard.ts",
  ],
  format: ["esm"],
  dts: true,
  target: "node20",
  platform: "node",
  clean: true,
  external: ["vitest", "playwright-core", "typescript"],
});
