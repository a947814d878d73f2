#!/usr/bin/env node
// `release:install` (a turbo task before the release tests): installs the packed tarballs once with plain npm.
import { installPacks, installProject } from "./install-packs.js";

try {
  const result = await installPacks();
  if (result.code !== 0) {
    console.error(`${result.stdout}${result.stderr}`.trimEnd().split("\n").slice(-40).join("\n"));
    console.error(
      `release:install failed: npm install of the packed packages exited ${result.code ?? "(killed at its hang bound)"} under Node ${result.nodeVersion}`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `release:install: ${result.packs.length} packed packages ${result.reused ? "already installed" : "installed"} in ${installProject} (npm under Node ${result.nodeVersion})`,
    );
  }
} catch (error) {
  console.error(`release:install failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
