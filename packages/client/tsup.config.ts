import { defineConfig, type Options } from "tsup";

// Three entries: the client, its Node build (the `node` export condition: the Node transport), and `raw`
// (openapi-fetch), which an app that never imports it does not ship.
// The spec package's dependency-free subpaths (issues, causes, base-url) and the private kit's (redact, timers, http)
// are bundled in, code and declarations: the published client depends on no workspace package.
const BUNDLED = {
  entry: ["src/index.ts", "src/raw.ts"],
  resolve: [/^@merchant-payments\/(spec|kit)/],
  // Declarations read from the spec's source, so that they are inlined (a path, not a package, to the resolver).
  compilerOptions: {
    baseUrl: ".",
    paths: {
      "@merchant-payments/spec/*": ["../../spec/src/*.ts", "../../spec/src/*/index.ts"],
      "@merchant-payments/kit/*": ["../kit/src/*.ts"],
    },
  },
};

const shared = {
  // No clean: the file set never changes, and overwriting in place leaves no moment without a .d.ts
  // for packages building or type-checking against this one at the same time.
  clean: false,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  outDir: "dist",
  treeshake: true,
} satisfies Options;

export default defineConfig([
  // CommonJS: each entry self-contained (lazy imports inlined).
  {
    ...shared,
    entry: ["src/index.ts", "src/index.node.ts", "src/raw.ts"],
    format: ["cjs"],
    // The Node build has the same API: the `node` condition uses the default entry's declarations.
    dts: BUNDLED,
    splitting: false,
  },
  // The browser/default ESM entry, split: what only some clients use (the answer validators, loaded with
  // `validateResponses`) is its own chunk, named without a hash so the file set stays fixed.
  {
    ...shared,
    entry: ["src/index.ts"],
    format: ["esm"],
    dts: BUNDLED,
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = "[name]";
    },
  },
  // The Node ESM build and `raw`: self-contained (a server loads the whole client at start anyway).
  {
    ...shared,
    entry: ["src/index.node.ts", "src/raw.ts"],
    format: ["esm"],
    splitting: false,
  },
]);
