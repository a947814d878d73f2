import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** Absolute path of the bundled spec (`@merchant-payments/spec` dist/openapi.yaml) served by default. */
export function bundledSpecPath(): string {
  return require.resolve("@merchant-payments/spec/openapi.yaml");
}

/** Absolute path of the Prism CLI entry point of this package's own `@stoplight/prism-cli`. */
export function prismEntryPath(): string {
  const manifestPath = require.resolve("@stoplight/prism-cli/package.json");
  const manifest = require(manifestPath) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.prism;
  if (!bin) throw new Error(`@stoplight/prism-cli at ${manifestPath} declares no "prism" bin`);
  return join(dirname(manifestPath), bin);
}
