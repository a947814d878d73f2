// Sums a verification up: one result per operation of the spec (sent, or skipped with its planned case names), the
// statuses documented and seen, and the counts of the summary.
import { type OperationSpec, responseFor } from "@merchant-payments/spec";
import { CHECKS } from "./checks/index.js";
import { defectName } from "./judge.js";
import type { Plan } from "./plan.js";
import type { CaseResult, OperationResult, VerifySummary } from "./report-types.js";

/** A case's result and the operation it called. */
export interface OperationCase {
  readonly op: OperationSpec;
  readonly result: CaseResult;
}

/** One result per operation of `ops`, in spec order: its cases' results, or its planned cases skipped. */
export function operationResults(
  ops: readonly OperationSpec[],
  plan: Plan,
  results: readonly OperationCase[],
): OperationResult[] {
  return ops.map((op) => {
    const skip = plan.skipped.find((s) => s.operation === op);
    const mine = results.filter((r) => r.op === op);
    const seen = new Set<string>();
    for (const { result } of mine) {
      const key = result.status === undefined ? undefined : responseFor(op, result.status)?.status;
      if (key !== undefined) seen.add(key);
    }
    const cases: CaseResult[] = skip
      ? skip.caseNames.map((name) => ({
          name,
          kind: "example" as const,
          outcome: "skipped" as const,
          defects: [],
          reason: skip.reason,
        }))
      : mine.map((r) => r.result);
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      ...(skip ? { skippedReason: skip.reason } : {}),
      documentedStatuses: op.responses.map((r) => r.status),
      seenStatuses: op.responses.map((r) => r.status).filter((s) => seen.has(s)),
      cases,
    };
  });
}

/** The counts of a verification's operation results (`discarded`: generated bodies the validator refused). */
export function summarize(
  operations: readonly OperationResult[],
  discarded: number,
): VerifySummary {
  const all = operations.flatMap((o) => o.cases);
  const defects: Record<string, number> = {};
  for (const c of all)
    for (const name of new Set(c.defects.map(defectName))) defects[name] = (defects[name] ?? 0) + 1;
  return {
    operations: operations.length,
    operationsSent: operations.filter((o) => o.skippedReason === undefined).length,
    operationsSkipped: operations.filter((o) => o.skippedReason !== undefined).length,
    checks: CHECKS,
    cases: all.length,
    passed: all.filter((c) => c.outcome === "passed").length,
    failed: all.filter((c) => c.outcome === "failed").length,
    skipped: all.filter((c) => c.outcome === "skipped").length,
    discarded,
    statusCoverage: {
      documented: operations.reduce((n, o) => n + o.documentedStatuses.length, 0),
      seen: operations.reduce((n, o) => n + o.seenStatuses.length, 0),
    },
    defects,
  };
}
