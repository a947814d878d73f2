/** Median, min, max (in the samples' unit) and the sample count. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  n: number;
}

/** The q-quantile (0..1) of a non-empty sample by the nearest-rank method: 0.9 gives the p90. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new RangeError("quantile of an empty sample");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** Median of a non-empty sample (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) throw new RangeError("median of an empty sample");
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Median, min, max and count of a non-empty sample. */
export function summarize(values: readonly number[]): Summary {
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return { median: median(values), min, max, n: values.length };
}

/** values[i] / baseline[i] for every round i: ratios of two contenders measured in the same rounds. */
export function perRoundRatios(values: readonly number[], baseline: readonly number[]): number[] {
  if (values.length !== baseline.length) {
    throw new RangeError(`rounds differ: ${values.length} samples vs ${baseline.length}`);
  }
  return values.map((v, i) => {
    if (!baseline[i]) throw new RangeError(`baseline sample ${i} is zero`);
    return v / (baseline[i] as number);
  });
}

/** Order of the contenders in round r: it starts at contender r (mod count), so each leads equally often. */
export function roundOrder<T>(contenders: readonly T[], round: number): T[] {
  const start = contenders.length === 0 ? 0 : round % contenders.length;
  return [...contenders.slice(start), ...contenders.slice(0, start)];
}
