// Redocly Respect (the catalog's @redocly/cli, under Node 22): `generate-arazzo` writes one workflow per operation
// from the spec, `respect` runs them against the mock. On the product spec and on the grown fixture every check
// passes but the listed limits of Respect itself (each keyed by the shape of operation that causes it), each of which
// must still fail.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nodeBinary } from "@merchant-payments/node-runtimes";
import { expect } from "vitest";
import { type PeerRun, type PeerSpec, peerSuite } from "./peer-contracts.js";
import { RESPECT_LIMITS } from "./respect-limits.js";
import { packageFile, run } from "./support.js";

const redocly = packageFile("@redocly/cli", "bin/cli.js");

/** Generates the Arazzo workflows of `spec` and runs them with Respect; the checks and the failed ones. */
async function respectRun(dir: string, specFile: string, spec: PeerSpec): Promise<PeerRun> {
  const node = nodeBinary(22);
  const env = { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const arazzo = join(dir, `${spec}.arazzo.yaml`);
  const generated = await run(node, [redocly, "generate-arazzo", specFile, "-o", arazzo], {
    cwd: dir,
    env,
  });
  expect(generated.code, `${generated.stdout}${generated.stderr}`).toBe(0);
  // Each security scheme's inputs as generate-arazzo names them: `<scheme>_username` and `<scheme>_password` for
  // HTTP Basic, `<scheme>` for the others (the mock takes any token, key and Basic credentials).
  const schemes: Record<string, { type?: string; scheme?: string }> = JSON.parse(
    readFileSync(specFile, "utf8"),
  ).components.securitySchemes;
  const output = join(dir, `${spec}.respect.json`);
  const inputs = Object.entries(schemes).flatMap(([name, scheme]) =>
    (scheme.type === "http" && scheme.scheme?.toLowerCase() === "basic"
      ? [`${name}_username`, `${name}_password`]
      : [name]
    ).flatMap((input) => ["--input", `${input}=peer-${input.toLowerCase()}`]),
  );
  const respected = await run(node, [redocly, "respect", arazzo, ...inputs, "-J", output], {
    cwd: dir,
    env,
  });
  let report: RespectReport;
  try {
    report = JSON.parse(readFileSync(output, "utf8"));
  } catch {
    throw new Error(`respect wrote no report:\n${respected.stdout}\n${respected.stderr}`);
  }
  const checks = Object.values(report.files).flatMap((file) =>
    file.executedWorkflows.flatMap((workflow) =>
      workflow.executedSteps.flatMap((step) =>
        step.checks.map((check) => ({ name: `${workflow.workflowId} :: ${check.name}`, check })),
      ),
    ),
  );
  return {
    checks: checks.length,
    failed: checks.filter(({ check }) => !check.passed).map(({ name }) => name),
  };
}

/** The part of Respect's JSON report (`-J`) read here. */
interface RespectReport {
  files: Record<
    string,
    {
      executedWorkflows: {
        workflowId: string;
        executedSteps: { checks: { name: string; passed: boolean }[] }[];
      }[];
    }
  >;
}

peerSuite(
  "respect",
  "Redocly Respect against the mock",
  (workspace, spec) => respectRun(workspace.dir, workspace.specFile(spec), spec),
  RESPECT_LIMITS,
);
