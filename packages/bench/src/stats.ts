function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new RangeError("statistics of an empty sample");
  return [...values].sort((a, b) => a - b);
}

/** The q-quantile (0..1) of a non-empty sample by the nearest-rank method: 0.9 gives the p90. */
export function quantile(values: readonly number[], q: number): number {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
}

/** Median of a non-empty sample (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const [s, mid] = [sorted(values), Math.floor(values.length / 2)];
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Median, min, max and count of a non-empty sample. */
export function summarize(values: readonly number[]) {
  const s = sorted(values);
  return { median: median(s), min: s[0] as number, max: s.at(-1) as number, n: s.length };
}

/** Distribution-free 95% confidence interval of the median: order statistics n/2 -+ 0.98 sqrt(n), widened. */
export function medianInterval(values: readonly number[]): [number, number] {
  const [s, half] = [sorted(values), 0.98 * Math.sqrt(values.length)];
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
