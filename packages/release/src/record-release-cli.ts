#!/usr/bin/env node
// After `pnpm changeset version`: keeps the current bundle as the spec released with the client's new version,
// the base of the next `pnpm spec:diff`.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { bundleJsonPath } from "@merchant-payments/spec";
import { CLIENT_PACKAGE } from "./changesets.js";
import { publicPackages } from "./pack.js";
import { workspaceRoot } from "./paths.js";
import { recordReleasedSpec } from "./released.js";

try {
  const client = (await publicPackages(workspaceRoot)).find(
    (p) => p.packageJson.name === CLIENT_PACKAGE,
  );
  if (!client) throw new Error(`${CLIENT_PACKAGE} is not a public package of the workspace`);
  const { version } = JSON.parse(await readFile(join(client.dir, "package.json"), "utf8"));
  const recorded = await recordReleasedSpec(version, bundleJsonPath);
  console.log(
    `record-release: ${recorded.path} is the spec released with ${CLIENT_PACKAGE} ${version}`,
  );
} catch (error) {
  console.error(`record-release failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
