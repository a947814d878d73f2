import { defineConfig } from "tsup";

// Private: the published packages bundle these entries (tsup `noExternal`, or as a dev dependency), code and types.
export default defineConfig({
  entry: {
    index: "src/index.ts",
    http: "src/http.ts",
    timers: "src/timers.ts",
    redact: "src/redact.ts",
    "deliberately-invalid": "src/deliberately-invalid.ts",
  },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: false,
  target: "node20",
  // Keep `node:` specifiers: the client bundles the http module for platform "neutral", where only they are external.
  removeNodeProtocol: false,
});
