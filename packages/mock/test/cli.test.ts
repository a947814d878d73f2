import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getFreePort, startLoopbackServer } from "@merchant-payments/test-support";
import { expect, test } from "vitest";
import { eventually, portIsFree, post, processExists } from "./helpers.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
/**
 * A bound on a CLI's start (a hang, not a speed): seconds idle, over a minute on a machine ten times oversubscribed;
 * below the test's own bound so that a hang fails with this test's message.
 */
const START_BOUND_MS = 100_000;

test("pnpm mock's CLI prints the base URL, serves the spec, and stops on SIGTERM", async () => {
  const port = await getFreePort();
  const child = spawn(process.execPath, [cli, "mock", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let out = "";
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no base URL printed:\n${out}`)),
        START_BOUND_MS,
      );
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Base URL: (\S+)/.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once("exit", (code) => reject(new Error(`CLI exited with ${code}:\n${out}`)));
    });
    expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
    // Every address printed is the one callers use.
    expect(out.match(/http:\/\/127\.0\.0\.1:\d+/g)?.every((url) => url === baseUrl)).toBe(true);
    const answer = await post(
      `${baseUrl}/merchants/fees/calculate`,
      JSON.stringify({
        merchantAccountNumber: 12345678,
        feeType: "D",
        channelType: "MW",
        transactionAmount: 1000,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ netFeeAmount: 22.04 });
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
  expect(await portIsFree(port)).toBe(true);
});

test("the proxy command refuses to start without an upstream URL", async () => {
  const child = spawn(process.execPath, [cli, "proxy"], { stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain("proxy needs the upstream URL");
});

test("the CLI stops its mock and frees the port when the process that started it dies", async () => {
  const port = await getFreePort();
  // A parent that starts the CLI, reports its pid and then is killed without stopping it.
  const parent = spawn(
    process.execPath,
    [
      "-e",
      `const c = require("node:child_process").spawn(process.execPath, [${JSON.stringify(cli)}, "mock", "--port", "${port}"], { stdio: ["ignore", "pipe", "inherit"] });
       c.stdout.on("data", (d) => { if (/Base URL/.test(String(d))) console.log("CLI " + c.pid); });`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let cliPid = 0;
  try {
    cliPid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the CLI did not start")), START_BOUND_MS);
      parent.stdout.on("data", (chunk: Buffer) => {
        const match = /CLI (\d+)/.exec(chunk.toString());
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
  } finally {
    parent.kill("SIGKILL");
  }
  expect(await eventually(() => !processExists(cliPid), 30_000)).toBe(true);
  expect(await eventually(() => portIsFree(port), 30_000)).toBe(true);
});

test("pnpm mock's --fault-* flags answer the chosen share of requests with the chosen fault", async () => {
  const port = await getFreePort();
  const child = spawn(
    process.execPath,
    [
      cli,
      "mock",
      "--port",
      String(port),
      "--fault-rate",
      "1",
      "--fault-kinds",
      "rate-limited",
      "--fault-retry-after",
      "9",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let out = "";
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no base URL printed:\n${out}`)),
        START_BOUND_MS,
      );
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("Base URL")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect(out).toContain("faults at rate 1");
    const answer = await post(
      `http://127.0.0.1:${port}/collections/getTransaction`,
      JSON.stringify({
        merchantAccountNumber: 12345678,
        transactionReferenceNumber: "TXN-20240115-000123",
      }),
    );
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("9");
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
});

test("pnpm mock refuses a fault flag it cannot read, with exit code 2", async () => {
  const child = spawn(process.execPath, [cli, "mock", "--fault-rate", "2"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain("--fault-rate must be a number from 0 to 1");
});

/** Runs the CLI to its exit (it must exit by itself) and returns the status and what it printed. */
async function runToExit(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [cli, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), START_BOUND_MS);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, out, err };
}

test.each([
  [["--fault-rate", "0.5", "--fault-kinds", "meteor"], "--fault-kinds: unknown fault meteor"],
  [["--fault-kinds", "meteor"], "--fault-kinds: unknown fault meteor"],
  [["--fault-kinds", "reset"], "--fault-kinds needs --fault-rate"],
])("pnpm mock refuses %j as a usage error (exit 2)", async (flags, message) => {
  const { code, err } = await runToExit(["mock", ...flags]);
  expect(code).toBe(2);
  expect(err).toContain(message);
});

test("pnpm mock listens on MOCK_PORT, and a taken port is one line naming it and MOCK_PORT", async () => {
  const port = await getFreePort();
  const first = spawn(process.execPath, [cli, "mock"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, MOCK_PORT: String(port) },
  });
  const exited = new Promise<number | null>((resolve) => first.once("exit", resolve));
  try {
    expect(await eventually(async () => !(await portIsFree(port)), START_BOUND_MS)).toBe(true);
    const second = await runToExit(["mock"], { MOCK_PORT: String(port) });
    expect(second.code).toBe(1);
    expect(second.err.trim().split("\n")).toEqual([
      `Port ${port} is already in use on 127.0.0.1: pass --port <port> or set MOCK_PORT to a free port, e.g. MOCK_PORT=${port + 1}`,
    ]);
  } finally {
    first.kill("SIGINT");
  }
  expect(await exited).toBe(0);
});

test("pnpm mock --log-level info logs a line for every faulted request", async () => {
  const port = await getFreePort();
  const child = spawn(
    process.execPath,
    [cli, "mock", "--port", String(port), "--log-level", "info"],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let printed = "";
  child.stdout.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  try {
    expect(await eventually(async () => !(await portIsFree(port)), START_BOUND_MS)).toBe(true);
    await post(
      `http://127.0.0.1:${port}/merchants/fees/calculate`,
      JSON.stringify({
        merchantAccountNumber: 12345678,
        feeType: "D",
        channelType: "MW",
        transactionAmount: 1000,
      }),
      { prefer: "fault=unavailable" },
    ).catch(() => undefined);
    expect(
      await eventually(
        () => /POST \/merchants\/fees\/calculate fault unavailable/.test(printed),
        30_000,
      ),
    ).toBe(true);
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
});

test("pnpm mock:proxy writes a relative --report into the folder the user ran pnpm in (INIT_CWD)", async () => {
  const upstream = await startLoopbackServer();
  const caller = mkdtempSync(join(tmpdir(), "proxy-caller-"));
  const elsewhere = mkdtempSync(join(tmpdir(), "proxy-cwd-"));
  const port = await getFreePort();
  const child = spawn(
    process.execPath,
    [cli, "proxy", upstream.baseUrl, "--port", String(port), "--report", "proxy-report.jsonl"],
    {
      cwd: elsewhere,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, INIT_CWD: caller },
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  try {
    expect(await eventually(() => out.includes("Proxy URL"), START_BOUND_MS)).toBe(true);
    expect(out).toContain(`Report: ${join(caller, "proxy-report.jsonl")}`);
  } finally {
    child.kill("SIGTERM");
    await exited;
    await upstream.close();
  }
  expect(existsSync(join(caller, "proxy-report.jsonl"))).toBe(true);
  expect(existsSync(join(elsewhere, "proxy-report.jsonl"))).toBe(false);
  rmSync(caller, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});
