import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    model: "src/portable.ts",
    issues: "src/issues.ts",
    "json-scan": "src/json-scan.ts",
    "base-url": "src/base-url.ts",
    causes: "src/causes.ts",
    "json-pointer": "src/json-pointer.ts",
    wire: "src/wire/index.ts",
    "usage-error": "src/usage-error.ts",
  },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  // dist/ also holds the bundled spec, written by `redocly bundle`: never wipe it.
  clean: false,
  target: "node20",
  // Keep `node:` specifiers: bundlers of the model for platform "neutral" leave only them external.
  removeNodeProtocol: false,
});
