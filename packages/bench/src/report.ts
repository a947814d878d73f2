import specs from "./benchmarks.json";
import { perRoundRatios, type Summary, summarize } from "./stats.js";

/** Samples per contender, one per round in the benchmark's unit, in table order. */
export type Samples = Map<string, number[]>;

/** One contender's samples and summary, and its per-round ratios to the baseline with their summary. */
export type ContenderResult = {
  name: string;
  samples: number[];
  summary: Summary;
  ratio?: { samples: number[]; summary: Summary };
};

/** A target; `met` is null when it could not be measured. */
export type Target = {
  contender: string;
  description: string;
  measured: string;
  met: boolean | null;
};

/** One benchmark's table, targets and notes. */
export type BenchResult = {
  title: string;
  unit: string;
  baseline?: string;
  rounds: number;
  contenders: ContenderResult[];
  targets: Target[];
  notes: string[];
};

/** Everything results.json holds; load averages (1, 5, 15 min) at the start and the end of the run. */
export type Results = {
  machine: { node: string; cpu: string; cores: number; os: string; commit: string; date: string };
  loadAverage: { start: number[]; end: number[] };
  durationSeconds: number;
  benchmarks: BenchResult[];
};

/**
 * A benchmark of benchmarks.json. A target is on the median per-round ratio of `contender` to `versus`, or
 * on the `figure` the code measures, shown as `measured`. Iterations and warm-up (operations) of tinybench runs.
 */
export type BenchSpec = {
  title: string;
  unit: string;
  scale?: number;
  rounds: number;
  iterations?: number;
  warmup?: number;
  targets: { contender: string; max: number; [text: string]: string | number | undefined }[];
  notes: string[];
};

/** Every benchmark's title, unit (`scale` units per millisecond), rounds, targets and notes, by id. */
export const benchmarks: Record<string, BenchSpec> = specs;

/** Figures and words the texts of benchmarks.json name in `{name}` placeholders. */
export type Values = Record<string, number | string>;

/** A benchmark's result from its samples: rows with the summary of per-round ratios to the baseline. */
export function result(bench: Omit<BenchResult, "contenders">, samples: Samples): BenchResult {
  const base = samples.get(bench.baseline ?? "");
  const contenders = [...samples].map(([name, values]): ContenderResult => {
    const row = { name, samples: values, summary: summarize(values) };
    const ratios = base && name !== bench.baseline ? perRoundRatios(values, base) : undefined;
    return ratios ? { ...row, ratio: { samples: ratios, summary: summarize(ratios) } } : row;
  });
  return { ...bench, contenders };
}

/** Target on the median per-round ratio `contender / versus`: met when <= max. */
export function ratioTarget(samples: Samples, contender: string, versus: string, max: number) {
  const [ours, theirs] = [samples.get(contender), samples.get(versus)];
  const r = ours && theirs ? summarize(perRoundRatios(ours, theirs)) : undefined;
  const show = () => `${x(r?.median ?? 0)} (rounds ${x(r?.min ?? 0)}-${x(r?.max ?? 0)})`;
  return limitTarget(contender, `<= ${x(max)} ${versus}`, r?.median, max, show);
}

/** Target on one figure, shown by `show`: met when <= max; not available yet when undefined. */
export function limitTarget(
  contender: string,
  description: string,
  value: number | undefined,
  max: number,
  show: (value: number) => string,
): Target {
  const measured = value === undefined ? "not available yet" : show(value);
  return { contender, description, measured, met: value === undefined ? null : value <= max };
}

/** `text` with each `{name}` replaced by its value; fractional numbers with two decimals. */
export const fill = (text: string, values: Values) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    return typeof value === "number" && !Number.isInteger(value) ? value.toFixed(2) : String(value);
  });

/** Benchmark `id` of benchmarks.json from its samples (the first contender is the baseline) and `values`. */
export function fromSpec(id: string, samples: Samples, values: Values = {}): BenchResult {
  const { title, unit, rounds, iterations, warmup, targets, notes } = benchmarks[id] as BenchSpec;
  const baseline = [...samples.keys()][0];
  const checked = targets.map((t) => {
    if (t.versus) return ratioTarget(samples, t.contender, t.versus as string, t.max);
    const [figure, measured] = [values[String(t.figure)] as number, String(t.measured)];
    return limitTarget(t.contender, String(t.description), figure, t.max, () =>
      fill(measured, values),
    );
  });
  const how = `Each round: ${iterations} timed operation(s) per contender (tinybench); ${warmup} warm-up operation(s) each before the first round.`;
  const texts = [...(iterations ? [how] : []), ...notes].map((note) => fill(note, values));
  const bench = { title: fill(title, values), unit, baseline, rounds, notes: texts };
  return result({ ...bench, targets: checked }, samples);
}

const x = (ratio: number) => `${ratio.toFixed(2)}x`;
const fmt = (value: number) => Number(value.toPrecision(3)).toLocaleString("en-US");
const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => "---"), ...rows].map(row).join("\n");

/** Each contender's latest sample, for progress lines: "raw fetch 812, client 455". */
export const latest = (samples: Samples) =>
  [...samples].map(([name, s]) => `${name} ${fmt(s.at(-1) ?? Number.NaN)}`).join(", ");

/** Markdown table of one benchmark: median, min-max and per-round ratio of every contender. */
export function benchTable({ unit, baseline, contenders }: BenchResult): string {
  const ratioHead = [`Ratio to ${baseline} (median)`, "Ratio min-max"];
  const rows = contenders.map(({ name, summary: s, ratio }) => {
    const r = ratio?.summary;
    const ratios = r
      ? [x(r.median), `${x(r.min)}-${x(r.max)}`]
      : [name === baseline ? x(1) : "", ""];
    return [name, fmt(s.median), `${fmt(s.min)}-${fmt(s.max)}`, ...ratios];
  });
  return table(["Contender", `Median (${unit})`, "Min-max", ...ratioHead], rows);
}

/** A target's status: met, **missed** or not available yet. */
export const status = (t: Target) =>
  t.met === null ? "not available yet" : t.met ? "met" : "**missed**";

/** Markdown table of every target of the run. */
export function targetsTable(benchmarks: readonly BenchResult[]): string {
  const rows = benchmarks.flatMap((b) =>
    b.targets.map((t) => [b.title, t.contender, t.description, t.measured, status(t)]),
  );
  return table(["Benchmark", "Contender", "Target", "Measured", "Status"], rows);
}

/** The whole results.md. */
export function renderMarkdown({ machine: m, loadAverage, durationSeconds, benchmarks }: Results) {
  const loads = (l: number[]) => l.map((n) => n.toFixed(2)).join(" / ");
  const parts = [
    "# Benchmark results\n",
    "Written by `pnpm bench` (packages/bench); do not edit by hand. Every sample is in `results.json`.",
    "Contenders alternate (their order rotates every round); ratios are computed per round against the",
    "same round's reference, then summarized (median, min-max).\n",
    `- Node ${m.node}, ${m.os}; CPU ${m.cpu} (${m.cores} cores)`,
    `- Commit ${m.commit}, run ${m.date}, took ${Math.round(durationSeconds)} s`,
    `- Load average (1/5/15 min) at start ${loads(loadAverage.start)}, at end ${loads(loadAverage.end)} (${m.cores} cores; other work on the machine is noise in every figure)\n`,
    `## Targets\n\n${targetsTable(benchmarks)}\n`,
  ];
  for (const b of benchmarks) {
    parts.push(`## ${b.title}\n\n${b.rounds} rounds.\n`);
    if (b.contenders.length > 0) parts.push(`${benchTable(b)}\n`);
    if (b.notes.length > 0) parts.push(`${b.notes.map((n) => `- ${n}`).join("\n")}\n`);
  }
  return parts.join("\n");
}
