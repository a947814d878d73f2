// runGroup stops the whole process tree a command starts: at its time limit, and whatever it leaves running when it
// ends (a left-behind child holding the output pipe included), so that no orphan outlives a test.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "vitest";
import { runGroup } from "../src/process-group.js";

/** Whether `pid` still runs (a zombie waiting to be reaped has stopped). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

/** Waits until `pid` stopped (SIGKILL is delivered at once; its reaping may lag on a busy machine). */
async function stopped(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && running(pid); i += 1) await sleep(100);
  return !running(pid);
}

test("a command that hangs is killed at its time limit, with the child it started", async () => {
  const result = await runGroup("sh", ["-c", "sleep 300 & echo $!; wait"], { timeoutMs: 1_000 });
  expect(result.timedOut).toBe(true);
  expect(result.code).toBe(null);
  const child = Number(result.stdout.trim());
  expect(child).toBeGreaterThan(0);
  expect(await stopped(child)).toBe(true);
});

test("a command that ends leaving a child behind (holding its output) resolves, and the child is killed", async () => {
  const result = await runGroup("sh", ["-c", "sleep 300 & echo $!; exit 3"], {
    timeoutMs: 60_000,
  });
  expect(result.timedOut).toBe(false);
  expect(result.code).toBe(3);
  expect(await stopped(Number(result.stdout.trim()))).toBe(true);
});

test("output arrives in order, and interrupt signals the whole group", async () => {
  const script = "trap 'echo interrupted; exit 0' INT; echo ready; sleep 300 & wait";
  const result = await runGroup("sh", ["-c", script], {
    timeoutMs: 60_000,
    onOutput: (text, interrupt) => {
      if (text.includes("ready")) interrupt("SIGINT");
    },
  });
  expect(result.timedOut).toBe(false);
  expect(result.output).toBe("ready\ninterrupted\n");
  expect(result.code).toBe(0);
});

test("a command that cannot start resolves with a null status and the reason", async () => {
  const result = await runGroup("/nonexistent/command", [], { timeoutMs: 60_000 });
  expect(result.code).toBe(null);
  expect(result.stderr).toMatch(/ENOENT/);
});
