import { defineConfig, type Options } from "tsup";

// The same builds as @merchant-payments/client's (a private test package of the grown fixture): the default entry, the
// Node entry (the Node transport), `raw` and `transport`, as ESM (the default entry split into its lazy chunks) and as
// self-contained CommonJS. One configuration for both formats, so that the declarations are built by one TypeScript
// program (tsup's dts step writes the .d.ts and the .d.cts from one rollup bundle; two configurations built it twice),
// and splitting is tsup's default: on for ESM, off for CommonJS (each CommonJS entry self-contained, lazy imports
// inlined, as the published client's).
const shared = {
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  outDir: "dist",
  treeshake: true,
} satisfies Options;

const entry = {
  index: "src/index.ts",
  "index.node": "src/index.node.ts",
  raw: "src/raw.ts",
  transport: "src/transport/index.ts",
};

export default defineConfig({
  ...shared,
  entry,
  format: ["esm", "cjs"],
  dts: {
    entry: { index: "src/index.ts", raw: "src/raw.ts", transport: "src/transport/index.ts" },
  },
  esbuildOptions(options) {
    options.chunkNames = "[name]-[hash]";
  },
});
