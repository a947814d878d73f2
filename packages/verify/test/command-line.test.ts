import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { operations } from "@merchant-payments/spec";
import { getFreePort } from "@merchant-payments/test-support";
import { describe, expect, test } from "vitest";
import { parseCommandLine, UsageError } from "../src/cli-options.js";
import { typeMessage } from "../src/judge.js";
import { loadCommand } from "../src/load/command.js";
import { UNREACHABLE_STATUS, verifyCommand } from "../src/main.js";
import { isLoopbackUrl, PROBE_TIMEOUT_MS, unreachableLine } from "../src/probe.js";
import type { VerifyReport } from "../src/report-types.js";
import { formatFailures } from "../src/reports.js";
import { MAX_CONSECUTIVE_CONNECTION_FAILURES } from "../src/send-case.js";
import { writeReason } from "../src/side-effects.js";

describe("the command line", () => {
  test("takes every documented option", () => {
    const line = parseCommandLine(
      [
        "--base-url",
        "http://127.0.0.1:4010",
        "--token",
        "t",
        "--report-json",
        "r.json",
        "--junit",
        "/tmp/r.xml",
        "--seed",
        "12",
        "--timeout-ms",
        "2500",
        "--allow-writes",
      ],
      { INIT_CWD: "/home/me/project" },
    );
    expect(line).toEqual({
      help: false,
      options: {
        baseUrl: "http://127.0.0.1:4010",
        token: "t",
        seed: 12,
        timeoutMs: 2500,
        allowWrites: true,
      },
      reportJson: "/home/me/project/r.json",
      junit: "/tmp/r.xml",
    });
  });

  test.each([
    [[], /--base-url is required/],
    [
      ["--base-url", "http://x"],
      /a token is required: set MERCHANT_PAYMENTS_TOKEN or give --token-file/,
    ],
    [["--base-url", "not a url", "--token", "t"], /--base-url must not contain whitespace/],
    [["--base-url", "/v1", "--token", "t"], /--base-url must be an absolute URL/],
    [
      ["--base-url", "ftp://x", "--token", "t"],
      /--base-url must start with http:\/\/ or https:\/\//,
    ],
    [["--base-url", "http://x/v1?a=1", "--token", "t"], /--base-url must not hold a query/],
    [
      ["--base-url", "http://x", "--token", "t", "--timeout-ms", "0"],
      /--timeout-ms must be a whole number of at least 1/,
    ],
    [["--base-url", "http://x", "--token", "t", "--seed", "1.5"], /--seed must be a whole number/],
    [["--base-url", "http://x", "--token", "t", "--bogus"], /Unknown option '--bogus'/],
  ])("refuses %j with a UsageError", (args, message) => {
    expect(() => parseCommandLine(args, {})).toThrow(UsageError);
    expect(() => parseCommandLine(args, {})).toThrow(message);
  });

  test("reads the token from MERCHANT_PAYMENTS_TOKEN when --token is absent", () => {
    expect(
      parseCommandLine(["--base-url", "http://x"], { MERCHANT_PAYMENTS_TOKEN: "env" }).options
        .token,
    ).toBe("env");
  });

  test("reads the token from --token-file, so it never sits on a command line", () => {
    const dir = mkdtempSync(join(tmpdir(), "verify-token-"));
    const file = join(dir, "token");
    writeFileSync(file, "tok_from_file_123456\n");
    try {
      const options = parseCommandLine(
        ["--base-url", "http://x", "--token-file", file],
        {},
      ).options;
      expect(options.token).toBe("tok_from_file_123456");
      expect(() =>
        parseCommandLine(["--base-url", "http://x", "--token-file", join(dir, "none")], {}),
      ).toThrow(/--token-file: cannot read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("exits 2 with the usage for a command line it cannot run, 0 for --help", async () => {
    const lines: string[] = [];
    const output = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await verifyCommand(["--token", "t"], output)).toBe(2);
    expect(lines.join("\n")).toContain("Usage: merchant-payments-verify");
    expect(await verifyCommand(["--help"], output)).toBe(0);
  });

  test("exits 3 at once when nothing answers at the base URL: one line naming the URL and `pnpm mock`, nothing sent", async () => {
    const lines: string[] = [];
    const port = await getFreePort();
    const dir = mkdtempSync(join(tmpdir(), "verify-unreachable-"));
    const started = Date.now();
    const code = await verifyCommand(
      [
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--token",
        "t",
        "--report-json",
        join(dir, "report.json"),
      ],
      { out: (l) => lines.push(`out: ${l}`), err: (l) => lines.push(`err: ${l}`) },
    );
    // A bound on a hang only: the first request is refused at once, no check runs.
    expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS + 10_000);
    expect(code).toBe(UNREACHABLE_STATUS);
    expect(lines).toEqual([
      `err: merchant-payments-verify: nothing answers at http://127.0.0.1:${port} (connection refused): start the mock with \`MOCK_PORT=${port} pnpm mock\` (or give --base-url the server's URL); stopped before sending anything (exit 3)`,
    ]);
    expect(existsSync(join(dir, "report.json"))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  test("load --run stops the same way at once: exit 3, one line, no Artillery started", async () => {
    const lines: string[] = [];
    const port = await getFreePort();
    const dir = mkdtempSync(join(tmpdir(), "load-unreachable-"));
    const started = Date.now();
    const code = await loadCommand(
      ["--base-url", `http://localhost:${port}`, "--run", "--out", join(dir, "load.yml")],
      { out: (l) => lines.push(`out: ${l}`), err: (l) => lines.push(`err: ${l}`) },
      { MERCHANT_PAYMENTS_TOKEN: "t" },
    );
    expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS + 10_000);
    expect(code).toBe(UNREACHABLE_STATUS);
    expect(lines).toEqual([
      `err: merchant-payments-verify load: nothing answers at http://localhost:${port} (connection refused): start the mock with \`MOCK_PORT=${port} pnpm mock\` (or give --base-url the server's URL); stopped before sending anything (exit 3)`,
    ]);
    expect(existsSync(join(dir, "load.yml"))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  test("a remote URL where nothing answers gets the same exit status and no `pnpm mock` advice", () => {
    const line = unreachableLine(
      "merchant-payments-verify",
      "https://api.example.test",
      "ENOTFOUND",
    );
    expect(line).toBe(
      "merchant-payments-verify: nothing answers at https://api.example.test (ENOTFOUND): check --base-url and that the server is up; stopped before sending anything (exit 3)",
    );
    expect(isLoopbackUrl("http://localhost:4010")).toBe(true);
    expect(isLoopbackUrl("http://127.0.0.9:4010")).toBe(true);
    expect(isLoopbackUrl("http://[::1]:4010")).toBe(true);
    expect(isLoopbackUrl("http://10.0.0.1:4010")).toBe(false);
  });

  test("exits 3 when the server stops answering during the run: it stops after a few connection failures in a row, with one line", async () => {
    const lines: string[] = [];
    // Answers the first request (verify's probe), then closes: every later request is refused.
    const server = createServer((_req, res) => {
      res.end("up");
      server.close();
      server.closeAllConnections();
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const port = (server.address() as AddressInfo).port;
    const dir = mkdtempSync(join(tmpdir(), "verify-unreachable-"));
    const code = await verifyCommand(
      [
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--token",
        "t",
        "--runs",
        "3",
        "--timeout-ms",
        "2000",
        "--concurrency",
        "1",
        "--report-json",
        join(dir, "report.json"),
      ],
      { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    );
    expect(code).toBe(UNREACHABLE_STATUS);
    const printed = lines.join("\n");
    expect(printed.match(/could not be reached/g)).toHaveLength(2); // as it happens, and in the summary
    expect(lines.at(-1)).toBe("verify: UNREACHABLE");
    // The connection failures are one grouped line, not one line per request.
    expect(printed.match(/^FAIL .*connection-refused/gm)?.length ?? 0).toBeLessThanOrEqual(
      MAX_CONSECUTIVE_CONNECTION_FAILURES,
    );
    const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as VerifyReport;
    const cases = report.operations.flatMap((o) => o.cases);
    expect(report.unreachable).toMatch(/connection failures in a row/);
    expect(cases.filter((c) => c.outcome === "failed").length).toBeLessThan(
      MAX_CONSECUTIVE_CONNECTION_FAILURES + 4,
    );
    expect(
      cases.filter((c) => c.reason === "not sent: the server could not be reached").length,
    ).toBeGreaterThan(0);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("the console's failures (formatFailures)", () => {
  const op = (
    operationId: string,
    defects: Array<{ check: string; path: string; message: string }>[],
  ) => ({
    operationId,
    method: "POST",
    path: `/${operationId}`,
    documentedStatuses: ["200"],
    seenStatuses: [],
    cases: defects.map((list, i) => ({
      name: `case-${i}`,
      kind: "generated-valid" as const,
      outcome: "failed" as const,
      defects: list as VerifyReport["operations"][number]["cases"][number]["defects"],
    })),
  });
  const reportOf = (operations: ReturnType<typeof op>[]) =>
    ({ operations }) as unknown as VerifyReport;

  test("groups identical failures into one line with their count, naming the place", () => {
    const same = { check: "wrong-type", path: "", message: "must be an array" };
    const lines = formatFailures(
      reportOf([
        op("listThings", [
          ...Array.from({ length: 33 }, () => [same]),
          [{ check: "missing-field", path: "/id", message: "must have required property 'id'" }],
        ]),
      ]),
    );
    expect(lines).toEqual([
      "FAIL listThings × 33: wrong-type at (body): must be an array (first: case-0)",
      "FAIL listThings case-33: missing-field at /id: must have required property 'id'",
    ]);
  });

  test("caps the lines, every operation's every defect first, and says the reports keep the rest", () => {
    const many = Array.from({ length: 40 }, (_, i) => [
      { check: "schema-violation", path: `/items/${i}`, message: "must be >= 0" },
    ]);
    const lines = formatFailures(
      reportOf([
        op("a", many),
        op("b", [[{ check: "server-error", path: "", message: "answered 500" }]]),
      ]),
      10,
    );
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe("FAIL b case-0: server-error: answered 500");
    expect(lines[10]).toBe(
      "… 31 more kinds of failure: every failure is in the JSON and JUnit reports",
    );
  });

  test("says an integer, an array and a string with their articles", () => {
    expect(typeMessage("must be integer")).toBe("must be an integer");
    expect(typeMessage("must be array")).toBe("must be an array");
    expect(typeMessage("must be integer,string")).toBe("must be an integer or a string");
    expect(typeMessage("must be >= 10000000")).toBe("must be >= 10000000");
  });
});

describe("which operations are writes (from the spec's x-side-effect and x-safe-to-retry)", () => {
  test("an operation that moves money or deletes, or is not safe to retry, is a write; the others are not", () => {
    for (const op of operations()) {
      const effect = op.extensions["x-side-effect"];
      expect(writeReason(op) !== undefined).toBe(effect !== "none" || op.safeToRetry !== true);
    }
  });
});

describe("the bin merchant-payments-verify (built)", () => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const bin = fileURLToPath(
    new URL(`../${manifest.bin["merchant-payments-verify"]}`, import.meta.url),
  );

  test("prints the usage for --help and exits 0; exits 2 without --base-url", () => {
    const help = spawnSync(process.execPath, [bin, "--help"], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: merchant-payments-verify --base-url <url> [options]");
    expect(help.stdout).toContain("--token-file <file>");
    const bare = spawnSync(process.execPath, [bin, "--token", "t"], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain("--base-url is required");
  });
});
