// A refusal sent before the body is read reaches the client: an 80 MB body, declared (413 before a byte is read)
// or chunked (413 once past the limit), sent by fetch and by curl while two CPU hogs load the machine, gets the 413
// problem, never a reset or EPIPE (the mock reads and drops the rest of the body: a lingering close). The mock runs
// in a process of its own (the built package), so that the test's own 80 MB buffers do not stall it, with head and
// body timeouts long enough for a machine the hogs (and whatever else runs) load: the bounds tested are the linger's.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { getFreePort } from "@merchant-payments/test-support";
import { afterAll, beforeAll, expect, test } from "vitest";
import { defaultMaxBodyBytes } from "../src/limits.js";
import { loadSpec } from "../src/spec-source.js";

const run = promisify(execFile);
/** The size of the body sent: above the default body limit (about 52 MB today). */
const BODY_BYTES = 80 * 1024 * 1024;
const PATH = "/collections/getTransaction";

const built = fileURLToPath(new URL("../dist/index.js", import.meta.url));
/** Starts the built mock on `port` with long head and body timeouts, and prints its base URL. */
const START = (port: number) =>
  `const { startMock } = await import(${JSON.stringify(built)});
   const mock = await startMock({ port: ${port}, limits: { headersTimeoutMs: 120000, bodyTimeoutMs: 120000 } });
   console.log("Base URL: " + mock.baseUrl);
   process.once("SIGTERM", () => mock.close().then(() => process.exit(0)));`;
let mock: ChildProcess;
let baseUrl: string;
let folder: string;
let bodyFile: string;
const hogs: ChildProcess[] = [];

beforeAll(async () => {
  const port = await getFreePort();
  mock = spawn(process.execPath, ["--input-type=module", "-e", START(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no base URL printed:\n${out}`)), 60_000);
    mock.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Base URL: (\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    mock.once("exit", (code) => reject(new Error(`the mock exited with ${code}:\n${out}`)));
  });
  for (let i = 0; i < 2; i++)
    hogs.push(spawn(process.execPath, ["-e", "for(;;);"], { stdio: "ignore" }));
  folder = mkdtempSync(join(tmpdir(), "mock-413-"));
  bodyFile = join(folder, "body.json");
  writeFileSync(bodyFile, Buffer.alloc(BODY_BYTES, 0x20));
}, 120_000);
afterAll(async () => {
  for (const hog of hogs) hog.kill("SIGKILL");
  mock?.kill("SIGTERM");
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const headers = { authorization: "Bearer t", "content-type": "application/json" };

test("the default body limit is below the body sent", () => {
  expect(defaultMaxBodyBytes(loadSpec())).toBeLessThan(BODY_BYTES);
});

test("fetch sending a declared 80 MB body gets the 413 problem", async () => {
  const response = await fetch(`${baseUrl}${PATH}`, {
    method: "POST",
    headers,
    body: Buffer.alloc(BODY_BYTES, 0x20),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.clone().text();
  expect(response.status, text).toBe(413);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect((await response.json()).status).toBe(413);
}, 150_000);

test("fetch streaming an 80 MB chunked body gets the 413 problem once past the limit", async () => {
  const chunk = new Uint8Array(1024 * 1024).fill(0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= BODY_BYTES) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(`${baseUrl}${PATH}`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
    signal: AbortSignal.timeout(120_000),
  } as RequestInit);
  expect(response.status).toBe(413);
  expect((await response.json()).detail).toMatch(/larger than/);
}, 150_000);

test("curl sending an 80 MB file gets the 413 problem", async () => {
  const { stdout } = await run(
    "curl",
    [
      "-sS",
      "--max-time",
      "120",
      "-o",
      join(folder, "answer.json"),
      "-w",
      "%{http_code}",
      "-H",
      "Authorization: Bearer t",
      "-H",
      "Content-Type: application/json",
      "--data-binary",
      `@${bodyFile}`,
      `${baseUrl}${PATH}`,
    ],
    { timeout: 150_000 },
  );
  expect(stdout).toBe("413");
}, 160_000);
