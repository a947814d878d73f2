// The GitHub Action of verify (action/action.yml): its step, action/run-verify.sh, run here as the runner runs it
// (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP as files and folders of a temp dir), with the workspace's
// built verify as VERIFY_COMMAND instead of the npm install, against the mock and against the deliberately wrong server.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadBundle, operations } from "@merchant-payments/spec";
import { getFreePort, type LoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { USAGE } from "../src/cli-options.js";
import { startFaultyServer } from "./faulty-server.js";
import { readJsonReport, readJunitReport } from "./reports.js";
import { useMock } from "./use-mock.js";

const script = fileURLToPath(new URL("../action/run-verify.sh", import.meta.url));
const bin = fileURLToPath(new URL("../bin/merchant-payments-verify.js", import.meta.url));
const TOKEN = "action-test-token-5f1d0c9e";
const dir = mkdtempSync(join(tmpdir(), "verify-action-"));

/** What one run of the action's script left behind. */
interface ActionRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** $GITHUB_OUTPUT parsed (name=value lines). */
  readonly outputs: Record<string, string>;
  readonly summary: string;
  /** Every file the run wrote: outputs, summary, reports, log. */
  readonly written: string;
}

/** Runs run-verify.sh in a fresh workspace folder, as the composite step runs it, with `env` added. */
async function runAction(name: string, env: Record<string, string>): Promise<ActionRun> {
  const workspace = join(dir, name);
  const runnerTemp = join(workspace, "runner-temp");
  mkdirSync(runnerTemp, { recursive: true });
  const outputFile = join(workspace, "github-output");
  const summaryFile = join(workspace, "step-summary");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  const child = spawn("bash", [script], {
    cwd: workspace,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? workspace,
      GITHUB_ACTIONS: "true",
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: runnerTemp,
      MERCHANT_PAYMENTS_TOKEN: TOKEN,
      VERIFY_COMMAND: `${process.execPath} ${bin}`,
      ...env,
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const outputs = Object.fromEntries(
    readFileSync(outputFile, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  const summary = readFileSync(summaryFile, "utf8");
  const reports = ["report-json", "junit"].map((key) =>
    outputs[key] ? readFileSync(join(workspace, outputs[key]), "utf8") : "",
  );
  const log = readFileSync(join(workspace, "reports", "verify.log"), "utf8");
  const written = [readFileSync(outputFile, "utf8"), summary, ...reports, log].join("\n");
  return { exitCode, stdout, stderr, outputs, summary, written };
}

/** The printed output without the runner's own mask command, the one line that must carry the token. */
function withoutMaskCommand(printed: string): string {
  return printed
    .split("\n")
    .filter((line) => line !== `::add-mask::${TOKEN}`)
    .join("\n");
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the verify action's script against the mock", () => {
  const mock = useMock();
  let run: ActionRun;

  beforeAll(async () => {
    run = await runAction("mock", {
      VERIFY_BASE_URL: mock.server.baseUrl,
      VERIFY_ALLOW_WRITES: "true",
      VERIFY_SEED: "11",
      // A grown spec may hold a write without a body example: sent once, generated.
      VERIFY_ARGS: "--runs 3 --timeout-ms 5000 --generated-writes",
      VERIFY_REPORT_DIR: "reports",
      // The API key and Basic credentials of operations whose security asks for them (a grown spec's), from the
      // job's environment.
      MERCHANT_PAYMENTS_API_KEY: "verify-test-api-key",
      MERCHANT_PAYMENTS_BASIC_CREDENTIALS: "verify-test:basic-password",
    });
  }, 120_000);

  test("exits 0 and writes the report paths, the exit code and the verdict to $GITHUB_OUTPUT", async () => {
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({
      "report-json": "reports/verify.json",
      junit: "reports/verify.xml",
      "exit-code": "0",
    });
    const report = readJsonReport(join(dir, "mock", run.outputs["report-json"] ?? ""));
    expect(report.ok).toBe(true);
    expect(report.seed).toBe(11);
    expect(report.summary.operationsSent).toBe(operations().length);
    await readJunitReport(join(dir, "mock", run.outputs.junit ?? ""), report);
    expect(run.outputs.verdict).toBe(
      `verify: OK: ${report.summary.cases} requests, ${report.summary.passed} passed, 0 failed, 0 skipped; seed 11`,
    );
  });

  test("prints the verdict last, writes it to the step summary, and raises no ::error:: annotation", () => {
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(run.outputs.verdict);
    expect(run.summary).toContain(run.outputs.verdict);
    expect(run.stdout).not.toContain("::error");
  });

  test("masks the token and has it in no output, report, summary or log", () => {
    expect(run.stdout).toContain(`::add-mask::${TOKEN}`);
    expect(withoutMaskCommand(run.stdout)).not.toContain(TOKEN);
    expect(run.stderr).not.toContain(TOKEN);
    expect(run.written).not.toContain(TOKEN);
  });
});

describe("the verify action's script against a deliberately wrong server", () => {
  let server: LoopbackServer;
  let run: ActionRun;

  beforeAll(async () => {
    server = await startFaultyServer(loadBundle(), operations(), {
      token: TOKEN,
      apiKey: "verify-test-api-key",
      basic: "verify-test:basic-password",
    });
    run = await runAction("faulty", {
      VERIFY_BASE_URL: server.baseUrl,
      VERIFY_ALLOW_WRITES: "true",
      VERIFY_SEED: "42",
      VERIFY_ARGS: "--runs 4 --timeout-ms 1500",
      VERIFY_REPORT_DIR: "reports",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  test("fails with verify's exit code 1 and the one-line verdict naming the defects", () => {
    expect(run.exitCode).toBe(1);
    expect(run.outputs["exit-code"]).toBe("1");
    const report = readJsonReport(join(dir, "faulty", run.outputs["report-json"] ?? ""));
    const { cases, passed, failed, skipped } = report.summary;
    expect(run.outputs.verdict).toMatch(
      new RegExp(
        `^verify: FAILED: ${cases} requests, ${passed} passed, ${failed} failed, ${skipped} skipped; defects: .*wrong-type \\(\\d+\\).*; seed 42$`,
      ),
    );
    for (const defect of Object.keys(report.summary.defects)) {
      expect(run.outputs.verdict).toContain(`${defect} (`);
    }
  });

  test("raises the verdict as an ::error:: annotation, prints it last and writes it to the step summary", () => {
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toContain(`::error title=merchant-payments-verify::${run.outputs.verdict}`);
    expect(lines.at(-1)).toBe(run.outputs.verdict);
    expect(run.summary).toContain(run.outputs.verdict);
    expect(run.outputs.junit).toBe("reports/verify.xml");
  });

  test("has the token in no output, report, summary or log", () => {
    expect(withoutMaskCommand(run.stdout)).not.toContain(TOKEN);
    expect(run.written).not.toContain(TOKEN);
  });
});

describe("the verify action's script on a command line verify refuses", () => {
  test("exits 2 with verify's usage message as the verdict and an annotation, and writes no report path", async () => {
    const run = await runAction("usage", {
      VERIFY_BASE_URL: "ftp://example.invalid",
      VERIFY_REPORT_DIR: "reports",
    });
    expect(run.exitCode).toBe(2);
    expect(run.outputs["exit-code"]).toBe("2");
    expect(run.outputs.verdict).toMatch(/^verify: USAGE: .*base-url/);
    expect(run.stdout).toContain(`::error title=merchant-payments-verify::${run.outputs.verdict}`);
    expect(run.outputs["report-json"]).toBeUndefined();
  }, 120_000);
});

describe("the verify action's script when nothing listens at the base URL", () => {
  test("exits 3 with the verdict UNREACHABLE and why, first", async () => {
    const run = await runAction("unreachable", {
      VERIFY_BASE_URL: `http://127.0.0.1:${await getFreePort()}`,
      VERIFY_REPORT_DIR: "reports",
    });
    expect(run.exitCode).toBe(3);
    expect(run.outputs["exit-code"]).toBe("3");
    // verify's first request finds nothing there: it stops before sending anything and writes no report.
    expect(run.outputs.verdict).toMatch(
      /^verify: UNREACHABLE: nothing answers at http:\/\/127\.0\.0\.1:\d+ \(connection refused\).*stopped before sending anything \(exit 3\)$/,
    );
    expect(run.stdout).toContain(`::error title=merchant-payments-verify::${run.outputs.verdict}`);
    expect(run.outputs["report-json"]).toBeUndefined();
  }, 120_000);
});

describe("the verify action's script without VERIFY_COMMAND", () => {
  test("installs @merchant-payments/verify at this package's version with npm into RUNNER_TEMP and runs its bin", async () => {
    // npm stands in for the registry install (no network in tests): a script first on PATH that records its
    // arguments and links the bin npm would install to this package's built bin.
    const fakeBin = join(dir, "fake-npm");
    mkdirSync(fakeBin, { recursive: true });
    const npmLog = join(dir, "npm-args");
    writeFileSync(
      join(fakeBin, "npm"),
      [
        "#!/usr/bin/env bash",
        `printf '%s\\n' "$@" > ${JSON.stringify(npmLog)}`,
        'prefix="$3"',
        'mkdir -p "$prefix/node_modules/.bin"',
        `printf '#!/usr/bin/env bash\\nexec %s %s "$@"\\n' ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} > "$prefix/node_modules/.bin/merchant-payments-verify"`,
        'chmod +x "$prefix/node_modules/.bin/merchant-payments-verify"',
      ].join("\n"),
      { mode: 0o755 },
    );
    const run = await runAction("installed", {
      PATH: `${fakeBin}:${process.env.PATH ?? ""}`,
      VERIFY_COMMAND: "",
      VERIFY_BASE_URL: "ftp://example.invalid",
      VERIFY_REPORT_DIR: "reports",
    });
    const { version } = JSON.parse(
      readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    );
    const args = readFileSync(npmLog, "utf8").trim().split("\n");
    expect(args[0]).toBe("install");
    expect(args[1]).toBe("--prefix");
    expect(args[2]).toBe(
      join(dir, "installed", "runner-temp", `merchant-payments-verify-${version}`),
    );
    expect(args.at(-1)).toBe(`@merchant-payments/verify@${version}`);
    expect(run.stdout).toContain(`npm install @merchant-payments/verify@${version}`);
    // The installed bin ran: verify's own refusal of the URL, exit 2.
    expect(run.exitCode).toBe(2);
    expect(run.outputs.verdict).toMatch(/^verify: USAGE: .*base-url/);
  }, 120_000);
});

describe("action.yml", () => {
  const action = parseYaml(readFileSync(new URL("../action/action.yml", import.meta.url), "utf8"));

  test("hands the token to the script through the environment only, and every input to the step", () => {
    const step = action.runs.steps.find((s: { id?: string }) => s.id === "verify");
    expect(step.run).toBe('bash "$GITHUB_ACTION_PATH/run-verify.sh"');
    expect(step.run).not.toContain("inputs.");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as written in the YAML
    expect(step.env.MERCHANT_PAYMENTS_TOKEN).toBe("${{ inputs.token }}");
    const passed = Object.values<string>(step.env).join(" ");
    for (const input of Object.keys(action.inputs).filter((name) => name !== "node-version")) {
      expect(passed).toContain(`inputs.${input} `);
    }
  });

  test("exposes the script's outputs", () => {
    for (const output of ["report-json", "junit", "verdict", "exit-code"]) {
      expect(action.outputs[output].value).toBe(`\${{ steps.verify.outputs.${output} }}`);
    }
  });
});

describe("the README's CI section", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

  /** The fenced block after `marker`, parsed as YAML. */
  function block(marker: string) {
    const after = readme.slice(readme.indexOf(marker));
    const start = after.indexOf("```yaml\n") + 8;
    return parseYaml(after.slice(start, after.indexOf("\n```", start)));
  }

  test("lists every input of action.yml", () => {
    const action = parseYaml(
      readFileSync(new URL("../action/action.yml", import.meta.url), "utf8"),
    );
    for (const input of Object.keys(action.inputs)) expect(readme).toContain(`| \`${input}\``);
  });

  test("the GitLab job runs this package's bin with options verify knows and keeps the JUnit report", () => {
    const job = block("<!-- gitlab-job -->")["merchant-payments-verify"];
    const command: string = job.script[0];
    expect(command).toMatch(
      /^npx --yes -p @merchant-payments\/verify@\d+ merchant-payments-verify /,
    );
    for (const option of command.match(/--[a-z-]+/g) ?? []) {
      if (option === "--yes") continue;
      expect(USAGE).toContain(option);
    }
    expect(job.artifacts.reports.junit).toBe("verify.xml");
    expect(command).toContain("--junit verify.xml");
    expect(command).not.toContain("--token");
  });
});
