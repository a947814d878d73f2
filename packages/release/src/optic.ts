// Runs optic's breaking-change checks (`optic diff base head --check`) and reads its results as `BreakingChange`s (source `optic`).
// Optic writes its structured results only in CI mode (`ci-run-details.json` in its working directory), so it runs
// with CI=true in a temporary directory; its telemetry is switched off. It runs through `optic-diff-runner.mjs` (optic's
// diff command alone, several pairs in one process), which costs less CPU than optic's whole command line.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadDocument } from "@merchant-payments/spec";
import { operations } from "@merchant-payments/spec/model";
import type { BreakingChange, OpticRule } from "./breaking-change.js";
import { runGroup } from "./process-group.js";

/** How long one optic run may take before it is killed, in milliseconds: the part every spec needs. */
export const OPTIC_TIMEOUT_MS = 120_000;

/** What each operation of the larger of the two specs adds to {@link OPTIC_TIMEOUT_MS}, in milliseconds. */
export const OPTIC_TIMEOUT_PER_OPERATION_MS = 10_000;

/** The bound on one optic run comparing specs of `operationCount` operations (the larger), in milliseconds. */
export function opticTimeoutMs(operationCount: number): number {
  return OPTIC_TIMEOUT_MS + OPTIC_TIMEOUT_PER_OPERATION_MS * operationCount;
}

/** The number of operations of the larger of the spec files `paths`. */
function largestOperationCount(paths: readonly string[]): number {
  return Math.max(...paths.map((path) => operations(loadDocument(path)).length));
}

/**
 * Optic's union rules, which judge this spec's `oneOf`/`anyOf` shapes the wrong way round: a branch added to a
 * request union (harmless) is reported, a branch added to a response union (breaking) is not, and a branch removed
 * from a response union (harmless) is reported. Their findings are dropped; the spec model's union checks
 * (`request union branch removed`, `response union branch added`) take their place.
 */
export const REPLACED_OPTIC_RULES: ReadonlySet<OpticRule> = new Set<OpticRule>([
  "prevent expanded in request union types",
  "prevent narrowing in response union types",
]);

/** Options of `opticBreakingChanges`. */
export interface OpticOptions {
  /**
   * Milliseconds before the optic process is killed; default `opticTimeoutMs` of the larger spec's operations
   * (120 000 plus 10 000 per operation).
   */
  readonly timeoutMs?: number;
}

interface OpticResult {
  readonly passed: boolean;
  readonly exempted?: boolean;
  readonly name: OpticRule;
  readonly where: string;
  readonly error?: string;
}

interface CiRunDetails {
  readonly completed: { readonly comparison: { readonly results: readonly OpticResult[] } }[];
  readonly failed: { readonly apiName: string; readonly error: string }[];
}

/** Absolute path of the runner that does optic's `diff --check` for one or more pairs in one process. */
export function opticDiffRunner(): string {
  // From src/ (tests) and from dist/ (the built package) alike: the runner is not bundled.
  return fileURLToPath(new URL("../src/optic-diff-runner.mjs", import.meta.url));
}

/** One comparison: the spec file `basePath` against `headPath`. */
export interface SpecPair {
  /** The earlier spec file (JSON or YAML). */
  readonly basePath: string;
  /** The later spec file (JSON or YAML). */
  readonly headPath: string;
}

function runOptic(
  files: readonly string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  const env = { ...process.env, CI: "true", OPTIC_TELEMETRY_LEVEL: "off", NO_COLOR: "1" };
  return runGroup(process.execPath, [opticDiffRunner(), ...files], { cwd, env, timeoutMs });
}

/** The findings of one pair's `ci-run-details.json`, without `REPLACED_OPTIC_RULES`. */
function findingsOf(details: CiRunDetails): BreakingChange[] {
  if (details.failed.length > 0)
    throw new Error(`optic could not compare the specs: ${details.failed[0]?.error}`);
  return details.completed.flatMap((spec) =>
    spec.comparison.results
      .filter((r) => !r.passed && !r.exempted && !REPLACED_OPTIC_RULES.has(r.name))
      .map((r) => ({
        source: "optic" as const,
        rule: r.name,
        path: r.where,
        message: r.error ?? "breaking change",
      })),
  );
}

/**
 * The breaking changes optic's standard rules find from the spec file `basePath` to `headPath` (removed operations,
 * fields and status codes, changed types, new required request fields...), without `REPLACED_OPTIC_RULES`. Throws when optic cannot read a spec,
 * times out, or ends without its results.
 */
export async function opticBreakingChanges(
  basePath: string,
  headPath: string,
  options: OpticOptions = {},
): Promise<BreakingChange[]> {
  const [findings = []] = await opticBreakingChangesEach([{ basePath, headPath }], options);
  return findings;
}

/**
 * `opticBreakingChanges` of each pair, in order, from one optic process (optic's start, about 3 s of CPU, paid once).
 * The timeout bounds the whole run; default the sum of `opticTimeoutMs` of each pair's larger spec. Throws as
 * `opticBreakingChanges` does, for the first pair that fails.
 */
export async function opticBreakingChangesEach(
  pairs: readonly SpecPair[],
  options: OpticOptions = {},
): Promise<BreakingChange[][]> {
  if (pairs.length === 0) return [];
  const timeoutMs =
    options.timeoutMs ??
    pairs.reduce(
      (sum, pair) => sum + opticTimeoutMs(largestOperationCount([pair.basePath, pair.headPath])),
      0,
    );
  const cwd = await mkdtemp(join(tmpdir(), "optic-"));
  try {
    const files = pairs.flatMap((pair) => [resolve(pair.basePath), resolve(pair.headPath)]);
    const { code, output, timedOut } = await runOptic(files, cwd, timeoutMs);
    if (timedOut) throw new Error(`optic diff took longer than ${timeoutMs} ms and was stopped`);
    const results: BreakingChange[][] = [];
    for (const [index] of pairs.entries()) {
      let details: CiRunDetails;
      try {
        details = JSON.parse(await readFile(join(cwd, `ci-run-details-${index}.json`), "utf8"));
      } catch {
        throw new Error(`optic diff wrote no results (exit code ${code}):\n${output.slice(-4000)}`);
      }
      results.push(findingsOf(details));
    }
    return results;
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}
