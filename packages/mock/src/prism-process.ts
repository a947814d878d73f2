import { type ChildProcess, spawn } from "node:child_process";
import { prismEntryPath } from "./paths.js";
import { isReadyLine, prismFailureMessage, stripAnsi } from "./prism-output.js";

/** How to run one Prism process. */
export interface PrismProcessOptions {
  /** Prism arguments after the entry point, e.g. `["mock", spec, "-p", "4010"]`. */
  args: string[];
  /** Called with every line Prism prints (stdout and stderr), ANSI colours removed. Default: none. */
  onLine?: (line: string) => void;
  /** Milliseconds to wait for "Prism is listening"; default 30000. */
  readyTimeoutMs?: number;
}

/** A running Prism process. */
export interface PrismProcess {
  /** Process id of Prism (also the id of its process group). */
  pid: number;
  /** The last lines Prism printed (at most 500). */
  recentOutput(): string[];
  /** Resolves when Prism has exited, with its exit code (null if killed by a signal). */
  exited: Promise<number | null>;
  /** Ends Prism's whole process group: SIGTERM, then SIGKILL after `graceMs` (default 3000 ms). */
  stop(graceMs?: number): Promise<void>;
}

/** Thrown when Prism does not start; the message is Prism's own. */
export class PrismStartError extends Error {
  /** Everything Prism printed before it failed. */
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.name = "PrismStartError";
    this.output = output;
  }
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of live) killGroup(child, "SIGKILL");
  });
}

/** Spawns Prism in its own process group and resolves once it listens; rejects with Prism's own message. */
export function startPrismProcess(options: PrismProcessOptions): Promise<PrismProcess> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  installExitHook();
  const child = spawn(process.execPath, [prismEntryPath(), ...options.args], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  live.add(child);
  const recent: string[] = [];
  let stdout = "";
  let stderr = "";
  let ready = false;

  const exited = new Promise<number | null>((resolve) => {
    child.once("close", (code) => {
      live.delete(child);
      resolve(code);
    });
  });

  const record = (line: string) => {
    recent.push(line);
    if (recent.length > 500) recent.shift();
    options.onLine?.(line);
  };

  const lineReader = (onLine: (line: string) => void) => {
    let pending = "";
    return (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? "";
      for (const line of lines) onLine(stripAnsi(line));
    };
  };

  return new Promise<PrismProcess>((resolve, reject) => {
    const stop = async (graceMs = 3000): Promise<void> => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      // Prism runs as one process, but make sure nothing it forked outlives it.
      killGroup(child, "SIGKILL");
    };

    const timer = setTimeout(() => {
      if (ready) return;
      void stop(500);
      reject(
        new PrismStartError(
          `Prism did not start within ${readyTimeoutMs} ms: ${prismFailureMessage(stdout, stderr) || recent.slice(-5).join("\n")}`,
          stdout + stderr,
        ),
      );
    }, readyTimeoutMs);

    child.stdout?.on(
      "data",
      lineReader((line) => {
        if (!ready) stdout += `${line}\n`;
        record(line);
        if (!ready && isReadyLine(line)) {
          ready = true;
          clearTimeout(timer);
          resolve({
            pid: child.pid ?? -1,
            recentOutput: () => [...recent],
            exited,
            stop,
          });
        }
      }),
    );
    child.stderr?.on(
      "data",
      lineReader((line) => {
        if (!ready) stderr += `${line}\n`;
        record(line);
      }),
    );
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new PrismStartError(`Prism could not be spawned: ${error.message}`, ""));
    });
    void exited.then((code) => {
      if (ready) return;
      clearTimeout(timer);
      const message = prismFailureMessage(stdout, stderr) || `Prism exited with code ${code}`;
      reject(new PrismStartError(message, stdout + stderr));
    });
  });
}
