// The validation proxy in front of a hostile upstream, run as its CLI in a child process (peak memory and event-loop
// stalls measured): every exchange is recorded and counted whatever the upstream does (too large, a gzip bomb, a
// corrupt coding, a reset, nothing listening), a fast request is not held up by a huge one, the run exits 1, and
// the token appears nowhere in its output or its report.
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
  tokenFragmentsIn,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { post } from "./helpers.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const USER_PATH = "/security/merchantUsers/get";
const userRequest = JSON.stringify({ merchantAccountNumber: 12345678, userId: "1024" });
const UPSTREAM_TIMEOUT_MS = 60_000;
const MARGIN_MS = 10_000;
const { dir, preload } = hostileWorkDir("proxy-hostile");

/** Starts the proxy CLI in front of `upstream`; `stop()` ends it and gives its exit code, output and peak. */
async function startProxyCli(upstream: string, report: string) {
  const port = await getFreePort();
  const child = spawn(
    process.execPath,
    [
      "--require",
      preload,
      cli,
      "proxy",
      upstream,
      "--port",
      String(port),
      "--report",
      report,
      "--upstream-timeout-ms",
      String(UPSTREAM_TIMEOUT_MS),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c;
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the proxy did not start:\n${out}${err}`)),
      30_000,
    );
    child.stdout.on("data", () => {
      if (out.includes("Proxy URL")) {
        clearTimeout(timer);
        // Ready: event-loop stalls count from here (start-up is not the work measured).
        child.kill("SIGUSR2");
        resolve();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}${USER_PATH}`,
    async stop() {
      child.kill("SIGTERM");
      const code = await exited;
      return { code, output: out + err, peak: peakOf(err) };
    },
  };
}

/** Sends one request naming the answer it wants from the hostile upstream; its status and time taken. */
async function send(
  url: string,
  kind: HostileKind,
): Promise<{ kind: string; status: number; ms: number; endedAt: number }> {
  const started = performance.now();
  const answer = await post(
    url,
    userRequest,
    { authorization: `Bearer ${HOSTILE_TOKEN}`, "x-hostile-kind": kind },
    UPSTREAM_TIMEOUT_MS + MARGIN_MS,
  );
  const endedAt = performance.now();
  return { kind, status: answer.status, ms: endedAt - started, endedAt };
}

function expectNoToken(text: string): void {
  expect(tokenFragmentsIn(text)).toEqual([]);
}

describe("the validation proxy in front of a hostile upstream", () => {
  let upstream: HostileServer;
  beforeAll(async () => {
    upstream = await startHostileServer("html");
  });
  afterAll(() => upstream?.close());

  test("records and counts every hostile answer, keeps a fast request fast, exits 1, never shows the token", async () => {
    const report = join(dir, "report.jsonl");
    const proxy = await startProxyCli(upstream.baseUrl, report);
    let stopped: Awaited<ReturnType<typeof proxy.stop>> | undefined;
    try {
      // A fast answer sent while the bomb and the endless body are being read: held up only by its own work.
      const [bomb, endless, fast] = await Promise.all([
        send(proxy.url, "gzip-bomb"),
        send(proxy.url, "endless-body"),
        new Promise((r) => setTimeout(r, 300)).then(() => send(proxy.url, "html")),
      ]);
      const rest = [];
      for (const kind of HOSTILE_KINDS.filter((k) => !["gzip-bomb", "endless-body"].includes(k))) {
        rest.push(await send(proxy.url, kind));
      }
      const all = [bomb, endless, fast, ...rest];
      console.log(all.map((a) => `${a.kind} ${a.status} in ${Math.round(a.ms)} ms`).join(", "));
      // Not held up behind them: answered before the slower of the two ended (an event order, not a speed).
      expect(fast.endedAt).toBeLessThan(Math.max(bomb.endedAt, endless.endedAt));
      for (const a of all) expect(a.ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + MARGIN_MS);
      expect(bomb.status).toBe(502);
      expect(endless.status).toBe(502);
      stopped = await proxy.stop();
      const lines = readFileSync(report, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { type: string; outcome?: string; exchanges?: number });
      const exchanges = lines.filter((l) => l.type === "exchange");
      expect(exchanges).toHaveLength(all.length);
      expect(exchanges.every((e) => e.outcome !== "ok")).toBe(true);
      expect(exchanges.filter((e) => e.outcome === "response-too-large")).toHaveLength(2);
      expect(lines.at(-1)).toMatchObject({
        type: "summary",
        exchanges: all.length,
        failed: all.length,
      });
      expect(stopped.code).toBe(1);
      console.log(
        `proxy: peak RSS ${((stopped.peak?.rssBytes ?? 0) / 2 ** 20).toFixed(0)} MB, longest event-loop stall ${stopped.peak?.maxLagMs.toFixed(0)} ms`,
      );
      expect(
        hostileRunProblems(stopped.peak, stopped.output + readFileSync(report, "utf8")),
      ).toEqual([]);
    } finally {
      if (!stopped) await proxy.stop();
    }
  }, 120_000);

  test("nothing listening upstream: recorded as a transport failure, exit 1", async () => {
    const report = join(dir, "refused.jsonl");
    const proxy = await startProxyCli(`http://127.0.0.1:${await getFreePort()}`, report);
    const answer = await send(proxy.url, "html");
    const { code, output } = await proxy.stop();
    expect(answer.status).toBe(502);
    expect(code).toBe(1);
    expect(readFileSync(report, "utf8")).toContain('"outcome":"transport-failure"');
    expectNoToken(output);
  }, 90_000);
});
