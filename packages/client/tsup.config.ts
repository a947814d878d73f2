import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  // No clean: the file set never changes, and overwriting in place leaves no moment without a .d.ts
  // for packages building or type-checking against this one at the same time.
  clean: false,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  outDir: "dist",
  treeshake: true,
});
