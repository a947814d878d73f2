// @ts-check
// The spec model's entry (`@merchant-payments/spec/model`) read from its source, for the client's build and its size
// measure: the spec's built model is one chunk with Ajv, while its source modules are side-effect free, so a bundle
// keeps only the modules it uses (`formatIssues`, `escapePointer`), as it did with their own entries.
import { fileURLToPath } from "node:url";

const portable = fileURLToPath(new URL("../../../spec/src/portable.ts", import.meta.url));

/** The esbuild plugin resolving `@merchant-payments/spec/model` to the spec's source entry (spec/src/portable.ts). */
export const specModelSource = {
  name: "spec-model-source",
  /** @param {import("esbuild").PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^@merchant-payments\/spec\/model$/ }, () => ({ path: portable }));
  },
};
