// Results: statistics of the samples (simple-statistics), per-round ratios, targets, and results.md.
import { max, median, min } from "simple-statistics";
import { keepSections } from "../../../scripts/lib/md-sections.mjs";

/** Samples per contender, one per round, in table order (the first is the baseline of the ratios). */
export type Samples = Map<string, number[]>;
/** A target: met when the figure measured is <= its limit; null when it could not be measured. */
export type Target = ReturnType<typeof target>;
/** A target, or a ratio target: the median per-round ratio of `contender` to `versus` is <= `max`. */
export type Goal = Target | [contender: string, versus: string, max: number];
/** One benchmark's table (each contender's samples, summary, per-round ratios), targets and notes. */
export type BenchResult = ReturnType<typeof result>;
/** Everything results.json holds; load averages (1, 5, 15 min) at the start and the end of the run. */
export type Results = {
  machine: { node: string; cpu: string; cores: number; os: string; commit: string; date: string };
  loadAverage: { start: number[]; end: number[] };
  durationSeconds: number;
  benchmarks: BenchResult[];
};

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

/** A ratio as shown: `1.02x`. */
const ratioText = (ratio: number) => `${ratio.toFixed(2)}x`;
/** A figure as shown: three significant digits, grouped: `1,030`. */
const figureText = (value: number) => Number(value.toPrecision(3)).toLocaleString("en-US");

/** Target `goal` of `contender` on a figure `value` (NaN when not measured), shown as `measured`. */
export function target(contender: string, goal: string, value: number, max: number, measured = "") {
  const met = Number.isNaN(value) ? null : value <= max;
  const shown = met === null ? "not available yet" : measured;
  return { contender, description: goal, measured: shown, met };
}

/** Target on the median per-round ratio `contender / versus`, shown with its 95% CI and range. */
export function ratioTarget(samples: Samples, contender: string, versus: string, max: number) {
  const [ours, theirs] = [samples.get(contender), samples.get(versus)];
  const ratios = ours && theirs ? perRoundRatios(ours, theirs) : [Number.NaN];
  const [{ median, min, max: top }, ci] = [
    summarize(ratios),
    medianInterval(ratios).map(ratioText),
  ];
  const measured = `${ratioText(median)} (95% CI ${ci.join("-")}; rounds ${ratioText(min)}-${ratioText(top)})`;
  return target(contender, `<= ${ratioText(max)} ${versus}`, median, max, measured);
}

/** A benchmark's result: each contender's samples, summary and per-round ratios to the first one. */
export function result(title: string, unit: string, rows: Samples, note: string, goals: Goal[]) {
  const [baseline, base = []] = [...rows][0] ?? [];
  const contenders = [...rows].map(([name, samples]) => {
    const ratios = name === baseline ? undefined : perRoundRatios(samples, base);
    const ratio = ratios && { samples: ratios, summary: summarize(ratios) };
    return { name, samples, summary: summarize(samples), ratio };
  });
  const targets = goals.map((t) => (Array.isArray(t) ? ratioTarget(rows, ...t) : t));
  const notes = [note].filter(Boolean);
  return { title, unit, baseline, rounds: base.length, contenders, targets, notes };
}

/** A target's status: met, **missed** or not available yet. */
export const status = (t: Target) =>
  t.met === null ? "not available yet" : t.met ? "met" : "**missed**";

const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");

/** The whole results.md: machine, targets, then each benchmark's table and notes. */
export function renderMarkdown({ machine: m, loadAverage, durationSeconds, benchmarks }: Results) {
  const loads = (l: number[]) => l.map((n) => n.toFixed(2)).join(" / ");
  const targets = benchmarks.flatMap((b) =>
    b.targets.map((t) => [b.title, t.contender, t.description, t.measured, status(t)]),
  );
  const parts = [
    "# Benchmark results\n",
    "Written by `pnpm bench` (packages/bench/README.md says how each benchmark measures); every sample",
    "is in `results.json`. Targets are checked on the median of per-round ratios; CI: its 95% interval.\n",
    `- Node ${m.node}, ${m.os}; CPU ${m.cpu} (${m.cores} cores)`,
    `- Commit ${m.commit}, run ${m.date}, took ${Math.round(durationSeconds)} s`,
    `- Load average (1/5/15 min) at start ${loads(loadAverage.start)}, at end ${loads(loadAverage.end)}\n`,
    `## Targets\n\n${table(["Benchmark", "Contender", "Target", "Measured", "Status"], targets)}\n`,
  ];
  for (const { title, unit, baseline, rounds, contenders, notes } of benchmarks) {
    const rows = contenders.map(({ name, summary: s, ratio: r }) => [
      ...[name, figureText(s.median), `${figureText(s.min)}-${figureText(s.max)}`],
      ...(r
        ? [ratioText(r.summary.median), `${ratioText(r.summary.min)}-${ratioText(r.summary.max)}`]
        : [ratioText(1), ""]),
    ]);
    const [median, ratioTo] = [`Median (${unit})`, `Ratio to ${baseline}`];
    const head = ["Contender", median, "Min-max", ratioTo, "Ratio min-max"];
    parts.push(`## ${title}\n\n${rounds} rounds.\n`);
    if (rows.length > 0) parts.push(`${table(head, rows)}\n`);
    if (notes.length > 0) parts.push(`${notes.map((n) => `- ${n}`).join("\n")}\n`);
  }
  return parts.join("\n");
}

/**
 * The committed results with a partial run's tables in place of those of the same title (new ones appended), each
 * noting when, at which commit and load it was measured, since the header's machine is the full run's.
 */
export function mergedResults(committed: Results, run: Results): Results {
  const load = run.loadAverage.start.map((l) => l.toFixed(1)).join(" ");
  const when = `Measured ${run.machine.date.slice(0, 10)} at ${run.machine.commit}, load ${load}, by \`--merge\`.`;
  const fresh = run.benchmarks.map((b) => ({ ...b, notes: [...b.notes, when] }));
  const titles = new Set(fresh.map((b) => b.title));
  const kept = committed.benchmarks.filter((b) => !titles.has(b.title));
  return { ...committed, benchmarks: [...kept, ...fresh] };
}

/**
 * results.json and results.md as a run writes them: a full run's own; a partial run with `--merge` (`committed` the
 * results.json it merges into, `previous` the results.md) keeps every part of the committed results.md it did not
 * measure (hand-written sections and prose included) and replaces only its own sections and the targets table.
 */
export function resultsFiles(run: Results, committed?: Results, previous?: string) {
  const json = committed ? mergedResults(committed, run) : run;
  const rendered = renderMarkdown(json);
  const titles = run.benchmarks.map((b) => b.title);
  const md = committed && previous ? mergedMarkdown(previous, rendered, titles) : rendered;
  return { json, md: keepSections(previous, md) };
}

/** The `## ` sections of a Markdown text: the text before the first, then each heading with its body. */
function splitSections(markdown: string): { head: string; sections: [string, string][] } {
  const sections: [string, string][] = [];
  let [head, fenced] = ["", false];
  for (const line of markdown.split(/(?<=\n)/)) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? undefined : line.match(/^## (.*)\n?$/)?.[1];
    if (heading !== undefined) sections.push([heading, line]);
    else if (sections.length > 0) (sections.at(-1) as [string, string])[1] += line;
    else head += line;
  }
  return { head, sections };
}

/** `section` with its first table replaced by the first table of `fresh` (the rest of it kept as written). */
function withTableOf(section: string, fresh: string): string {
  const table = /(^\|.*\n?)+/m;
  const rows = fresh.match(table)?.[0];
  return rows && table.test(section) ? section.replace(table, rows) : fresh;
}

/**
 * The committed results.md `previous` with the sections of `titles` (and the targets table) taken from `rendered`,
 * the results.md of the merged results: every other part of `previous` stays as it is, new sections go at the end.
 */
function mergedMarkdown(previous: string, rendered: string, titles: string[]): string {
  const fresh = new Map(splitSections(rendered).sections);
  const { head, sections } = splitSections(previous);
  const seen = new Set(sections.map(([title]) => title));
  const replaced = sections.map(([title, body]) => {
    const now = fresh.get(title);
    if (title === "Targets" && now) return withTableOf(body, now);
    return titles.includes(title) && now ? now : body;
  });
  const added = titles.filter((t) => !seen.has(t)).map((t) => fresh.get(t) ?? "");
  const parts = [...replaced, ...added].map((part) => `${part.trimEnd()}\n`);
  return `${head}${parts.join("\n")}`;
}
