import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { getFreePort } from "../src/free-port.js";
import { portIsFree, post } from "./helpers.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

test("pnpm mock's CLI prints the base URL, serves the spec, and stops on SIGTERM", async () => {
  const port = await getFreePort();
  const child = spawn(process.execPath, [cli, "mock", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let out = "";
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no base URL printed:\n${out}`)), 20_000);
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Base URL: (\S+)/.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once("exit", (code) => reject(new Error(`CLI exited with ${code}:\n${out}`)));
    });
    expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
    // Prism's own lines name the address callers use, never Prism's internal port.
    expect(out).toContain(`Prism is listening on http://127.0.0.1:${port}`);
    expect(out.match(/http:\/\/127\.0\.0\.1:\d+/g)?.every((url) => url === baseUrl)).toBe(true);
    const answer = await post(
      `${baseUrl}/merchants/fees/calculate`,
      JSON.stringify({
        merchantAccountNumber: 12345678,
        feeType: "D",
        channelType: "MW",
        transactionAmount: 1000,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ netFeeAmount: 22.04 });
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
  expect(await portIsFree(port)).toBe(true);
});

test("the proxy command refuses to start without an upstream URL", async () => {
  const child = spawn(process.execPath, [cli, "proxy"], { stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain("proxy needs the upstream URL");
});
