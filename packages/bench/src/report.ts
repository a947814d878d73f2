import { perRoundRatios, type Summary, summarize } from "./stats.js";

/** Samples per contender, one per round in the benchmark's unit, in table order. */
export type Samples = Map<string, number[]>;

/** One contender's samples, their summary, and its per-round ratios to the baseline. */
export interface ContenderResult {
  name: string;
  samples: number[];
  summary: Summary;
  ratio?: { samples: number[]; summary: Summary };
}

/** A target; `met` is null when it could not be measured (a feature not available yet). */
export interface Target {
  contender: string;
  description: string;
  measured: string;
  met: boolean | null;
}

/** One benchmark's table, targets and notes. */
export interface BenchResult {
  title: string;
  unit: string;
  baseline?: string;
  rounds: number;
  contenders: ContenderResult[];
  targets: Target[];
  notes: string[];
}

/** Everything results.json holds. */
export interface Results {
  machine: { node: string; cpu: string; cores: number; os: string; commit: string; date: string };
  /** 1, 5 and 15 minute load averages at the start and at the end of the run. */
  loadAverage: { start: number[]; end: number[] };
  durationSeconds: number;
  benchmarks: BenchResult[];
}

/** A benchmark's result from its samples: rows with per-round ratios to `baseline`. */
export function result(bench: Omit<BenchResult, "contenders">, samples: Samples): BenchResult {
  const base = bench.baseline === undefined ? undefined : samples.get(bench.baseline);
  const contenders = [...samples].map(([name, values]): ContenderResult => {
    const ratios = base && name !== bench.baseline ? perRoundRatios(values, base) : undefined;
    const row = { name, samples: values, summary: summarize(values) };
    return ratios ? { ...row, ratio: { samples: ratios, summary: summarize(ratios) } } : row;
  });
  return { ...bench, contenders };
}

/** Target on the median per-round ratio `contender / versus`: met when <= max. */
export function ratioTarget(samples: Samples, contender: string, versus: string, max: number) {
  const [ours, theirs] = [samples.get(contender), samples.get(versus)];
  const ratio = ours && theirs ? summarize(perRoundRatios(ours, theirs)) : undefined;
  const measured = ratio
    ? `${ratio.median.toFixed(2)}x (rounds ${ratio.min.toFixed(2)}x-${ratio.max.toFixed(2)}x)`
    : "not available yet";
  return limitTarget(contender, `<= ${max.toFixed(2)}x ${versus}`, ratio?.median, max, measured);
}

/** Target on one figure: met when value <= max; not available yet when value is undefined. */
export function limitTarget(
  contender: string,
  description: string,
  value: number | undefined,
  max: number,
  measured: string,
): Target {
  return { contender, description, measured, met: value === undefined ? null : value <= max };
}

/** Number with about three significant digits: 1234 -> "1,234", 1.2345 -> "1.23". */
export function fmt(value: number): string {
  const digits =
    Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  return value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
const ratio = (s: Summary | undefined) => (s ? `${s.median.toFixed(2)}x` : "");
const range = (s: Summary, f: (n: number) => string) => `${f(s.min)}-${f(s.max)}`;

/** Markdown table of one benchmark: median, min-max and per-round ratio of every contender. */
export function benchTable(b: BenchResult): string {
  const head = ["Contender", `Median (${b.unit})`, "Min-max"];
  const ratios = [`Ratio to ${b.baseline ?? "-"} (median)`, "Ratio min-max"];
  const lines = [row([...head, ...ratios]), row(Array(5).fill("---"))];
  for (const { name, summary, ratio: r } of b.contenders) {
    const own = name === b.baseline ? "1.00x" : ratio(r?.summary);
    const ratioRange = r ? range(r.summary, (n) => `${n.toFixed(2)}x`) : "";
    lines.push(row([name, fmt(summary.median), range(summary, fmt), own, ratioRange]));
  }
  return lines.join("\n");
}

/** Markdown table of every target of the run. */
export function targetsTable(benchmarks: readonly BenchResult[]): string {
  const status = (t: Target) =>
    t.met === null ? "not available yet" : t.met ? "met" : "**missed**";
  const lines = [
    row(["Benchmark", "Contender", "Target", "Measured", "Status"]),
    row(Array(5).fill("---")),
  ];
  for (const b of benchmarks) {
    for (const t of b.targets)
      lines.push(row([b.title, t.contender, t.description, t.measured, status(t)]));
  }
  return lines.join("\n");
}

/** The whole results.md. */
export function renderMarkdown({ machine: m, loadAverage, durationSeconds, benchmarks }: Results) {
  const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  const parts = [
    "# Benchmark results\n",
    "Written by `pnpm bench` (packages/bench); do not edit by hand. Every sample is in `results.json`.",
    "Contenders alternate (their order rotates every round); ratios are computed per round against the",
    "same round's reference, then summarized (median, min-max).\n",
    `- Node ${m.node}, ${m.os}; CPU ${m.cpu} (${m.cores} cores)`,
    `- Commit ${m.commit}, run ${m.date}, took ${Math.round(durationSeconds)} s`,
    `- Load average (1/5/15 min) at start ${loads(loadAverage.start)}, at end ${loads(loadAverage.end)} (${m.cores} cores; other work on the machine is noise in every figure)\n`,
    "## Targets\n",
    `${targetsTable(benchmarks)}\n`,
  ];
  for (const b of benchmarks) {
    parts.push(`## ${b.title}\n`, `${b.rounds} rounds.\n`);
    if (b.contenders.length > 0) parts.push(`${benchTable(b)}\n`);
    if (b.notes.length > 0) parts.push(`${b.notes.map((n) => `- ${n}`).join("\n")}\n`);
  }
  return parts.join("\n");
}
