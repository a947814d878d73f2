import type { ContenderResult, TargetResult } from "./results.js";
import { perRoundRatios, summarize } from "./stats.js";

/** Builds contender rows from per-round samples, with per-round ratios to `baseline` when given. */
export function contenderRows(
  samples: Map<string, number[]>,
  baseline?: string,
  notes: Record<string, string> = {},
): ContenderResult[] {
  const base = baseline ? samples.get(baseline) : undefined;
  if (baseline && !base) throw new Error(`baseline ${baseline} has no samples`);
  return [...samples].map(([name, values]) => {
    const row: ContenderResult = { name, samples: values, summary: summarize(values) };
    if (base && name !== baseline) {
      const ratios = perRoundRatios(values, base);
      row.ratio = { samples: ratios, summary: summarize(ratios) };
    }
    const note = notes[name];
    if (note) row.note = note;
    return row;
  });
}

/** Target on the median per-round ratio of a contender: met when ratio <= max (or >= min). */
export function ratioTarget(
  rows: ContenderResult[],
  contender: string,
  description: string,
  limit: { max?: number; min?: number },
): TargetResult {
  const row = rows.find((r) => r.name === contender);
  if (!row?.ratio) return { contender, description, measured: "not measured", met: null };
  const { median, min, max } = row.ratio.summary;
  const met =
    (limit.max === undefined || median <= limit.max) &&
    (limit.min === undefined || median >= limit.min);
  return {
    contender,
    description,
    measured: `${median.toFixed(2)}x (rounds ${min.toFixed(2)}x-${max.toFixed(2)}x)`,
    met,
  };
}

/** The note of a result whose @merchant-payments/client row is missing because the client is not built. */
export const CLIENT_NOT_BUILT = "@merchant-payments/client not measured: not built.";
