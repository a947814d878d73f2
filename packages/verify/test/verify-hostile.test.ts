// merchant-payments-verify against a hostile server, run as its CLI in a child process (peak memory and event-loop
// stalls measured), the token given by MERCHANT_PAYMENTS_TOKEN: every hostile answer ends as a named defect within
// the timeout, bounded in memory, and the token appears nowhere in the console or the reports.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  getFreePort,
  HOSTILE_KINDS,
  HOSTILE_TOKEN,
  type HostileKind,
  type HostileServer,
  hostileRunProblems,
  hostileWorkDir,
  peakOf,
  startHostileServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const TIMEOUT_MS = 5_000;
/** Small, so that a run of a few dozen requests against an endless body stays fast (the default is from the spec). */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const RUN_LIMIT_MS = 90_000;
const { dir, preload } = hostileWorkDir("verify-hostile");

/** The defect each hostile answer must be reported as (at least once); the others must fail the run too. */
const DEFECT: Partial<Record<HostileKind, string>> = {
  "gzip-bomb": "response-too-large",
  "endless-body": "response-too-large",
  "corrupt-gzip": "corrupt-coding",
  html: "wrong-media-type",
  "echo-credentials": "invalid-json",
};

/** Runs verify against `baseUrl`; its exit code, console, reports, peak memory and time taken. */
function runVerify(baseUrl: string, name: string) {
  const json = join(dir, `${name}.json`);
  const junit = join(dir, `${name}.xml`);
  const started = performance.now();
  return new Promise<{
    code: number | null;
    text: string;
    report: string;
    ms: number;
    peak: ReturnType<typeof peakOf>;
  }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--require",
        preload,
        bin,
        "--base-url",
        baseUrl,
        "--runs",
        "0",
        "--timeout-ms",
        String(TIMEOUT_MS),
        "--max-response-bytes",
        String(MAX_RESPONSE_BYTES),
        "--report-json",
        json,
        "--junit",
        junit,
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, MERCHANT_PAYMENTS_TOKEN: HOSTILE_TOKEN },
      },
    );
    let out = "";
    let err = "";
    let ready = false;
    child.stdout.on("data", (c: Buffer) => {
      out += c;
      if (!ready) {
        ready = true;
        child.kill("SIGUSR2");
      }
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c;
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS + 30_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(killer);
      let report = "";
      try {
        report = readFileSync(json, "utf8") + readFileSync(junit, "utf8");
      } catch {}
      resolve({
        code,
        text: out + err,
        report,
        ms: performance.now() - started,
        peak: peakOf(err),
      });
    });
  });
}

function expectBounded(run: Awaited<ReturnType<typeof runVerify>>, label: string): void {
  console.log(
    `verify ${label}: exit ${run.code} in ${Math.round(run.ms)} ms, peak RSS ${((run.peak?.rssBytes ?? 0) / 2 ** 20).toFixed(0)} MB, longest event-loop stall ${run.peak?.maxLagMs.toFixed(0)} ms`,
  );
  expect(run.code).not.toBe(0);
  expect(run.ms).toBeLessThan(RUN_LIMIT_MS);
  expect(hostileRunProblems(run.peak, run.text + run.report)).toEqual([]);
}

describe("verify against a hostile server", () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer("html");
  });
  afterAll(() => server?.close());

  test.each(HOSTILE_KINDS)(
    "%s: a failed run, each answer a named defect, bounded, the token nowhere",
    async (kind) => {
      server.kind = kind;
      const run = await runVerify(server.baseUrl, kind);
      expectBounded(run, kind);
      const defect = DEFECT[kind];
      if (defect) expect(run.report).toContain(`"${defect}"`);
    },
  );

  test("nothing listening: exit 3 with one line naming the URL, the token nowhere", async () => {
    const run = await runVerify(`http://127.0.0.1:${await getFreePort()}`, "refused");
    expect(run.code).toBe(3);
    expect(run.text).toMatch(/nothing answers at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)/);
    expect(run.text).not.toContain(HOSTILE_TOKEN);
  }, 120_000);
});
