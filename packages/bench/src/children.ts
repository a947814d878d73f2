import { execFile, fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const script = fileURLToPath(new URL("./child.js", import.meta.url));

/** V8 flags of the memory child: a new space large enough that no GC runs during one batch call. */
export const MEMORY_FLAGS = [
  "--expose-gc",
  "--min-semi-space-size=128",
  "--max-semi-space-size=128",
];

/** What a server child reports on request: TCP connections accepted (trivial server only), RSS in bytes. */
export type ServerStats = { connections: number; rss: number };

/** A server in a child process of its own: `trivial` or `mock` (startMock). */
export type ServerChild = {
  baseUrl: string;
  stats(): Promise<ServerStats>;
  close(): Promise<void>;
};

/** Starts a server child and resolves once it listens; rejects if it exits or takes over 60 s. */
export async function startServerChild(kind: "trivial" | "mock"): Promise<ServerChild> {
  const child = fork(script, [kind], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr = `${stderr}${chunk}`.slice(-1000)));
  const exit = once(child, "exit").then(([code]) =>
    Promise.reject(new Error(`exit ${code}: ${stderr}`)),
  );
  exit.catch(() => {});
  const reply = async () =>
    (await once(child, "message", { signal: AbortSignal.timeout(60_000) }))[0];
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([exit.catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
    child.kill("SIGKILL");
  };
  const started = await Promise.race([reply(), exit]).catch(async (error) => {
    await close();
    throw error;
  });
  const stats = () => {
    child.send("stats");
    return reply() as Promise<ServerStats>;
  };
  return { baseUrl: (started as { baseUrl: string }).baseUrl, stats, close };
}

/** Extra heap + external bytes of one maximal-batch call of `contender`, in a fresh child process. */
export async function memoryInChild(contender: string) {
  const args = [...MEMORY_FLAGS, script, "memory", contender];
  const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 120_000 });
  return JSON.parse(stdout) as { payloadBytes: number; extraBytes: number; gcs: number };
}
