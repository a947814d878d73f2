import { defineConfig, type Options } from "tsup";

// Five entries: the client, its Node build (the `node` export condition: the Node transport), `raw` (openapi-fetch),
// which an app that never imports it does not ship, `transport` (what a custom transport is written with) and
// `webhooks` (`parseWebhook`, for a receiver: not loaded with the client).
// The spec package's dependency-free entries (issues, json-pointer, wire, wire/credentials) and the private kit's
// (base-url, causes, json-scan, redact, timers, http) are bundled in, code and declarations: the published client
// depends on no workspace package.
const BUNDLED = {
  entry: {
    index: "src/index.ts",
    raw: "src/raw.ts",
    transport: "src/transport/index.ts",
    webhooks: "src/webhooks.ts",
  },
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
  // The declarations, .d.ts and .d.cts, from one TypeScript program (tsup's dts step writes both formats from one
  // rollup bundle; with declarations on the CommonJS and the ESM configuration it compiled the sources twice). The
  // Node build has the same API: the `node` condition uses the default entry's declarations.
  { ...shared, entry: BUNDLED.entry, format: ["cjs", "esm"], dts: { ...BUNDLED, only: true } },
  // CommonJS: each entry self-contained (lazy imports inlined).
  {
    ...shared,
    entry: {
      index: "src/index.ts",
      "index.node": "src/index.node.ts",
      raw: "src/raw.ts",
      transport: "src/transport/index.ts",
      webhooks: "src/webhooks.ts",
    },
    format: ["cjs"],
    splitting: false,
  },
  // The browser/default ESM entry, split: what only some clients use (the answer validators, loaded with
  // `validateResponses`) is its own chunk, named without a hash so the file set stays fixed.
  {
    ...shared,
    entry: ["src/index.ts"],
    format: ["esm"],
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = "[name]";
    },
  },
  // The Node ESM build, `raw` and `transport`: self-contained (a server loads the whole client at start anyway; the
  // transport classes are branded, so `instanceof` holds across the copies).
  {
    ...shared,
    entry: {
      "index.node": "src/index.node.ts",
      raw: "src/raw.ts",
      transport: "src/transport/index.ts",
      webhooks: "src/webhooks.ts",
    },
    format: ["esm"],
    splitting: false,
  },
]);
