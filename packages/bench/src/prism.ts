import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { type ChildServer, waitForPort } from "./child.js";

const require = createRequire(import.meta.url);

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Path of Prism's CLI entry (from @stoplight/prism-cli's bin). */
export function prismBin(): string {
  const pkgPath = require.resolve("@stoplight/prism-cli/package.json");
  const bin = JSON.parse(readFileSync(pkgPath, "utf8")).bin;
  return join(dirname(pkgPath), typeof bin === "string" ? bin : bin.prism);
}

/** Starts bare Prism (`prism mock SPEC`, static examples) on a free port; timeout in ms (default 60000). */
export async function startPrism(specPath: string, timeoutMs = 60_000): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [prismBin(), "mock", specPath, "-p", String(port), "-h", "127.0.0.1"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr?.on("data", (chunk: Buffer) => child.stdout?.emit("data", chunk));
  const pattern = new RegExp(`Prism is listening on http://127\\.0\\.0\\.1:(${port})`);
  return waitForPort(child, pattern, timeoutMs);
}
