import { median } from "simple-statistics";
import { describe, expect, test } from "vitest";
import { roundOrder } from "../src/measure.js";
import { medianInterval, perRoundRatios, summarize } from "../src/report.js";

describe("summarize", () => {
  test("gives median, min, max and count", () => {
    expect(summarize([10, 30, 20, 50])).toEqual({ median: 25, min: 10, max: 50, n: 4 });
  });
  test("does not reorder the caller's array", () => {
    const values = [3, 1, 2];
    expect(summarize(values).median).toBe(2);
    expect(values).toEqual([3, 1, 2]);
  });
  test("rejects an empty sample", () => {
    expect(() => summarize([])).toThrow();
  });
});

describe("medianInterval", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
  test("gives the order statistics of ranks 40 and 61 of 100 values (the binomial 95% interval)", () => {
    expect(medianInterval(hundred)).toEqual([40, 61]);
  });
  test("contains the median and narrows as rounds are added", () => {
    const [low, high] = medianInterval(hundred);
    expect(low).toBeLessThanOrEqual(median(hundred));
    expect(high).toBeGreaterThanOrEqual(median(hundred));
    const [low10, high10] = medianInterval(Array.from({ length: 10 }, (_, i) => (i + 1) * 10));
    expect((high10 - low10) / 100).toBeGreaterThan((high - low) / 100);
  });
  test("spans the whole sample when there are too few values to say more", () => {
    expect(medianInterval([3, 1, 2])).toEqual([1, 3]);
  });
});

describe("perRoundRatios", () => {
  test("divides each round's sample by the baseline of the same round", () => {
    expect(perRoundRatios([110, 200, 90], [100, 100, 90])).toEqual([1.1, 2, 1]);
  });
  test("summarizes ratios of the same round, not the ratio of the medians", () => {
    const base = [100, 200, 300];
    const ours = [100, 400, 330];
    expect(median(perRoundRatios(ours, base))).toBeCloseTo(1.1);
    expect(median(ours) / median(base)).toBeCloseTo(1.65);
  });
  test("rejects samples from a different number of rounds", () => {
    expect(() => perRoundRatios([1, 2], [1, 2, 3])).toThrow(/rounds differ/);
  });
  test("rejects a zero baseline sample", () => {
    expect(() => perRoundRatios([1], [0])).toThrow(/zero/);
  });
});

describe("roundOrder", () => {
  const abc = ["a", "b", "c"];
  test("starts round r at contender r and wraps around, reversed in every other block of n", () => {
    expect(roundOrder(abc, 0)).toEqual(["a", "b", "c"]);
    expect(roundOrder(abc, 1)).toEqual(["b", "c", "a"]);
    expect(roundOrder(abc, 3)).toEqual(["c", "b", "a"]);
    expect(roundOrder(abc, 5)).toEqual(["b", "a", "c"]);
  });
  test("over 2n rounds puts each contender at each position, and before each other, equally often", () => {
    for (const names of [
      ["a", "b"],
      abc,
      ["a", "b", "c", "d"],
      ["1", "2", "3", "4", "5", "6", "7"],
    ]) {
      const orders = Array.from({ length: 2 * names.length }, (_, r) => roundOrder(names, r));
      for (const [i, name] of names.entries()) {
        for (let position = 0; position < names.length; position++)
          expect(orders.filter((o) => o[position] === name)).toHaveLength(2);
        for (const other of names.slice(i + 1)) {
          const before = orders.filter((o) => o.indexOf(name) < o.indexOf(other));
          expect(before).toHaveLength(names.length);
        }
      }
    }
  });
});
