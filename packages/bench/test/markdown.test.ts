import { describe, expect, test } from "vitest";
import { cachedCount } from "../src/bench-pipeline.js";
import { benchTable, renderMarkdown, targetsTable } from "../src/markdown.js";
import type { BenchResult, Results } from "../src/results.js";

const loopback: BenchResult = {
  id: "loopback",
  title: "1. Call overhead",
  unit: "µs/call",
  baseline: "raw fetch",
  rounds: 5,
  contenders: [
    {
      name: "raw fetch",
      note: "baseline",
      samples: [100, 101, 99, 100, 102],
      summary: { median: 100, min: 99, max: 102, n: 5 },
    },
    {
      name: "client",
      samples: [120, 118, 119, 121, 130],
      summary: { median: 120, min: 118, max: 130, n: 5 },
      ratio: {
        samples: [1.2, 1.17, 1.2, 1.21, 1.27],
        summary: { median: 1.2, min: 1.17, max: 1.27, n: 5 },
      },
    },
  ],
  targets: [
    { contender: "client", description: "<= 1.10x raw fetch", measured: "1.20x", met: false },
  ],
  notes: ["Same server | same body."],
};

const size: BenchResult = {
  id: "size",
  title: "6. Size",
  unit: "KiB",
  rounds: 1,
  contenders: [
    {
      name: "openapi-fetch",
      samples: [2.84],
      summary: { median: 2.84, min: 2.84, max: 2.84, n: 1 },
    },
  ],
  targets: [{ contender: "client", description: "small", measured: "not measured", met: null }],
  notes: [],
};

const results: Results = {
  machine: {
    node: "v20.20.2",
    cpu: "AMD EPYC",
    cores: 2,
    memoryGiB: 23.5,
    os: "Linux 6 x64",
    date: "2026-01-01T00:00:00.000Z",
    commit: "abc1234",
    loadAverage: { start: [0.5, 1, 1.25], end: [2, 1.5, 1.3] },
  },
  durationSeconds: 301.4,
  benchmarks: [loopback, size],
};

describe("benchTable", () => {
  test("writes one row per contender with median, min-max, per-round ratio and target status", () => {
    expect(benchTable(loopback).split("\n")).toEqual([
      "| Contender | Median (µs/call) | Min-max | Ratio to raw fetch (median) | Ratio min-max | Target |",
      "|---|---|---|---|---|---|",
      "| raw fetch (baseline) | 100 | 99.0-102 | 1.00x |  |  |",
      "| client | 120 | 118-130 | 1.20x | 1.17x-1.27x | <= 1.10x raw fetch: **missed** (1.20x) |",
    ]);
  });
});

describe("targetsTable", () => {
  test("lists every target with met, missed or not measured", () => {
    const lines = targetsTable(results.benchmarks).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe(
      "| 1. Call overhead | client | <= 1.10x raw fetch | 1.20x | **missed** |",
    );
    expect(lines[3]).toBe("| 6. Size | client | small | not measured | not measured |");
  });
});

describe("renderMarkdown", () => {
  const md = renderMarkdown(results);
  test("prints the Node version, CPU model and commit", () => {
    expect(md).toContain("- Node v20.20.2, Linux 6 x64");
    expect(md).toContain("- CPU: AMD EPYC (2 cores), 23.5 GiB RAM");
    expect(md).toContain("- Commit abc1234, run 2026-01-01T00:00:00.000Z, took 301 s");
    expect(md).toContain("at start 0.50 / 1.00 / 1.25, at end 2.00 / 1.50 / 1.30");
  });
  test("has a section per benchmark with its rounds and escaped notes", () => {
    expect(md).toContain("## 1. Call overhead\n\n5 rounds.");
    expect(md).toContain("- Same server | same body.");
    expect(md).toContain("## 6. Size\n\n1 rounds.");
  });
});

describe("cachedCount", () => {
  test("reads turbo's cache summary, colour codes included", () => {
    expect(
      cachedCount(
        " Tasks:    7 successful, 7 total\n\u001b[1mCached:    \u001b[0m7 cached, 7 total",
      ),
    ).toEqual({
      cached: 7,
      total: 7,
    });
  });
  test("gives null when the summary is absent", () => {
    expect(cachedCount("no summary")).toBeNull();
  });
});
