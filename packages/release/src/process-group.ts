// A child process run in a process group of its own, so that the whole tree it starts (pnpm, turbo, the tasks
// turbo runs, npm's scripts) is stopped with it: on its time limit, when it ends (whatever it left running), and when
// this process exits (a test that timed out). Killing only the direct child leaves its children running as orphans,
// e.g. a `turbo run build` that then holds turbo's lock and blocks every later turbo run.
import { spawn } from "node:child_process";

/** What {@link runGroup} needs besides the command. */
export interface GroupOptions {
  /** The working folder. */
  readonly cwd?: string;
  /** The whole environment of the child (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** The bound on a hang, in milliseconds: then the whole group is killed (SIGKILL). */
  readonly timeoutMs: number;
  /** Called with each chunk the child prints (stdout and stderr, in order); may call `interrupt`. */
  readonly onOutput?: (text: string, interrupt: (signal: NodeJS.Signals) => void) => void;
}

/** The outcome of {@link runGroup}. */
export interface GroupResult {
  /** The exit status; null when a signal ended it. */
  readonly code: number | null;
  /** The signal that ended it, if one did. */
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr interleaved as they arrived. */
  readonly output: string;
  /** Whether the time limit killed it. */
  readonly timedOut: boolean;
  /** Its wall time, in milliseconds. */
  readonly ms: number;
}

/** The process groups started and not yet stopped. */
const running = new Set<number>();

/** Sends `signal` to every process of the group led by `pid` (ignored when none is left). */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is gone.
  }
}

/** Kills every group still running (SIGKILL): at this process's exit, and for callers that give up on them. */
function stopAllGroups(): void {
  for (const pid of running) signalGroup(pid, "SIGKILL");
  running.clear();
}

process.once("exit", stopAllGroups);

/**
 * Runs `command args…` in a process group of its own and resolves when it ends (never rejects: a spawn error is
 * exit status null and its message in stderr). On `timeoutMs`, and once it ended, every process left in its group is
 * killed.
 */
export function runGroup(
  command: string,
  args: string[],
  options: GroupOptions,
): Promise<GroupResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const pid = child.pid;
    if (pid !== undefined) running.add(pid);
    let [stdout, stderr, output, timedOut] = ["", "", "", false];
    const interrupt = (signal: NodeJS.Signals) => pid !== undefined && signalGroup(pid, signal);
    const take = (into: "stdout" | "stderr") => (chunk: Buffer) => {
      const text = chunk.toString();
      if (into === "stdout") stdout += text;
      else stderr += text;
      output += text;
      options.onOutput?.(text, interrupt);
    };
    child.stdout.on("data", take("stdout"));
    child.stderr.on("data", take("stderr"));
    const killer = setTimeout(() => {
      timedOut = true;
      interrupt("SIGKILL");
    }, options.timeoutMs);
    // Once the child exits, whatever it left in its group goes (it may hold the output pipes open).
    child.once("exit", () => interrupt("SIGKILL"));
    let finished = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(killer);
      if (pid !== undefined) {
        signalGroup(pid, "SIGKILL");
        running.delete(pid);
      }
      if (error) stderr += error.message;
      resolve({ code, signal, stdout, stderr, output, timedOut, ms: Date.now() - started });
    };
    child.once("error", (error) => finish(null, null, error));
    child.once("close", (code, signal) => finish(code, signal));
  });
}
