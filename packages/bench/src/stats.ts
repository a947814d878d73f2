/** Summary of a sample: median, min, max (same unit as the samples) and the sample count. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  n: number;
}

/** Median of a non-empty list of numbers (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of an empty sample");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median, min, max and count of a non-empty sample. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new RangeError("summary of an empty sample");
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    n: values.length,
  };
}

/**
 * Ratio of two contenders measured in the same rounds: element i is values[i] / baseline[i].
 * Both lists must hold one sample per round, in round order.
 */
export function perRoundRatios(values: readonly number[], baseline: readonly number[]): number[] {
  if (values.length !== baseline.length) {
    throw new RangeError(
      `rounds differ: ${values.length} samples vs ${baseline.length} for the baseline`,
    );
  }
  return values.map((v, i) => {
    const b = baseline[i] as number;
    if (b === 0) throw new RangeError(`baseline sample ${i} is zero`);
    return v / b;
  });
}

/**
 * Order in which contenders run in a given round: round r starts at contender r (mod count),
 * so every contender takes every position equally often over the rounds.
 */
export function roundOrder<T>(contenders: readonly T[], round: number): T[] {
  const n = contenders.length;
  if (n === 0) return [];
  const start = ((round % n) + n) % n;
  return [...contenders.slice(start), ...contenders.slice(0, start)];
}
