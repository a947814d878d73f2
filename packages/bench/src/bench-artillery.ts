// The mock under Artillery: `merchant-payments-verify load` (its script and shipped processor, every answer
// checked by the spec model) at rising arrival rates, and the checks' own cost per request.
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { operations } from "@merchant-payments/spec";
import { x } from "tinyexec";
import { HEADERS } from "./bench-client.js";
import { type Server, timed, withServer } from "./measure.js";
import { result, target } from "./report.js";

const require = createRequire(import.meta.url);
const cli = join(
  dirname(require.resolve("@merchant-payments/verify/package.json")),
  "dist",
  "cli.js",
);
/** Arrival rates tried (one request per arrival), each for SECONDS after an unrecorded 3 s warm-up at the
 * first rate, stopping after the first failure or p99 above 10 x P99_MS (the mock saturated). */
const [RATES, SECONDS, P99_MS] = [[10, 25, 50, 100, 200, 400], 10, 50];

/** One rate's figures from Artillery's JSON report. */
export type Step = {
  rate: number;
  /** Seconds from Artillery's first metric to its last (its `aggregate`): longer than the phase when the
   * generator could not keep the arrival rate (a starved load generator sends late, not less). */
  spanSeconds: number;
  /** Epoch ms of Artillery's first and last metric: the window the load was on. */
  window: [number, number];
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  nonConforming: number;
  load: number;
};

/** `load` with `args` against `server` (token in the environment, as users run it); rejects on a usage error. */
async function load(server: Pick<Server, "baseUrl">, args: string[]) {
  const env = { ...process.env, MERCHANT_PAYMENTS_TOKEN: "bench-token" };
  const run = await x(process.execPath, [cli, "load", "--base-url", server.baseUrl, ...args], {
    nodeOptions: { env },
  });
  if (run.exitCode === 2) throw new Error(`load refused its command line: ${run.stderr}`);
  return run;
}

/** One rate: the generated script run by Artillery for `seconds`; figures from its JSON report. */
export async function step(
  server: Pick<Server, "baseUrl">,
  dir: string,
  rate: number,
  seconds = SECONDS,
): Promise<Step> {
  const report = join(dir, `${rate}-${seconds}.report.json`);
  const args = ["--out", join(dir, `${rate}.yml`), "--run", "--report-json", report];
  const [loadAtStart = 0] = loadavg();
  const shape = ["--duration", `${seconds}`, "--arrival-rate", `${rate}`, "--seed", "1"];
  await load(server, [...args, ...shape]);
  const aggregate = JSON.parse(readFileSync(report, "utf8")).aggregate;
  const { counters = {}, summaries = {}, firstMetricAt = 0, lastMetricAt = 0 } = aggregate;
  const sum = (test: (name: string) => boolean) =>
    Object.entries(counters as Record<string, number>)
      .filter(([name]) => test(name))
      .reduce((total, [, n]) => total + n, 0);
  const failed = sum((n) => /^errors\./.test(n) || /^http\.codes\.(5\d\d|429)$/.test(n));
  const responses = sum((n) => n === "http.responses");
  const nonConforming = sum((n) => /^merchant_payments\.\w+\.non_conforming$/.test(n));
  const { p50 = Number.NaN, p99 = Number.NaN } = summaries["http.response_time"] ?? {};
  const requests = responses + sum((n) => /^errors\./.test(n));
  const spanSeconds = Math.max(seconds, (lastMetricAt - firstMetricAt) / 1000);
  console.log(
    `  ${rate}/s for ${seconds} s: ${requests} requests over ${spanSeconds.toFixed(1)} s, p50 ${p50} ms, p99 ${p99} ms`,
  );
  return {
    ...{ rate, spanSeconds, window: [firstMetricAt, lastMetricAt] as [number, number] },
    ...{ p50, p99, requests, failed, nonConforming, load: loadAtStart },
  };
}

/** The shipped processor's check per answer (µs), on each read operation's real answer from the mock. */
async function checkCost(server: Server, dir: string) {
  const script = join(dir, "check.yml");
  await load(server, ["--out", script, "--seed", "1"]);
  const processor = await import(pathToFileURL(join(dir, "check.processor.mjs")).href);
  const answers = await Promise.all(
    operations().map(async (op) => {
      const body = JSON.stringify(op.request?.examples[0]?.value);
      const res = await fetch(`${server.baseUrl}${op.path}`, {
        method: op.method,
        headers: HEADERS,
        body,
      });
      const headers = Object.fromEntries(res.headers);
      return {
        name: op.operationId,
        response: { statusCode: res.status, headers, body: await res.text() },
      };
    }),
  );
  const events = { emit: () => {} };
  let i = 0;
  const next = () => answers[i++ % answers.length] as (typeof answers)[number];
  const contenders = [
    { name: "JSON.parse of the answer", run: async () => JSON.parse(next().response.body) },
    {
      name: "merchantPaymentsCheck (checkResponse)",
      run: async () => {
        const { name, response } = next();
        processor.merchantPaymentsCheck({ name }, response, {}, events, (e?: Error) => {
          if (e) throw e;
        });
      },
    },
  ];
  return timed({ rounds: 12, iterations: 2_000, warmup: 200, scale: 1000 }, contenders);
}

/** Both tables, against the mock in its own child process. */
export const benchArtillery = () =>
  withServer("mock", async (server) => {
    const dir = mkdtempSync(join(tmpdir(), "bench-artillery-"));
    await step(server, dir, RATES[0] as number, 3);
    const steps: Step[] = [];
    for (const rate of RATES) {
      const s = await step(server, dir, rate);
      steps.push(s);
      if (!(s.p99 < 10 * P99_MS) || s.failed > 0) break;
    }
    const sustained = steps.filter((s) => s.p99 < P99_MS && s.failed === 0).at(-1);
    const violations = steps.reduce((n, s) => n + s.nonConforming, 0);
    const cost = await checkCost(server, dir);
    const rows = new Map(steps.map((s) => [`${s.rate} arrivals/s`, [s.p99]]));
    const figures = steps.map(
      (s) =>
        `${s.rate}/s: ${s.requests} requests, p50 ${s.p50} ms, ${s.failed} failed, load average ${s.load.toFixed(1)} at start`,
    );
    const shown = sustained
      ? `${sustained.rate}/s (p99 ${sustained.p99} ms)`
      : `none of ${RATES[0]}/s`;
    return [
      result(
        `Mock under Artillery: p99 per arrival rate (${SECONDS} s each)`,
        "ms (p99)",
        rows,
        figures.join("; "),
        [
          target(
            "load",
            `highest rate tried with p99 < ${P99_MS} ms, no failure`,
            sustained ? 0 : 1,
            0,
            shown,
          ),
          target(
            "load",
            "no spec violation at any rate",
            violations,
            0,
            `${violations} non-conforming`,
          ),
        ],
      ),
      result("Artillery processor: check per answer", "µs/answer", cost.wall, cost.note, []),
    ];
  });
