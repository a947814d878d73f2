import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig } from "tsup";

const require = createRequire(import.meta.url);

export default defineConfig([
  {
    entry: ["src/index.ts", "src/cli.ts"],
    format: ["esm"],
    // Its types too: the published declarations must not name a package users cannot install, so the model's
    // declarations are read from its source and inlined.
    dts: {
      entry: "src/index.ts",
      resolve: true,
      compilerOptions: {
        baseUrl: ".",
        paths: { "@merchant-payments/spec": ["../../spec/src/index.ts"] },
      },
    },
    target: "node20",
    platform: "node",
    clean: true,
    sourcemap: true,
    // The spec model and the private kit: bundle their code, so the published package stands alone.
    noExternal: ["@merchant-payments/spec", "@merchant-payments/kit"],
    // Ship the bundled spec inside the package (dist/openapi.json), where the bundled model's loadBundle() reads it.
    async onSuccess() {
      mkdirSync("dist", { recursive: true });
      copyFileSync(require.resolve("@merchant-payments/spec/openapi.json"), "dist/openapi.json");
      // Preloaded into the Artillery process of `load --run` (see the file).
      copyFileSync("src/load/load-no-telemetry.cjs", "dist/load-no-telemetry.cjs");
    },
  },
  {
    // The Artillery processor of `load`: one self-contained ES module (spec model, Ajv and ajv-formats
    // inlined, no import but Node's own), so Artillery ships it to Fargate or Lambda workers as one file.
    entry: { "load-processor": "src/load/processor.ts" },
    format: ["esm"],
    outExtension: () => ({ js: ".mjs" }),
    target: "node20",
    platform: "node",
    clean: false,
    dts: false,
    sourcemap: false,
    noExternal: [/.*/],
  },
]);
