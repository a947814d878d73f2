import { defineConfig } from "tsup";
import { bundledLibrary } from "../tsup.base.js";

export default defineConfig(
  bundledLibrary({
    index: "src/index.ts",
    model: "src/portable.ts",
    issues: "src/issues.ts",
    "json-scan": "src/json-scan.ts",
    "base-url": "src/base-url.ts",
    causes: "src/causes.ts",
    "json-pointer": "src/json-pointer.ts",
    wire: "src/wire/index.ts",
    "usage-error": "src/usage-error.ts",
  }),
);
