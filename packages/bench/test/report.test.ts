import { describe, expect, test } from "vitest";
import {
  type BenchResult,
  mergedResults,
  type Results,
  ratioTarget,
  renderMarkdown,
  result,
  resultsFiles,
  status,
  target,
} from "../src/report.js";

const samples = new Map([
  ["raw fetch", [100, 200, 100, 100, 100]],
  ["client", [105, 230, 108, 104, 130]],
]);

describe("result", () => {
  const loopback = result("Per call", "µs/call", samples, "Same server.", [
    ["client", "raw fetch", 1.1],
  ]);
  test("takes the first contender as the baseline and counts the rounds", () => {
    expect(loopback).toMatchObject({ baseline: "raw fetch", rounds: 5, notes: ["Same server."] });
  });
  test("computes ratios per round against the baseline, none for the baseline itself", () => {
    const [raw, client] = loopback.contenders;
    expect(raw?.ratio).toBeUndefined();
    expect(client?.ratio?.samples).toEqual([1.05, 1.15, 1.08, 1.04, 1.3]);
    expect(client?.ratio?.summary.median).toBeCloseTo(1.08);
  });
  test("summarizes each contender's samples", () => {
    expect(loopback.contenders[1]?.summary).toEqual({ median: 108, min: 104, max: 230, n: 5 });
  });
  test("checks ratio targets given as [contender, versus, max] and keeps figure targets as given", () => {
    const figure = target("client", "p90 <= 300 ms", 12, 300, "12 ms");
    const { targets } = result("t", "ms", samples, "", [["client", "raw fetch", 1.05], figure]);
    expect(targets.map(status)).toEqual(["**missed**", "met"]);
    expect(targets[1]).toBe(figure);
  });
  test("has no notes when given an empty note", () => {
    expect(result("t", "ms", samples, "", []).notes).toEqual([]);
  });
});

describe("ratioTarget", () => {
  test("is met when the median per-round ratio is within the limit, shown with CI and range", () => {
    expect(ratioTarget(samples, "client", "raw fetch", 1.1)).toEqual({
      contender: "client",
      description: "<= 1.10x raw fetch",
      measured: "1.08x (95% CI 1.04x-1.30x; rounds 1.04x-1.30x)",
      met: true,
    });
    expect(ratioTarget(samples, "client", "raw fetch", 1.05).met).toBe(false);
  });
  test("compares with any contender of the same rounds, not only the baseline", () => {
    expect(ratioTarget(samples, "raw fetch", "client", 1).met).toBe(true);
  });
  test("says not available yet when a contender did not run, instead of failing", () => {
    const missing = ratioTarget(samples, "client, decimals", "raw fetch", 1.5);
    expect(missing).toMatchObject({ measured: "not available yet", met: null });
  });
});

describe("target", () => {
  test("is met at the limit, missed above it, and not available without a value", () => {
    expect(target("mock", "p90 <= 300 ms", 300, 300, "300 ms")).toEqual({
      contender: "mock",
      description: "p90 <= 300 ms",
      measured: "300 ms",
      met: true,
    });
    expect(target("mock", "p90 <= 300 ms", 301, 300, "301 ms").met).toBe(false);
    expect(target("mock", "p90 <= 300 ms", Number.NaN, 300)).toMatchObject({
      measured: "not available yet",
      met: null,
    });
    expect(status(target("mock", "p90", Number.NaN, 300))).toBe("not available yet");
  });
});

describe("renderMarkdown", () => {
  const loopback = result("Per call", "µs/call", samples, "Same server.", [
    ["client", "raw fetch", 0.6],
  ]);
  const failed = {
    contender: "-",
    description: "every target",
    measured: "failed: boom",
    met: false,
  };
  const benchmarks: BenchResult[] = [loopback, result("size", "", new Map(), "", [failed])];
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
    benchmarks,
  };
  const md = renderMarkdown(results);
  test("records the Node version, CPU, commit and the load average at start and end", () => {
    expect(md).toContain("- Node v20.20.2, Linux 6 x64; CPU AMD EPYC (2 cores)");
    expect(md).toContain("- Commit abc1234, run 2026-01-01T00:00:00.000Z, took 301 s");
    expect(md).toContain("at start 0.50 / 1.00 / 1.25, at end 2.00 / 1.50 / 1.30");
  });
  test("lists every target as met, missed or failed in one table", () => {
    expect(md).toContain(
      "| Per call | client | <= 0.60x raw fetch | 1.08x (95% CI 1.04x-1.30x; rounds 1.04x-1.30x) | **missed** |",
    );
    expect(md).toContain("| size | - | every target | failed: boom | **missed** |");
  });
  test("writes one row per contender with median, min-max and per-round ratio", () => {
    expect(md).toContain(
      "| Contender | Median (µs/call) | Min-max | Ratio to raw fetch | Ratio min-max |",
    );
    expect(md).toContain("| raw fetch | 100 | 100-200 | 1.00x |  |");
    expect(md).toContain("| client | 108 | 104-230 | 1.08x | 1.04x-1.30x |");
  });
  test("has a section per benchmark with its rounds and notes, and no empty table", () => {
    expect(md).toContain("## Per call\n\n5 rounds.");
    expect(md).toContain("- Same server.");
    expect(md).toMatch(/## size\n\n0 rounds\.\n$/);
  });
});

/** The machine of a run measured after the committed results (a newer commit and date). */
const machine = {
  node: "v22",
  cpu: "x",
  cores: 2,
  os: "linux",
  commit: "abc1234",
  date: "2026-12-01T23:00:00Z",
};

describe("mergedResults (a partial run with --merge)", () => {
  const table = (title: string, value: number) =>
    result(title, "s", new Map([["a", [value]]]), "", []);
  const committed: Results = {
    machine: { ...machine, commit: "old0000", date: "2026-11-01T00:00:00Z" },
    loadAverage: { start: [1, 1, 1], end: [1, 1, 1] },
    durationSeconds: 400,
    benchmarks: [table("Kept", 1), table("Replaced", 2)],
  };
  const run: Results = {
    machine,
    loadAverage: { start: [0.5, 0.7, 0.9], end: [1, 1, 1] },
    durationSeconds: 10,
    benchmarks: [table("Replaced", 3), table("New", 4)],
  };
  const merged = mergedResults(committed, run);

  test("replaces the tables the run measured, keeps the others and appends new ones", () => {
    expect(merged.benchmarks.map((b) => [b.title, b.contenders[0]?.samples])).toEqual([
      ["Kept", [1]],
      ["Replaced", [3]],
      ["New", [4]],
    ]);
  });
  test("keeps the full run's header and notes when and where each merged table was measured", () => {
    expect(merged.machine.commit).toBe("old0000");
    expect(merged.benchmarks[1]?.notes).toEqual([
      "Measured 2026-12-01 at abc1234, load 0.5 0.7 0.9, by `--merge`.",
    ]);
    expect(merged.benchmarks[0]?.notes).toEqual([]);
  });
});

describe("resultsFiles (what a run writes)", () => {
  const table = (title: string, value: number, met: boolean) =>
    result(title, "s", new Map([["a", [value]]]), "", [
      target("a", `${title} goal`, met ? 0 : 2, 1, `${value} s`),
    ]);
  const committed: Results = {
    machine: { ...machine, commit: "old0000", date: "2026-11-01T00:00:00Z" },
    loadAverage: { start: [1, 1, 1], end: [1, 1, 1] },
    durationSeconds: 400,
    benchmarks: [table("Kept", 1, true), table("Replaced", 2, false)],
  };
  const handWritten =
    "## The `artillery` section, run alone\n\nWritten by hand: figures of a run alone.\n";
  const previous = renderMarkdown(committed)
    .replace("## Replaced", `${handWritten}\n## Replaced`)
    .replace("## Kept\n\n1 rounds.\n", "## Kept\n\n1 rounds.\n\nA paragraph added by hand.\n")
    .replace("## Targets\n", "## Targets\n\nA note on the targets.\n");
  const run: Results = {
    machine,
    loadAverage: { start: [0.5, 0.7, 0.9], end: [1, 1, 1] },
    durationSeconds: 10,
    benchmarks: [table("Replaced", 3, true), table("New", 4, true)],
  };
  const { md } = resultsFiles(run, committed, previous);

  test("a merge keeps the hand-written sections and prose of results.md it did not produce", () => {
    expect(md).toContain(handWritten);
    expect(md).toContain("## Kept\n\n1 rounds.\n\nA paragraph added by hand.\n");
    expect(md).toContain("A note on the targets.");
    expect(md.startsWith(previous.slice(0, previous.indexOf("## Targets")))).toBe(true);
  });
  test("a merge replaces the sections the run produced and the targets table, and appends new ones", () => {
    expect(md).toContain("| a | 3 | 3-3 | 1.00x |  |");
    expect(md).not.toContain("| a | 2 | 2-2 | 1.00x |  |");
    expect(md).toContain("- Measured 2026-12-01 at abc1234, load 0.5 0.7 0.9, by `--merge`.");
    expect(md).toContain("| Replaced | a | Replaced goal | 3 s | met |");
    expect(md).not.toContain("| Replaced | a | Replaced goal | 2 s | **missed** |");
    expect(md).toContain("| Kept | a | Kept goal | 1 s | met |");
    expect(md.indexOf("## Kept")).toBeLessThan(md.indexOf(handWritten));
    expect(md.indexOf(handWritten)).toBeLessThan(md.indexOf("## Replaced"));
    expect(md.indexOf("## Replaced")).toBeLessThan(md.indexOf("## New"));
    expect(md.match(/## Replaced/g)).toHaveLength(1);
  });
  test("a full run writes its own results.md, keeping only the named sections of others", () => {
    const full = resultsFiles(run, undefined, previous);
    expect(full.json).toBe(run);
    expect(full.md).toBe(renderMarkdown(run));
  });
});
