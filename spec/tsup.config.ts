import { defineConfig } from "tsup";
import { bundledLibrary } from "../tsup.base.js";

export default defineConfig([
  bundledLibrary({
    index: "src/index.ts",
    model: "src/portable.ts",
    // Two modules of the model that import nothing, each its own entry: the published client bundles them into its
    // start entry, and a bundle of `model` reaches Ajv (also exported by `model`).
    issues: "src/issues.ts",
    "json-pointer": "src/json-pointer.ts",
    wire: "src/wire/index.ts",
  }),
  // Credential placement alone, self-contained (no chunk shared with `wire`): the client's entry places the bearer
  // token with it at start, and a bundler that reaches `wire` from a lazily loaded chunk then shares no file with it
  // (esbuild assigns whole files to chunks, so a shared file would move into what loads at start).
  { ...bundledLibrary({ "wire/credentials": "src/wire/credentials.ts" }), splitting: false },
]);
