// The generated Artillery script and processor, without running a load: the scenarios come from the spec
// model, the command line is checked, and the files pass Artillery's own validation and bundle cleanly for
// run-fargate / run-lambda (Artillery's createBOM: only files beside the script, no npm module to install).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operations } from "@merchant-payments/spec";
import type { OperationSpec } from "@merchant-payments/spec/model";
import { credentialKind } from "@merchant-payments/spec/wire";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { parseLoadCommandLine, UsageError } from "../src/load/options.js";
import { writeReason } from "../src/side-effects.js";
import { BASIC_TEMPLATE } from "../src/variables.js";
import { load, TEST_TOKEN } from "./load-run.js";

const dir = mkdtempSync(join(tmpdir(), "verify-load-script-"));
const require = createRequire(import.meta.url);
const reads = operations().filter((op) => writeReason(op) === undefined);
const writes = operations().filter((op) => writeReason(op) !== undefined);

/** The URLs a scenario of `op` may call: its path, each `{parameter}` filled, a query string after it. */
const urlOf = (op: OperationSpec) =>
  new RegExp(
    `^${op.path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join("[^/?]+")}(\\?.*)?$`,
  );
/** True when the operation's first security alternative takes a Bearer token. */
const takesBearer = (op: OperationSpec) =>
  (op.security[0] ?? []).some((scheme) => credentialKind(scheme) === "bearer");

interface Scenario {
  name: string;
  weight: number;
  flow: Record<string, { url: string; name: string; headers: Record<string, string> }>[];
}
const scenariosOf = (file: string): Scenario[] =>
  (parse(readFileSync(file, "utf8")) as { scenarios: Scenario[] }).scenarios;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("load: the command line", () => {
  test("refuses what it cannot run, with the option to change", () => {
    const refused = (args: string[], env: Record<string, string> = {}) => {
      try {
        parseLoadCommandLine(args, env);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${args.join(" ")}`);
    };
    expect(refused(["--out", "x.yml"])).toMatch(/--base-url is required/);
    expect(refused(["--base-url", "ftp://h", "--out", "x.yml"])).toMatch(
      /--base-url must start with http:\/\/ or https:\/\//,
    );
    expect(refused(["--base-url", "http://h"])).toMatch(/--out <script.yml>, --run/);
    expect(refused(["--base-url", "http://h", "--run"])).toMatch(/MERCHANT_PAYMENTS_TOKEN/);
    expect(refused(["--base-url", "http://h", "--out", "x", "--duration", "0"])).toMatch(
      /--duration/,
    );
    expect(refused(["--base-url", "http://h", "--out", "x", "--arrival-rate", "2.5"])).toMatch(
      /--arrival-rate must be a whole number/,
    );
    expect(refused(["--base-url", "http://h", "--out", "x", "--max-error-rate", "5"])).toMatch(
      /between 0 and 1/,
    );
    expect(refused(["--base-url", "http://h", "--out", "x", "--mix", "a=1,b"])).toMatch(/--mix/);
    expect(refused(["--base-url", "http://h", "--out", "x", "--report-json", "r.json"])).toMatch(
      /needs --run/,
    );
    expect(refused(["--base-url", "http://h", "--out", "x", "--token", "t"])).toMatch(/token/);
    expect(refused(["--check-report", "r.json", "--run"])).toMatch(
      /--check-report reads a report: drop --run/,
    );
  });

  test("exits 2 for an operation the spec does not have and for a write in --mix without --allow-writes", async () => {
    const unknown = await load(
      "--base-url",
      "http://127.0.0.1:9",
      "--out",
      join(dir, "u.yml"),
      "--mix",
      "refundEverything=1",
    );
    expect(unknown.exitCode).toBe(2);
    expect(unknown.errors).toMatch(/refundEverything.*not an operation of the spec/);
    const write = writes[0];
    if (!write) throw new Error("the spec has no write operation");
    const refused = await load(
      "--base-url",
      "http://127.0.0.1:9",
      "--out",
      join(dir, "w.yml"),
      "--mix",
      `${write.operationId}=1`,
    );
    expect(refused.exitCode).toBe(2);
    expect(refused.errors).toMatch(
      new RegExp(`${write.operationId}, which writes .*--allow-writes`),
    );
  });
});

describe("load: the generated script", () => {
  const script = join(dir, "reads", "load.yml");
  beforeAll(async () => {
    const { exitCode, errors } = await load(
      "--base-url",
      "https://api.example.com/v1",
      "--out",
      script,
      "--duration",
      "600",
      "--arrival-rate",
      "50",
      "--ramp-to",
      "500",
      "--seed",
      "3",
    );
    expect(errors).toBe("");
    expect(exitCode).toBe(0);
  });

  test("has one scenario per read operation of the spec by default, each calling its path with the token from the environment", () => {
    const scenarios = scenariosOf(script);
    expect(scenarios.map((s) => s.name)).toEqual(reads.map((op) => op.operationId));
    expect(reads.some(takesBearer)).toBe(true);
    for (const [i, op] of reads.entries()) {
      const request = scenarios[i]?.flow[0]?.[op.method.toLowerCase()];
      expect(request?.url).toMatch(urlOf(op));
      expect(request?.name).toBe(op.operationId);
      // The token where the operation's security takes one; HTTP Basic as base64 of its placeholder (the processor
      // replaces it); an API key, or nothing, elsewhere.
      const basic = (op.security[0] ?? []).some((scheme) => credentialKind(scheme) === "basic");
      expect(request?.headers?.authorization).toBe(
        takesBearer(op)
          ? "Bearer {{ $env.MERCHANT_PAYMENTS_TOKEN }}"
          : basic
            ? `Basic ${Buffer.from(BASIC_TEMPLATE).toString("base64")}`
            : undefined,
      );
    }
    const config = (parse(readFileSync(script, "utf8")) as { config: Record<string, unknown> })
      .config;
    expect(config.target).toBe("https://api.example.com/v1");
    expect(config.phases).toEqual([
      { name: "merchant-payments", duration: 600, arrivalRate: 50, rampTo: 500 },
    ]);
  });

  test("with --allow-writes and --mix, sends the named operations with their weights, writes included", async () => {
    const write = writes[0];
    const read = reads[0];
    if (!write || !read) throw new Error("the spec needs a read and a write operation");
    const file = join(dir, "mix", "load.yml");
    const { exitCode } = await load(
      "--base-url",
      "http://127.0.0.1:9",
      "--out",
      file,
      "--allow-writes",
      "--mix",
      `${read.operationId}=5,${write.operationId}=1`,
    );
    expect(exitCode).toBe(0);
    expect(scenariosOf(file).map((s) => [s.name, s.weight])).toEqual(
      operations()
        .filter((op) => op === read || op === write)
        .map((op) => [op.operationId, op === read ? 5 : 1]),
    );
  });

  test("passes Artillery's validation and bundles for run-fargate / run-lambda with no local path and no npm module", async () => {
    const validate = require("artillery/lib/util/validate-script.js") as (
      script: unknown,
    ) => string | undefined;
    const { readScript, parseScript } = require("artillery/lib/util.js");
    expect(validate(await parseScript(await readScript(script)))).toBeUndefined();

    await require("artillery/lib/artillery-global.js").createGlobalObject();
    const { createBOM } = require("artillery/lib/platform/aws-ecs/legacy/bom.js");
    const bom = await new Promise<{ files: { noPrefix: string }[]; modules: string[] }>(
      (resolve, reject) =>
        createBOM(script, [], { flags: {} }, (error: Error | null, manifest: never) =>
          error ? reject(error) : resolve(manifest),
        ),
    );
    expect(bom.files.map((f) => f.noPrefix).sort()).toEqual(["load.processor.mjs", "load.yml"]);
    expect(bom.modules).toEqual([]);
    for (const file of ["load.yml", "load.processor.mjs"]) {
      const text = readFileSync(join(dir, "reads", file), "utf8");
      expect(text).not.toContain(dir);
      expect(text).not.toContain(TEST_TOKEN);
    }
  });
});
