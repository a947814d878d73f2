import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { loadBundle, operations } from "@merchant-payments/spec";
import {
  getFreePort,
  type LoopbackServer,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundledSpecPath, startValidationProxy, type ValidationProxy } from "../src/index.js";
import { post } from "./helpers.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const USER_PATH = "/security/merchantUsers/get";
const userRequest = JSON.stringify({ merchantAccountNumber: 12345678, userId: "1024" });
const userOperation = operations(loadBundle(bundledSpecPath())).find((op) => op.path === USER_PATH);
/** The spec's own 200 example: an answer that conforms. */
const conformingUser = userOperation?.responses.find((r) => r.status === "200")?.content[0]
  ?.examples[0]?.value;

describe("the validation proxy's failures", () => {
  let upstream: LoopbackServer;
  let proxy: ValidationProxy;
  const reportFile = join(mkdtempSync(join(tmpdir(), "proxy-report-")), "report.jsonl");
  beforeAll(async () => {
    upstream = await startLoopbackServer();
    proxy = await startValidationProxy({
      upstream: upstream.baseUrl,
      upstreamTimeoutMs: 500,
      report: reportFile,
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  test("reports an undocumented status (418) as a failure and answers a 502 problem", async () => {
    upstream.handle((_request, response) => sendJson(response, 418, { message: "I'm a teapot" }));
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, userRequest);
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(answer.text).toContain("418");
    const event = proxy.report().events.at(-1);
    expect(event).toMatchObject({
      outcome: "undocumented-status",
      upstreamStatus: 418,
      status: 502,
    });
  });

  test("reports a request without the credentials the spec requires (401), and does not forward it", async () => {
    let forwarded = 0;
    upstream.handle((_request, response) => {
      forwarded++;
      sendJson(response, 200, conformingUser);
    });
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, userRequest, { authorization: "" });
    expect(answer.status).toBe(401);
    expect(forwarded).toBe(0);
    expect(proxy.report().events.at(-1)).toMatchObject({
      outcome: "request-violation",
      status: 401,
      issues: [expect.objectContaining({ check: "request credentials" })],
    });
  });

  test("reports a reset connection as a transport failure with a 502 problem", async () => {
    upstream.handle((request, response) => {
      void request;
      response.socket?.destroy();
    });
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, userRequest);
    expect(answer.status).toBe(502);
    expect(proxy.report().events.at(-1)).toMatchObject({
      outcome: "transport-failure",
      status: 502,
    });
  });

  test("reports truncated JSON as a transport failure", async () => {
    upstream.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": 200 });
      response.write('{"userId":"1024","firstName":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, userRequest);
    expect(answer.status).toBe(502);
    expect(proxy.report().events.at(-1)).toMatchObject({ outcome: "transport-failure" });
  });

  test("answers an upstream slower than the upstream timeout with a 504 problem and reports it", async () => {
    upstream.handle(() => {
      // never answers
    });
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, userRequest);
    expect(answer.status).toBe(504);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(proxy.report().events.at(-1)).toMatchObject({ outcome: "timeout", status: 504 });
  });

  test("passes a conforming answer through and counts it as passed", async () => {
    upstream.handle((_request, response) => sendJson(response, 200, conformingUser));
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, userRequest, {
      accept: "application/json",
    });
    const event = proxy.report().events.at(-1);
    expect(event?.issues).toEqual([]);
    expect(answer.status).toBe(200);
    expect(event).toMatchObject({ outcome: "ok" });
  });

  test("asks the upstream for an uncompressed answer, and checks a compressed one after decoding it", async () => {
    upstream.handle((_request, response) => {
      const body = gzipSync(JSON.stringify(conformingUser));
      response.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": body.length,
      });
      response.end(body);
    });
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, userRequest, {
      accept: "application/json",
    });
    expect(upstream.received.at(-1)?.headers["accept-encoding"]).toBe("identity");
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual(conformingUser);
    expect(proxy.report().events.at(-1)).toMatchObject({ outcome: "ok" });
  });

  test("writes every exchange and a summary count to the report file at close", async () => {
    const { summary } = proxy.report();
    expect(summary).toMatchObject({
      undocumentedStatuses: 1,
      transportFailures: 2,
      timeouts: 1,
      requestViolations: 1,
      passed: 2,
    });
    await proxy.close();
    const lines = readFileSync(reportFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.filter((l) => l.type === "exchange")).toHaveLength(summary.exchanges);
    expect(lines.at(-1)).toMatchObject({ type: "summary", failed: 5, passed: 2, exchanges: 7 });
  });
});

/** Runs the proxy CLI, sends `bodies` through it, then stops it (unless it stopped itself); its exit code and output. */
async function runProxyCli(
  upstream: string,
  flags: string[],
  bodies: string[],
): Promise<{ code: number | null; out: string }> {
  const port = await getFreePort();
  const child = spawn(
    process.execPath,
    [cli, "proxy", upstream, "--port", String(port), ...flags],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the proxy did not start:\n${out}`)), 45_000);
      child.stdout.on("data", () => {
        if (out.includes("Proxy URL")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    for (const body of bodies) {
      await post(`http://127.0.0.1:${port}${USER_PATH}`, body).catch(() => undefined);
    }
    // Each exchange is recorded (and printed, and --fail-fast begun) before its answer is sent, so the answers
    // are the event to await; a proxy that stops itself ignores the SIGTERM (a stop while stopping is no-op).
    if (child.exitCode === null) child.kill("SIGTERM");
    return { code: await exited, out };
  } finally {
    clearTimeout(killer);
  }
}

describe("the proxy CLI's exit code", () => {
  let upstream: LoopbackServer;
  beforeAll(async () => {
    upstream = await startLoopbackServer((request, response) => {
      // userId 4096: an upstream that never answers.
      if (request.body.includes('"userId":"4096"')) return;
      if (request.body.includes('"userId":"1024"')) sendJson(response, 200, conformingUser);
      else sendJson(response, 200, { userId: 1024 });
    });
  });
  afterAll(async () => {
    await upstream?.close();
  });

  test("is 0 at stop when every exchange conformed, and the banner speaks of the proxy", async () => {
    const { code, out } = await runProxyCli(upstream.baseUrl, [], [userRequest]);
    expect(code).toBe(0);
    expect(out).toContain("Validation proxy");
    expect(out).toContain("stopping the validation proxy");
    expect(out).not.toMatch(/\bmock\b/i);
    expect(out).toContain("1 passed, 0 failed");
  }, 60_000);

  /** One run without flags that sees one violation between two conforming exchanges, read by two tests. */
  let oneViolation: ReturnType<typeof runProxyCli> | undefined;
  const runWithOneViolation = () => {
    const bad = JSON.stringify({ merchantAccountNumber: 12345678, userId: "2048" });
    oneViolation ??= runProxyCli(upstream.baseUrl, [], [userRequest, bad, userRequest]);
    return oneViolation;
  };

  test("is 1 at stop when it saw a violation", async () => {
    const { code, out } = await runWithOneViolation();
    expect(code).toBe(1);
    expect(out).toContain("2 passed, 1 failed");
  }, 60_000);

  test("with --upstream-timeout-ms, answers a silent upstream with 504, reports the timeout and exits 1", async () => {
    const silent = JSON.stringify({ merchantAccountNumber: 12345678, userId: "4096" });
    const report = join(mkdtempSync(join(tmpdir(), "proxy-cli-report-")), "report.jsonl");
    const { code } = await runProxyCli(
      upstream.baseUrl,
      ["--upstream-timeout-ms", "300", "--report", report],
      [silent],
    );
    expect(code).toBe(1);
    const events = readFileSync(report, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events).toContainEqual(expect.objectContaining({ outcome: "timeout", status: 504 }));
    expect(events.at(-1)).toMatchObject({ type: "summary", timeouts: 1 });
  }, 60_000);

  test("prints each violation once: one spec-violation block, no second logger line", async () => {
    const { code, out } = await runWithOneViolation();
    expect(code).toBe(1);
    expect(out.match(/✖ /g)).toHaveLength(1);
    expect(out).toContain("✖ answer violation (the server's) in POST /security/merchantUsers/get");
    // One line per issue: its check, its pointer, its message.
    expect(out).toMatch(/^ {4}response schema \/userId must be string$/m);
    expect(out).not.toContain("proxy: response-violation");
  }, 60_000);

  test("with --fail-fast, stops with 1 at the first violation", async () => {
    const bad = JSON.stringify({ merchantAccountNumber: 12345678, userId: "2048" });
    const { code, out } = await runProxyCli(upstream.baseUrl, ["--fail-fast"], [bad]);
    expect(code).toBe(1);
    expect(out).toContain("--fail-fast: response-violation");
  }, 60_000);

  test("prints the caller's and the server's mistakes apart; --fail-on responses exits 0 on the caller's alone", async () => {
    const invalid = JSON.stringify({ merchantAccountNumber: 1, userId: "1024" });
    const all = await runProxyCli(upstream.baseUrl, [], [invalid, userRequest]);
    expect(all.code).toBe(1);
    expect(all.out).toContain(
      "✖ request violation (the caller's) in POST /security/merchantUsers/get",
    );
    expect(all.out).toContain("  request violations (the caller's): 1");
    expect(all.out).toMatch(/^ {2}answer violations \(the server's\): 0 /m);
    expect(all.out.trim().split("\n").at(-1)).toBe("Proxy verdict: FAILED (--fail-on all)");
    const responses = await runProxyCli(
      upstream.baseUrl,
      ["--fail-on", "responses"],
      [invalid, userRequest],
    );
    expect(responses.code).toBe(0);
    expect(responses.out.trim().split("\n").at(-1)).toBe(
      "Proxy verdict: PASSED (--fail-on responses)",
    );
    const bad = JSON.stringify({ merchantAccountNumber: 12345678, userId: "2048" });
    const server = await runProxyCli(upstream.baseUrl, ["--fail-on", "responses"], [bad]);
    expect(server.code).toBe(1);
  }, 120_000);
});
