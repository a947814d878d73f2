/** An operation left out of a run, and why. */
export interface SkippedOperation {
  readonly operationId: string;
  readonly reason: string;
}

/**
 * The console's lines for the operations left out: one `SKIP <operationId>, …: <reason>` per distinct reason, in the
 * order the reasons first appear, so the output grows with the kinds of reason, not with the number of operations.
 */
export function skipLines(skipped: readonly SkippedOperation[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const { operationId, reason } of skipped) {
    const ids = byReason.get(reason) ?? [];
    ids.push(operationId);
    byReason.set(reason, ids);
  }
  return [...byReason].map(([reason, ids]) => `SKIP ${ids.join(", ")}: ${reason}`);
}
