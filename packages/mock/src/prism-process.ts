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
  /** Process id of Prism's supervisor (also the id of the process group Prism runs in). */
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

/**
 * A tiny supervisor run as `node -e`: it runs Prism, and ends it when this process dies without
 * calling close() (e.g. a test runner killed by SIGKILL), by checking every 500 ms that we are alive.
 */
const WATCHDOG = `
const { spawn } = require("node:child_process");
const [parent, ...args] = process.argv.slice(1);
const child = spawn(process.execPath, args, { stdio: "inherit" });
const stop = () => {
  try { child.kill("SIGTERM"); } catch {}
  setTimeout(() => { try { child.kill("SIGKILL"); } catch {} process.exit(1); }, 2000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
setInterval(() => { try { process.kill(Number(parent), 0); } catch { stop(); } }, 500).unref();
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;

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
  const child = spawn(
    process.execPath,
    ["-e", WATCHDOG, String(process.pid), prismEntryPath(), ...options.args],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    },
  );
  live.add(child);
  const recent: string[] = [];
  let stdout = "";
  let stderr = "";
  let ready = false;

  // "exit", not "close": Prism (the supervisor's child) may still hold the output pipes open.
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      live.delete(child);
      resolve(code);
    });
  });
  // All output has been read once the pipes close (or shortly after the exit, if Prism holds them).
  const outputDone = exited.then(
    () =>
      new Promise<void>((resolve) => {
        child.once("close", () => resolve());
        setTimeout(resolve, 1000).unref();
      }),
  );

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
      if (child.exitCode !== null || child.signalCode !== null) {
        // The supervisor is gone; make sure nothing of its group (Prism) outlives it.
        killGroup(child, "SIGKILL");
        return;
      }
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
    void Promise.all([exited, outputDone]).then(([code]) => {
      if (ready) return;
      clearTimeout(timer);
      const message = prismFailureMessage(stdout, stderr) || `Prism exited with code ${code}`;
      reject(new PrismStartError(message, stdout + stderr));
    });
  });
}
