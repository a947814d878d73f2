import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { operations } from "@merchant-payments/spec";
import { closedPort } from "@merchant-payments/test-support";
import { describe, expect, test } from "vitest";
import { parseCommandLine, UsageError } from "../src/cli-options.js";
import { verifyCommand } from "../src/main.js";
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
    [["--base-url", "not a url", "--token", "t"], /absolute http\(s\) URL/],
    [["--base-url", "ftp://x", "--token", "t"], /http or https/],
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

  test("exits 1 when the server cannot be reached (connection refused is a failure, not a warning)", async () => {
    const lines: string[] = [];
    const port = await closedPort();
    const code = await verifyCommand(
      [
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--token",
        "t",
        "--runs",
        "1",
        "--timeout-ms",
        "2000",
      ],
      { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    );
    expect(code).toBe(1);
    expect(lines.join("\n")).toMatch(/: connection-refused: /);
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
