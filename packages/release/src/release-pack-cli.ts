#!/usr/bin/env node
// `pnpm release:pack`: states the spec version in the client, then packs every public package into `tarballs/`.
import { join } from "node:path";
import { bundleJsonPath, loadBundle } from "@merchant-payments/spec";
import { CLIENT_PACKAGE } from "./changesets.js";
import { packPublicPackages, publicPackages } from "./pack.js";
import { tarballsDir, workspaceRoot } from "./paths.js";
import { specVersionOf, stampSpecVersion } from "./spec-version.js";

try {
  const specVersion = specVersionOf(loadBundle(bundleJsonPath));
  const client = (await publicPackages(workspaceRoot)).find(
    (p) => p.packageJson.name === CLIENT_PACKAGE,
  );
  if (!client) throw new Error(`${CLIENT_PACKAGE} is not a public package of the workspace`);
  for (const file of await stampSpecVersion(client.dir, specVersion))
    console.log(`release:pack: ${file} now states spec version ${specVersion}`);
  const packed = await packPublicPackages({ root: workspaceRoot, outDir: tarballsDir });
  for (const p of packed) console.log(`release:pack: ${join(tarballsDir, p.file)}`);
  console.log(`release:pack: publish each with: pnpm publish ${join(tarballsDir, "<file>.tgz")}`);
  console.log(`release:pack: OK, ${packed.length} packages packed into ${tarballsDir}`);
} catch (error) {
  console.error(`release:pack failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
