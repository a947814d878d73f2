import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig } from "tsup";

const require = createRequire(import.meta.url);

export default defineConfig({
  entry: ["src/index.ts", "src/cli.ts", "src/body-worker.ts"],
  format: ["esm"],
  // Declarations too: the spec's types the mock's API names (`Issue`) are inlined from its source.
  dts: {
    entry: "src/index.ts",
    resolve: [/^@merchant-payments\/(spec|kit)/],
    compilerOptions: {
      baseUrl: ".",
      paths: {
        "@merchant-payments/spec/model": ["../../spec/src/portable.ts"],
        "@merchant-payments/spec/*": ["../../spec/src/*.ts"],
        "@merchant-payments/kit/*": ["../kit/src/*.ts"],
      },
    },
  },
  target: "node20",
  platform: "node",
  // Old outputs go, the copied spec stays (another build may run while tests read it).
  clean: ["!openapi.json"],
  sourcemap: true,
  // The spec model and the private kit: bundle their code, so the published package stands alone.
  noExternal: ["@merchant-payments/spec", "@merchant-payments/kit"],
  // Ship the bundled spec inside the package (dist/openapi.json), served by default.
  async onSuccess() {
    mkdirSync("dist", { recursive: true });
    copyFileSync(require.resolve("@merchant-payments/spec/openapi.json"), "dist/openapi.json");
  },
});
