// Child processes: servers (node:child_process fork, for IPC) and memory samples (tinyexec).
import { fork } from "node:child_process";
import { once } from "node:events";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { x } from "tinyexec";

const script = fileURLToPath(new URL("./child.js", import.meta.url));

/** V8 flags of the memory child: a new space large enough that no GC runs during one batch call. */
export const MEMORY_FLAGS = [
  "--expose-gc",
  "--min-semi-space-size=128",
  "--max-semi-space-size=128",
];

/** What a server child reports on request: TCP connections accepted (trivial server only), RSS in bytes. */
export type ServerStats = { connections: number; rss: number };

/** A started server child: its base URL, its stats on request, and how to stop it. */
export type ServerChild = { baseUrl: string; stats(): Promise<ServerStats> };

/**
 * Runs `use` with a server in a child process of its own, `trivial` or `mock` (startMock), stopped
 * afterwards. Each reply of the child (its base URL, its stats) times out after 60 s.
 */
export async function withServer<T>(kind: string, use: (server: ServerChild) => Promise<T>) {
  const child = fork(script, [kind], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const reply = async () =>
    (await once(child, "message", { signal: AbortSignal.timeout(60_000) }))[0];
  try {
    const { baseUrl } = await reply();
    const stats = () => {
      child.send("stats");
      return reply() as Promise<ServerStats>;
    };
    return await use({ baseUrl, stats });
  } finally {
    child.kill("SIGTERM");
    await Promise.race([once(child, "exit"), delay(5000)]);
    child.kill("SIGKILL");
  }
}

/** Extra heap + external bytes of one maximal-batch call of `contender`, in a fresh child (2 min timeout). */
export async function memoryInChild(contender: string) {
  const args = [...MEMORY_FLAGS, script, "memory", contender];
  const { stdout } = await x(process.execPath, args, { timeout: 120_000, throwOnError: true });
  return JSON.parse(stdout) as { payloadBytes: number; extraBytes: number; gcs: number };
}
