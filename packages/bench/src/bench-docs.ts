// Docs: the reference as a reader gets it from the site server, measured by Lighthouse (pinned in the catalog) in
// Chromium, beside a plain `redocly build-docs --inlineBundle` page of the same bundle in the same run: the product's
// spec (desktop and mobile presets), the grown fixture's and the 500 synthesized operations (desktop: the curve).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { startSiteServer } from "@merchant-payments/docs/src/site-server.mjs";
import { median } from "simple-statistics";
import { x } from "tinyexec";
import { grownFixture, SCALE_OPERATIONS } from "./bench-scale.js";
import { type BenchResult, result, target } from "./report.js";
import { synthesizeSpec } from "./synthesize.js";

/** Lighthouse runs per page and preset; the median is reported (DOCS_BENCH_RUNS sets fewer on a busy machine). */
const DOCS_RUNS = Number(process.env.DOCS_BENCH_RUNS ?? 3);
/** Chromium's flags for Lighthouse on this machine (no sandbox: containers run as root). */
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking";
/** One Lighthouse run's bound (a hang, not a measure). */
const RUN_BOUND_MS = 240_000;

/** What one Lighthouse run measured. */
interface Run {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  kib: number;
}

const require = createRequire(import.meta.url);
const docsDir = join(require.resolve("@merchant-payments/docs/package.json"), "..");
const redocly = join(docsDir, "node_modules", ".bin", "redocly");
const lighthouse = join(require.resolve("lighthouse/package.json"), "..", "cli", "index.js");

/** Builds our site of `spec` (the product's without one) into `out`, compressed as it ships. */
async function buildOurs(out: string, spec?: string): Promise<void> {
  const args = [join(docsDir, "scripts", "build-site.mjs"), "--out", out];
  await x(process.execPath, spec ? [...args, "--spec", spec] : args, {
    nodeOptions: { env: { ...process.env, REDOCLY_TELEMETRY: "off" } },
    timeout: 600_000,
    throwOnError: true,
  });
}

/** A plain `redocly build-docs --inlineBundle` page of `bundle` in `out`, with the site's redocly.yaml. */
async function buildPlain(out: string, bundle: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  await x(redocly, ["build-docs", bundle, "--inlineBundle", "--output", join(out, "index.html")], {
    nodeOptions: { cwd: docsDir, env: { ...process.env, REDOCLY_TELEMETRY: "off" } },
    timeout: 600_000,
    throwOnError: true,
  });
}

/** Attempts per run: a run Chromium could not complete (a protocol timeout on a busy machine) is run again. */
const ATTEMPTS = 3;

/** A Lighthouse run of `url`, again on a failed attempt (up to ATTEMPTS); the last failure is thrown. */
async function lighthouseRun(url: string, desktop: boolean, out: string): Promise<Run> {
  let failure: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await lighthouseAttempt(url, desktop, out);
    } catch (error) {
      failure = error;
      console.log(`  Lighthouse attempt ${attempt} of ${url} failed: ${(error as Error).message}`);
    }
  }
  throw failure;
}

/** One Lighthouse run of `url` (performance only), the mobile preset unless `desktop`. */
async function lighthouseAttempt(url: string, desktop: boolean, out: string): Promise<Run> {
  const args = [lighthouse, url, "--output=json", `--output-path=${out}`, "--quiet"];
  args.push("--only-categories=performance", `--chrome-flags=${CHROME_FLAGS}`);
  if (desktop) args.push("--preset=desktop");
  const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  rmSync(out, { force: true });
  // Lighthouse may exit 1 after writing its report (Chromium slow to close on a busy machine): the report decides.
  const run = await x(process.execPath, args, {
    nodeOptions: { env: { ...process.env, CHROME_PATH: chrome } },
    timeout: RUN_BOUND_MS,
    throwOnError: false,
  });
  if (!existsSync(out))
    throw new Error(`Lighthouse wrote no report (exit ${run.exitCode}): ${run.stderr.slice(-500)}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  if (report.runtimeError || report.categories?.performance?.score == null)
    throw new Error(`Lighthouse could not measure ${url}: ${JSON.stringify(report.runtimeError)}`);
  const audit = (id: string) => Number(report.audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: Math.round(Number(report.categories.performance.score) * 100),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    kib: audit("total-byte-weight") / 1024,
  };
}

/** A served site: ours (with its compressed copies) or the plain page (as `build-docs` writes it). */
async function measurePages(
  pages: { name: string; root: string }[],
  desktop: boolean,
  dir: string,
): Promise<Map<string, Run[]>> {
  const runs = new Map<string, Run[]>(pages.map((p) => [p.name, []]));
  const servers = await Promise.all(pages.map((p) => startSiteServer({ root: p.root })));
  try {
    // Alternated: each round runs every page once, so a burst of load falls on both.
    for (let round = 0; round < DOCS_RUNS; round++)
      for (const [i, page] of pages.entries()) {
        const url = servers[i]?.url ?? "";
        const out = join(
          dir,
          `${page.name.replace(/\W+/g, "-")}-${desktop ? "d" : "m"}${round}.json`,
        );
        runs.get(page.name)?.push(await lighthouseRun(url, desktop, out));
      }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
  return runs;
}

const METRICS = [
  ["performance", "Lighthouse performance score", "score"],
  ["fcpMs", "first contentful paint", "ms"],
  ["lcpMs", "largest contentful paint", "ms"],
  ["tbtMs", "total blocking time", "ms"],
  ["kib", "bytes transferred", "KiB"],
] as const;

/** The targets of issue 45 on our page's medians (`aim`: the 500-operation spec's). */
function goals(ours: string, runs: Run[], desktop: boolean, aim: "product" | "curve") {
  const m = (key: keyof Run) => median(runs.map((r) => r[key]));
  const score = m("performance");
  if (aim === "curve")
    return desktop ? [target(ours, ">= 90 performance (the aim)", -score, -90, `${score}`)] : [];
  if (!desktop) return [target(ours, ">= 80 performance", -score, -80, `${score}`)];
  return [
    target(ours, ">= 95 performance", -score, -95, `${score}`),
    target(
      ours,
      "first contentful paint <= 1.0 s",
      m("fcpMs"),
      1000,
      `${m("fcpMs").toFixed(0)} ms`,
    ),
    target(ours, "total blocking time <= 200 ms", m("tbtMs"), 200, `${m("tbtMs").toFixed(0)} ms`),
    target(ours, "bytes <= 700 KiB", m("kib"), 700, `${m("kib").toFixed(0)} KiB`),
  ];
}

/** One table per metric (plain page first: the ratios are ours to plain's), the targets on the first. */
function tables(
  label: string,
  runs: Map<string, Run[]>,
  desktop: boolean,
  aim: "product" | "curve",
) {
  const [plain, ours] = [...runs.keys()] as [string, string];
  const preset = desktop ? "desktop" : "mobile";
  const note = `Lighthouse ${require("lighthouse/package.json").version}, ${preset} preset (simulated throttling), ${DOCS_RUNS} runs per page alternating, Chromium at CHROME_PATH; bytes: total-byte-weight (as transferred).`;
  return METRICS.map(([key, what, unit], i) =>
    result(
      `Docs, ${label}, ${preset}: ${what}`,
      unit,
      new Map([
        [plain, runs.get(plain)?.map((r) => r[key]) ?? []],
        [ours, runs.get(ours)?.map((r) => r[key]) ?? []],
      ]),
      i === 0 ? note : "",
      i === 0 ? goals(ours, runs.get(ours) ?? [], desktop, aim) : [],
    ),
  );
}

/** The specs measured: the product's (desktop and mobile), then the curve (desktop). */
export const DOCS_SPECS = ["product", "grown", "scale"] as const;

/**
 * Builds our site and a plain page of one spec (the product's, the grown fixture's, 500 synthesized operations),
 * serves both with the docs' site server and runs Lighthouse on both pages, alternating.
 */
export async function benchDocs(
  which: (typeof DOCS_SPECS)[number],
  dir: string,
): Promise<BenchResult[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let label = "the product's spec";
  let spec: string | undefined;
  let bundle = require.resolve("@merchant-payments/spec/openapi.json");
  if (which === "grown") {
    label = "the grown fixture";
    spec = bundle = require.resolve("@merchant-payments/spec/fixtures/grown.json");
  } else if (which === "scale") {
    label = `${SCALE_OPERATIONS} synthesized operations`;
    spec = bundle = join(dir, "scale.json");
    writeFileSync(spec, JSON.stringify(synthesizeSpec(grownFixture(), SCALE_OPERATIONS).document));
  }
  const [ours, plain] = [join(dir, "ours"), join(dir, "plain")];
  await buildOurs(ours, spec);
  await buildPlain(plain, bundle);
  const pages = [
    { name: "plain build-docs --inlineBundle", root: plain },
    { name: "our site", root: ours },
  ];
  const aim = which === "product" ? "product" : "curve";
  const results = tables(label, await measurePages(pages, true, dir), true, aim);
  if (which === "product")
    results.push(...tables(label, await measurePages(pages, false, dir), false, aim));
  return results;
}
