#!/usr/bin/env node
// `pnpm spec:diff`: the current bundle against the last released spec; exits 1 on a breaking change that no major
// changeset of the client allows, 2 when the comparison itself fails.
import { parseArgs } from "node:util";
import { bundleJsonPath } from "@merchant-payments/spec";
import { formatReport, specDiff } from "./gate.js";
import { workspaceRoot } from "./paths.js";
import { packagesGeneratedFromSpec } from "./release-step.js";
import { latestReleasedSpec } from "./released.js";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    head: { type: "string" },
    "changeset-root": { type: "string" },
  },
});

try {
  const released = values.base ? undefined : await latestReleasedSpec();
  const basePath = values.base ?? (released?.path as string);
  const headPath = values.head ?? bundleJsonPath;
  console.log(
    `spec:diff: ${headPath} against ${released ? `the spec released with ${released.version}` : basePath}`,
  );
  const report = await specDiff({
    basePath,
    headPath,
    changesetRoot: values["changeset-root"] ?? workspaceRoot,
    generatedPackages: await packagesGeneratedFromSpec(workspaceRoot),
  });
  console.log(formatReport(report));
  process.exitCode = report.passed ? 0 : 1;
} catch (error) {
  console.error(`spec:diff could not compare the specs: ${(error as Error).message}`);
  process.exitCode = 2;
}
