import { describe, expect, test } from "vitest";
import { median, perRoundRatios, quantile, roundOrder, summarize } from "../src/stats.js";

describe("median", () => {
  test("takes the middle value of an odd sample, whatever its order", () => {
    expect(median([9, 1, 5])).toBe(5);
  });
  test("averages the two middle values of an even sample", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  test("does not reorder the caller's array", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
  test("rejects an empty sample", () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe("summarize", () => {
  test("gives median, min, max and count", () => {
    expect(summarize([10, 30, 20, 50])).toEqual({ median: 25, min: 10, max: 50, n: 4 });
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
  test("starts round r at contender r and wraps around", () => {
    expect(roundOrder(["a", "b", "c"], 0)).toEqual(["a", "b", "c"]);
    expect(roundOrder(["a", "b", "c"], 1)).toEqual(["b", "c", "a"]);
    expect(roundOrder(["a", "b", "c"], 5)).toEqual(["c", "a", "b"]);
  });
  test("puts every contender first equally often over a multiple of the contender count", () => {
    const firsts = [0, 1, 2, 3, 4, 5].map((r) => roundOrder(["a", "b", "c"], r)[0]);
    expect(firsts.filter((f) => f === "a")).toHaveLength(2);
    expect(firsts.filter((f) => f === "b")).toHaveLength(2);
  });
});

describe("quantile", () => {
  test("gives the nearest-rank p90 of a sample, whatever its order", () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(quantile(values, 0.9)).toBe(9);
    expect(quantile(values, 0.5)).toBe(5);
    expect(quantile(values, 1)).toBe(10);
  });
  test("gives the only value of a one-sample list", () => {
    expect(quantile([42], 0.9)).toBe(42);
  });
  test("rejects an empty sample", () => {
    expect(() => quantile([], 0.9)).toThrow(RangeError);
  });
});
