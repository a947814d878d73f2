import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", model: "src/portable.ts", internal: "src/internal.ts" },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  // dist/ also holds the bundled spec, written by `redocly bundle`: never wipe it.
  clean: false,
  target: "node20",
});
