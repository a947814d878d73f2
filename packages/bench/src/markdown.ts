import { fmt, fmtRatio } from "./format.js";
import type { BenchResult, Results, TargetResult } from "./results.js";

/** Status cell of a target: met, missed or not measured. */
export function statusCell(target: TargetResult | undefined): string {
  if (!target) return "";
  if (target.met === null) return `${target.description}: not measured`;
  return `${target.description}: **${target.met ? "met" : "missed"}** (${target.measured})`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Markdown table of one benchmark: median, min-max, per-round ratios and target status per contender. */
export function benchTable(bench: BenchResult): string {
  const head = [
    "Contender",
    `Median (${bench.unit})`,
    "Min-max",
    bench.baseline ? `Ratio to ${bench.baseline} (median)` : "Ratio",
    "Ratio min-max",
    "Target",
  ];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const c of bench.contenders) {
    const target = bench.targets.find((t) => t.contender === c.name);
    const name = c.note ? `${c.name} (${c.note})` : c.name;
    const ratio = c.ratio
      ? fmtRatio(c.ratio.summary.median)
      : bench.baseline === c.name
        ? "1.00x"
        : "";
    const ratioRange = c.ratio
      ? `${fmtRatio(c.ratio.summary.min)}-${fmtRatio(c.ratio.summary.max)}`
      : "";
    const cells = [
      name,
      fmt(c.summary.median),
      `${fmt(c.summary.min)}-${fmt(c.summary.max)}`,
      ratio,
      ratioRange,
      statusCell(target),
    ];
    lines.push(`| ${cells.map(escapeCell).join(" | ")} |`);
  }
  return lines.join("\n");
}

/** Summary table of every target of the run. */
export function targetsTable(benchmarks: readonly BenchResult[]): string {
  const lines = ["| Benchmark | Contender | Target | Measured | Status |", "|---|---|---|---|---|"];
  for (const b of benchmarks) {
    for (const t of b.targets) {
      const status = t.met === null ? "not measured" : t.met ? "met" : "**missed**";
      lines.push(
        `| ${[b.title, t.contender, t.description, t.measured, status].map(escapeCell).join(" | ")} |`,
      );
    }
  }
  return lines.join("\n");
}

/** The whole results.md document. */
export function renderMarkdown(results: Results): string {
  const m = results.machine;
  const parts = [
    "# Benchmark results",
    "",
    "Written by `pnpm bench` (packages/bench); do not edit by hand. Raw samples are in `results.json`.",
    "Contenders alternate round by round (the starting contender rotates each round); ratios are computed",
    "per round against the baseline of the same round, then summarized (median, min-max).",
    "",
    `- Node ${m.node}, ${m.os}`,
    `- CPU: ${m.cpu} (${m.cores} cores), ${m.memoryGiB.toFixed(1)} GiB RAM`,
    `- Commit ${m.commit}, run ${m.date}, took ${Math.round(results.durationSeconds)} s`,
    `- Load average (1/5/15 min) at start ${m.loadAverage.start.map((l) => l.toFixed(2)).join(" / ")}, at end ${m.loadAverage.end.map((l) => l.toFixed(2)).join(" / ")} (${m.cores} cores; other work on the machine shows up as noise)`,
    "",
    "## Targets",
    "",
    targetsTable(results.benchmarks),
    "",
  ];
  for (const b of results.benchmarks) {
    parts.push(`## ${b.title}`, "", `${b.rounds} rounds.`, "", benchTable(b), "");
    for (const note of b.notes) parts.push(`- ${note}`);
    if (b.notes.length > 0) parts.push("");
  }
  return parts.join("\n");
}
