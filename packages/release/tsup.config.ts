import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/index.ts",
    "src/spec-diff-cli.ts",
    "src/release-pack-cli.ts",
    "src/record-release-cli.ts",
    "src/install-packs-cli.ts",
  ],
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  target: "node20",
  platform: "node",
  clean: true,
});
