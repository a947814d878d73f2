// The tsup build shared by the workspace's packages that others bundle (the spec, the private kit), beside
// tsconfig.base.json: ES modules with declarations and source maps for Node 20. Each package's tsup.config.ts gives
// its entries.

/** The build of `entry` (output name → source file): ESM, declarations, source maps, `node:` specifiers kept. */
export function bundledLibrary(entry: Record<string, string>) {
  return {
    entry,
    format: ["esm" as const],
    dts: true,
    sourcemap: true,
    // Never wipe dist/: the spec's also holds the bundled spec, which `redocly bundle` writes.
    clean: false,
    target: "node20",
    // Keep `node:` specifiers: bundlers for platform "neutral" (the client, the model) leave only them external.
    removeNodeProtocol: false,
  };
}
