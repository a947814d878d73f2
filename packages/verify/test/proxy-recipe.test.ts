// The mock README's recipe "The proxy with verify", run as written there (the ports made free ones, a seed added to
// replay): the mock, the validation proxy in front of it, verify through the proxy. Both end green, and the proxy's
// report holds every exchange verify sent (its deliberately invalid requests counted as expected refusals).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getFreePort, testSeed } from "@merchant-payments/test-support";
import { afterAll, expect, test } from "vitest";

const require = createRequire(import.meta.url);
const mockFolder = dirname(require.resolve("@merchant-payments/mock/package.json"));
const mockBin = join(mockFolder, "bin/merchant-payments-mock.js");
const verifyBin = fileURLToPath(new URL("../bin/merchant-payments-verify.js", import.meta.url));

/** The three command lines of the README's `<!-- recipe: proxy-verify -->` block. */
function recipeLines(): string[] {
  const readme = readFileSync(join(mockFolder, "README.md"), "utf8");
  const block = /<!-- recipe: proxy-verify -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error("the mock README has no <!-- recipe: proxy-verify --> block");
  return block.trim().split("\n");
}

/** A recipe line as a process to start: `pnpm mock…`/`pnpm mock:proxy…` the mock's bin, `pnpm verify…` verify's. */
function commandOf(
  line: string,
  ports: Record<string, string>,
): { args: string[]; env: Record<string, string> } {
  const words = line
    .split(/\s+/)
    .map((word) => word.replace(/\b(4010|4011)\b/g, (p) => ports[p] ?? p));
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? "")) {
    const [name, value] = (words.shift() as string).split("=") as [string, string];
    env[name] = value;
  }
  const [pnpm, script, ...rest] = words;
  if (pnpm !== "pnpm") throw new Error(`a recipe line that is not a pnpm command: ${line}`);
  if (script === "mock") return { args: [mockBin, "mock", ...rest], env };
  if (script === "mock:proxy") return { args: [mockBin, "proxy", ...rest], env };
  if (script === "verify") return { args: [verifyBin, ...rest], env };
  throw new Error(`a recipe line this test cannot run: ${line}`);
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts a recipe line in `cwd`; `output()` is what it printed so far, `exited` its exit code. */
function start(line: string, ports: Record<string, string>, cwd: string) {
  const { args, env } = commandOf(line, ports);
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, INIT_CWD: cwd },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const until = async (text: string) => {
    while (!printed.includes(text)) {
      if (child.exitCode !== null) throw new Error(`${line} exited:\n${printed}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, exited, until, output: () => printed };
}

test("the README's proxy + verify recipe ends green on the mock, every exchange in the report", async () => {
  const lines = recipeLines();
  expect(lines).toHaveLength(3);
  const [mockLine, proxyLine, verifyLine] = lines as [string, string, string];
  const ports = { "4010": String(await getFreePort()), "4011": String(await getFreePort()) };
  const cwd = mkdtempSync(join(tmpdir(), "proxy-recipe-"));
  const mock = start(mockLine, ports, cwd);
  const proxy = start(proxyLine, ports, cwd);
  await Promise.all([mock.until("Base URL"), proxy.until("Proxy URL")]);
  const verify = start(`${verifyLine} --seed ${testSeed("proxy recipe")}`, ports, cwd);
  const verifyStatus = await verify.exited;
  proxy.child.kill("SIGINT");
  const proxyStatus = await proxy.exited;
  mock.child.kill("SIGINT");
  await mock.exited;

  expect(verify.output().trim().split("\n").at(-1), verify.output()).toBe("verify: OK");
  expect(verifyStatus).toBe(0);
  const printed = proxy.output();
  expect(printed, printed).not.toContain("✖");
  expect(printed.trim().split("\n").at(-1), printed).toBe("Proxy verdict: PASSED (--fail-on all)");
  expect(proxyStatus).toBe(0);

  const counts = /(\d+) requests, (\d+) passed, (\d+) failed, (\d+) skipped/.exec(verify.output());
  const sent = Number(counts?.[1]) - Number(counts?.[4]);
  const report = readFileSync(join(cwd, "proxy-report.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const exchanges = report.filter((event) => event.type === "exchange");
  const summary = report.at(-1);
  // Every request verify sent, and its first GET of the base URL (the probe).
  expect(exchanges).toHaveLength(sent + 1);
  expect(summary).toMatchObject({
    type: "summary",
    exchanges: sent + 1,
    failed: 0,
    verdict: "passed",
  });
  const marked = exchanges.filter((event) => event.deliberatelyInvalid !== undefined);
  expect(marked.length).toBeGreaterThan(0);
  expect(marked.every((event) => event.outcome === "expected-refusal")).toBe(true);
  expect(summary.expectedRefusals).toBe(marked.length);
  // The malformed-JSON requests reached the mock and were refused there.
  expect(
    exchanges.filter((e) => e.deliberatelyInvalid === "malformed-json" && e.upstreamStatus === 400),
  ).toHaveLength(exchanges.filter((e) => e.deliberatelyInvalid === "malformed-json").length);
}, 180_000);
