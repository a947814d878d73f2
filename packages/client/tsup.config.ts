import { defineConfig } from "tsup";

export default defineConfig({
  // Three entries: the client, its Node build (the `node` export condition: the Node transport), and `raw`
  // (openapi-fetch), which an app that never imports it does not ship.
  entry: ["src/index.ts", "src/index.node.ts", "src/raw.ts"],
  format: ["esm", "cjs"],
  // The Node build has the same API: the `node` condition uses the default entry's declarations.
  dts: { entry: ["src/index.ts", "src/raw.ts"] },
  // No clean: the file set never changes, and overwriting in place leaves no moment without a .d.ts
  // for packages building or type-checking against this one at the same time.
  clean: false,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  outDir: "dist",
  treeshake: true,
  // Each entry self-contained: a fixed file set (no hashed shared chunks left behind by clean: false).
  splitting: false,
});
