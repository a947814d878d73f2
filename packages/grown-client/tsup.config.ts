import { defineConfig } from "tsup";

// ESM only (a private test package): the default entry, the Node entry (the Node transport) and `raw`.
export default defineConfig({
  entry: ["src/index.ts", "src/index.node.ts", "src/raw.ts"],
  format: ["esm"],
  dts: { entry: ["src/index.ts", "src/raw.ts"] },
  splitting: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  outDir: "dist",
  treeshake: true,
  esbuildOptions(options) {
    options.chunkNames = "[name]-[hash]";
  },
});
