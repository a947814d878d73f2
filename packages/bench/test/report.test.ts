import { describe, expect, test } from "vitest";
import {
  type BenchResult,
  benchTable,
  fill,
  fromSpec,
  limitTarget,
  type Results,
  ratioTarget,
  renderMarkdown,
  result,
  status,
  targetsTable,
} from "../src/report.js";

const samples = new Map([
  ["raw fetch", [100, 200, 100, 100, 100]],
  ["client", [105, 230, 108, 104, 130]],
]);

describe("result", () => {
  const rows = result(
    { title: "t", unit: "µs", baseline: "raw fetch", rounds: 5, targets: [], notes: [] },
    samples,
  ).contenders;
  test("computes ratios per round against the baseline, none for the baseline itself", () => {
    expect(rows[0]?.ratio).toBeUndefined();
    expect(rows[1]?.ratio?.samples).toEqual([1.05, 1.15, 1.08, 1.04, 1.3]);
    expect(rows[1]?.ratio?.summary.median).toBeCloseTo(1.08);
  });
  test("summarizes each contender's samples", () => {
    expect(rows[1]?.summary).toEqual({ median: 108, min: 104, max: 230, n: 5 });
  });
});

describe("ratioTarget", () => {
  test("is met when the median per-round ratio is within the limit", () => {
    expect(ratioTarget(samples, "client", "raw fetch", 1.1)).toEqual({
      contender: "client",
      description: "<= 1.10x raw fetch",
      measured: "1.08x (rounds 1.04x-1.30x)",
      met: true,
    });
    expect(ratioTarget(samples, "client", "raw fetch", 1.05).met).toBe(false);
  });
  test("compares with any contender of the same rounds, not only the baseline", () => {
    expect(ratioTarget(samples, "raw fetch", "client", 1).met).toBe(true);
  });
  test("says not available yet when a contender did not run, instead of failing", () => {
    const target = ratioTarget(samples, "client, decimals", "raw fetch", 1.5);
    expect(target.met).toBeNull();
    expect(target.measured).toBe("not available yet");
  });
});

describe("limitTarget", () => {
  test("is met at the limit, missed above it, and not available without a value", () => {
    const ms = (value: number) => `${value} ms`;
    expect(limitTarget("mock", "p90 <= 300 ms", 300, 300, ms)).toEqual({
      contender: "mock",
      description: "p90 <= 300 ms",
      measured: "300 ms",
      met: true,
    });
    expect(limitTarget("mock", "p90 <= 300 ms", 301, 300, ms).met).toBe(false);
    expect(limitTarget("mock", "p90 <= 300 ms", undefined, 300, String)).toMatchObject({
      measured: "not available yet",
      met: null,
    });
  });
});

const loopback: BenchResult = result(
  {
    title: "Per call",
    unit: "µs/call",
    baseline: "raw fetch",
    rounds: 5,
    targets: [ratioTarget(samples, "client", "raw fetch", 0.6)],
    notes: ["Same server | same body."],
  },
  samples,
);
const size: BenchResult = {
  title: "Size",
  unit: "KB",
  rounds: 1,
  contenders: [],
  targets: [limitTarget("client/raw", "<= 6 KB", undefined, 6, String)],
  notes: [],
};
const results: Results = {
  machine: {
    node: "v20.20.2",
    cpu: "AMD EPYC",
    cores: 2,
    os: "Linux 6 x64",
    commit: "abc1234",
    date: "2026-01-01T00:00:00.000Z",
  },
  loadAverage: { start: [0.5, 1, 1.25], end: [2, 1.5, 1.3] },
  durationSeconds: 301.4,
  benchmarks: [loopback, size],
};

describe("benchTable", () => {
  test("writes one row per contender with median, min-max and per-round ratio", () => {
    expect(benchTable(loopback).split("\n")).toEqual([
      "| Contender | Median (µs/call) | Min-max | Ratio to raw fetch (median) | Ratio min-max |",
      "| --- | --- | --- | --- | --- |",
      "| raw fetch | 100 | 100-200 | 1.00x |  |",
      "| client | 108 | 104-230 | 1.08x | 1.04x-1.30x |",
    ]);
  });
});

describe("targetsTable", () => {
  test("lists every target as met, missed or not available yet", () => {
    const lines = targetsTable(results.benchmarks).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe(
      "| Per call | client | <= 0.60x raw fetch | 1.08x (rounds 1.04x-1.30x) | **missed** |",
    );
    expect(lines[3]).toBe(
      "| Size | client/raw | <= 6 KB | not available yet | not available yet |",
    );
  });
});

describe("renderMarkdown", () => {
  const md = renderMarkdown(results);
  test("records the Node version, CPU, commit and the load average at start and end", () => {
    expect(md).toContain("- Node v20.20.2, Linux 6 x64; CPU AMD EPYC (2 cores)");
    expect(md).toContain("- Commit abc1234, run 2026-01-01T00:00:00.000Z, took 301 s");
    expect(md).toContain("at start 0.50 / 1.00 / 1.25, at end 2.00 / 1.50 / 1.30");
  });
  test("has a section per benchmark with its rounds and notes, and no empty table", () => {
    expect(md).toContain("## Per call\n\n5 rounds.");
    expect(md).toContain("- Same server | same body.");
    expect(md).toMatch(/## Size\n\n1 rounds\.\n$/);
  });
});

describe("fill", () => {
  test("writes fractional numbers with two decimals, integers and words as given", () => {
    expect(fill("{r}x the {mb} MiB, {n} GCs, {w}", { r: 1.0567, mb: 9.684, n: 3, w: "ok" })).toBe(
      "1.06x the 9.68 MiB, 3 GCs, ok",
    );
  });
});

describe("fromSpec", () => {
  const [stringify, client, decimals] = [
    "JSON.stringify",
    "@merchant-payments/client",
    '@merchant-payments/client, decimals: "string"',
  ];
  test("checks the table's ratio targets per round against the named contender, texts filled", () => {
    const rounds = new Map([
      [stringify, [10, 10, 10]],
      [client, [11, 10, 12]],
      [decimals, [12, 20, 14]],
    ]);
    const batch = fromSpec("batch", rounds, { items: "50,000" });
    expect(batch.title).toBe("50,000-item batch: validate + serialize");
    expect(batch.baseline).toBe(stringify);
    expect(batch.targets.map((t) => [t.description, t.measured, status(t)])).toEqual([
      ["<= 1.10x JSON.stringify", "1.10x (rounds 1.00x-1.20x)", "met"],
      ["<= 1.50x JSON.stringify", "1.40x (rounds 1.20x-2.00x)", "met"],
    ]);
    expect(batch.notes[0]).toBe(
      "Each round: 2 timed operation(s) per contender (tinybench); 2 warm-up operation(s) each before the first round.",
    );
  });
  test("checks a figure target against the value measured, shown as the table says", () => {
    const p90 = new Map([
      ["trivial node:http", [5, 6, 7]],
      ["startMock", [301, 302, 300.4]],
    ]);
    const [target] = fromSpec("mockP90", p90, { p90: 300.4, p90Ms: 300 }).targets;
    expect(target).toEqual({
      contender: "startMock",
      description: "p90 <= 300 ms",
      measured: "300 ms",
      met: false,
    });
  });
  test("says not available yet when the code gave no figure", () => {
    const [target] = fromSpec("size", new Map([["openapi-fetch", [2.9]]])).targets;
    expect(target?.met).toBeNull();
  });
});
