// `pnpm start` (scripts/start.mjs) as a user runs it: MOCK_PORT, DOCS_PORT and HOST choose where the mock and the docs
// listen, both answer there, the summary is the last thing printed, Ctrl-C exits 0 with one line, and a taken port
// is one line naming it and the variable to set. `--no-build` skips the turbo step (the test pipeline built both).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { getFreePort, startLoopbackServer } from "@merchant-payments/test-support";
import { HANG_BOUND_MS } from "@merchant-payments/test-support/vitest-preset";
import { test } from "vitest";

const start = fileURLToPath(new URL("../../scripts/start.mjs", import.meta.url));

/** Bounds on a hang, within the test's own (HANG_BOUND_MS): a line not printed by then fails with the output. */
const PRINT_BOUND_MS = HANG_BOUND_MS * 0.75;
const KILL_BOUND_MS = HANG_BOUND_MS * 0.9;

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function runStart(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [start, "--no-build"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const timer = setTimeout(() => child.kill("SIGKILL"), KILL_BOUND_MS);
  void exited.then(() => clearTimeout(timer));
  return { child, out: () => out, err: () => err, exited };
}

/** Resolves once the run has printed `pattern` (checked on each chunk of its output); rejects if it exits first. */
function waitFor(run: Run, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (error?: Error) => {
      clearTimeout(timer);
      run.child.stdout?.off("data", check);
      run.child.off("exit", exited);
      if (error) reject(error);
      else resolve();
    };
    const notPrinted = () => new Error(`not printed: ${pattern}\n${run.out()}\n${run.err()}`);
    const check = () => {
      if (pattern.test(run.out())) stop();
    };
    const exited = () => stop(notPrinted());
    const timer = setTimeout(() => stop(notPrinted()), PRINT_BOUND_MS);
    run.child.stdout?.on("data", check);
    run.child.once("exit", exited);
    if (run.child.exitCode !== null) exited();
    else check();
  });
}

// The two runs are independent processes on their own ports: they run at once.
test.concurrent("pnpm start serves the mock on MOCK_PORT and the docs on DOCS_PORT, prints both last, and Ctrl-C exits 0", async ({
  expect,
}) => {
  const mockPort = await getFreePort();
  let docsPort = await getFreePort();
  while (docsPort === mockPort) docsPort = await getFreePort();
  const run = runStart({
    MOCK_PORT: String(mockPort),
    DOCS_PORT: String(docsPort),
    HOST: "127.0.0.1",
  });
  try {
    await waitFor(run, /Ctrl-C stops both/);
    const lines = run.out().trimEnd().split("\n");
    expect(lines.at(-1)).toMatch(/^Ctrl-C stops both/);
    expect(run.out()).toContain(`mock  http://127.0.0.1:${mockPort}`);
    expect(run.out()).toContain(`docs  http://127.0.0.1:${docsPort}/`);
    const docs = await fetch(`http://127.0.0.1:${docsPort}/`, {
      signal: AbortSignal.timeout(10_000),
    });
    expect(docs.status).toBe(200);
    const page = await docs.text();
    expect(page).toContain("<html");
    // The Try-it console of that page sends to this mock, not to the default port (it reads config.json).
    const config = await fetch(`http://127.0.0.1:${docsPort}/config.json`, {
      signal: AbortSignal.timeout(10_000),
    });
    expect(await config.json()).toEqual({ mockUrl: `http://127.0.0.1:${mockPort}` });
    const fees = await fetch(`http://127.0.0.1:${mockPort}/merchants/fees/calculate`, {
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "application/json" },
      body: JSON.stringify({
        merchantAccountNumber: 12345678,
        feeType: "D",
        channelType: "MW",
        transactionAmount: 1000,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(fees.status).toBe(200);
  } finally {
    run.child.kill("SIGINT");
  }
  expect(await run.exited).toBe(0);
  expect(run.out().trimEnd().split("\n").at(-1)).toBe("Stopped the mock and the docs.");
  expect(run.err()).toBe("");
});

test.concurrent("pnpm start with a taken port says so in one line, naming the port and the variable to set", async ({
  expect,
}) => {
  const taken = await startLoopbackServer();
  try {
    const port = Number(new URL(taken.baseUrl).port);
    const run = runStart({ MOCK_PORT: String(await getFreePort()), DOCS_PORT: String(port) });
    expect(await run.exited).toBe(1);
    expect(run.err().trimEnd().split("\n")).toEqual([
      `Port ${port} is already in use on 127.0.0.1 (the docs): set DOCS_PORT to a free port, e.g. DOCS_PORT=${port + 1}`,
    ]);
  } finally {
    await taken.close();
  }
});
