import { defineConfig } from "tsup";
import { bundledLibrary } from "../../tsup.base.js";

// Private: the published packages bundle these entries (tsup `noExternal`, or as a dev dependency), code and types.
export default defineConfig(
  bundledLibrary({
    index: "src/index.ts",
    http: "src/http.ts",
    timers: "src/timers.ts",
    redact: "src/redact.ts",
    "deliberately-invalid": "src/deliberately-invalid.ts",
    "base-url": "src/base-url.ts",
    causes: "src/causes.ts",
    "json-scan": "src/json-scan.ts",
    "usage-error": "src/usage-error.ts",
  }),
);
