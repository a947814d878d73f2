import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A running child server and how to stop it. */
export interface ChildServer {
  /** Base URL, e.g. http://127.0.0.1:PORT. */
  baseUrl: string;
  /** Stops the child and waits for it to exit. */
  close(): Promise<void>;
}

/** Path of a sibling script of the built harness (dist/NAME.js). */
export function siblingScript(name: string): string {
  return fileURLToPath(new URL(`./${name}.js`, import.meta.url));
}

/** Forks dist/json-server.js and resolves once it prints its port (timeout in ms, default 15000). */
export function startJsonServer(timeoutMs = 15_000): Promise<ChildServer> {
  const child = fork(siblingScript("json-server"), [], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  return waitForPort(child, /listening (\d+)/, timeoutMs);
}

/** Resolves with the base URL once the child's stdout matches `pattern` (first group = port). */
export function waitForPort(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number,
): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => {
      stopChild(child);
      reject(new Error(`child did not report a port within ${timeoutMs} ms: ${seen}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited with ${code} before listening: ${seen}`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        resolve({ baseUrl: `http://127.0.0.1:${match[1]}`, close: () => stopChild(child) });
      }
    });
  });
}

/** Sends SIGTERM to a child (SIGKILL after 5 s) and resolves when it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
