// Statistics of samples (simple-statistics) and of alternated rounds.
import { max, median, min, quantile } from "simple-statistics";

export { median, quantile };

/** Median, min, max and count of a non-empty sample. */
export function summarize(values: number[]) {
  return { median: median(values), min: min(values), max: max(values), n: values.length };
}

/** Distribution-free 95% confidence interval of the median: order statistics n/2 -+ 0.98 sqrt(n), widened. */
export function medianInterval(values: readonly number[]): [number, number] {
  const [s, half] = [[...values].sort((a, b) => a - b), 0.98 * Math.sqrt(values.length)];
  const at = (rank: number) => s[Math.min(s.length, Math.max(1, rank)) - 1] as number;
  return [at(Math.floor(s.length / 2 - half)), at(Math.ceil(s.length / 2 + half) + 1)];
}

/** values[i] / baseline[i] for every round i: ratios of two contenders measured in the same rounds. */
export function perRoundRatios(values: readonly number[], baseline: readonly number[]): number[] {
  if (values.length !== baseline.length)
    throw new RangeError(`rounds differ: ${values.length} samples vs ${baseline.length}`);
  if (baseline.includes(0)) throw new RangeError("a baseline sample is zero");
  return values.map((v, i) => v / (baseline[i] as number));
}

/**
 * Order of the contenders in round r: rotated to start at contender r (mod n), reversed in every other block
 * of n rounds, so over 2n rounds each is at each position, and before each other, equally often.
 */
export function roundOrder<T>(contenders: readonly T[], round: number): T[] {
  const n = Math.max(1, contenders.length);
  const order = [...contenders.slice(round % n), ...contenders.slice(0, round % n)];
  return Math.floor(round / n) % 2 ? order.reverse() : order;
}
