// The JSON Schema Test Suite (draft 2020-12, vendored in test/fixtures/json-schema-test-suite) run through the two
// validators of the workspace: the client's generated validators and the spec model's Ajv configuration (createAjv).
// The cases skipped, and why, are the table of the fixture's README: it is read here, so the list lives in one place.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createAjv } from "@merchant-payments/spec/model";
import { transformSync } from "esbuild";
import { validatorEmitter } from "../../scripts/lib/validator-codegen.js";
import { isDateTime } from "../../src/date-time.js";
import { isDate, isEmail, isUuid } from "../../src/formats.js";
import { DECIMAL_STRING } from "../../src/generated/operation-table.js";
import { isUri } from "../../src/uri.js";

/** Where the vendored suite is. */
const SUITE_DIR = join(import.meta.dirname, "..", "fixtures", "json-schema-test-suite");

/** One test case of the suite: its data and whether it is valid. */
export interface SuiteCase {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

/** One group of the suite: a schema and its cases. */
export interface SuiteGroup {
  readonly file: string;
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteCase[];
}

/** The engines compared with the suite. */
export type Engine = "generated" | "ajv";

/** One skipped row of the README: file, group and case (`*` for all), the engines skipped, and why. */
export interface Skip {
  readonly file: string;
  readonly group: string;
  readonly test: string;
  readonly engines: readonly Engine[];
  readonly why: string;
}

/** Every group of every vendored file, in file order. */
export function suiteGroups(): SuiteGroup[] {
  const dir = join(SUITE_DIR, "tests");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(join(dir, file), "utf8")) as Omit<SuiteGroup, "file">[]).map(
        (group) => ({ ...group, file }),
      ),
    );
}

/** The skip table of the fixture's README (rows under the "Skipped cases" heading). */
export function skipList(): Skip[] {
  const readme = readFileSync(join(SUITE_DIR, "README.md"), "utf8");
  const section = readme.split("## Skipped cases")[1] ?? "";
  const cell = (s: string): string => s.trim().replace(/^`|`$/g, "").replace(/\\\|/g, "|");
  return section
    .split("\n")
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const cells = line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map(cell);
      const [file = "", group = "", test = "", engines = "", why = ""] = cells;
      const skipped: Engine[] = engines === "both" ? ["generated", "ajv"] : [engines as Engine];
      return { file, group, test, engines: skipped, why };
    });
}

/** The skip row that covers a case for an engine, if any. */
export function skipOf(
  skips: readonly Skip[],
  group: SuiteGroup,
  test: SuiteCase,
  engine: Engine,
): Skip | undefined {
  return skips.find(
    (s) =>
      s.file === group.file &&
      (s.group === "*" || s.group === group.description) &&
      (s.test === "*" || s.test === test.description) &&
      s.engines.includes(engine),
  );
}

/** A validator: true when `data` is valid. */
export type Check = (data: unknown) => boolean;

/** The format functions and constants the generated code may call. */
const RUNTIME = { isDate, isDateTime, isEmail, isUri, isUuid, DECIMAL_STRING };

/** The group's schema through the client's generator (the schema is its own document); throws when refused. */
export function generatedCheck(schema: unknown): Check {
  const { emitValidator, takeConstants } = validatorEmitter(schema);
  const body = emitValidator(schema);
  const source = `${takeConstants()}\nreturn (v: any, issues: Issue[], decimalStrings = false): void => {\nvoid decimalStrings;\n${body}};`;
  const js = transformSync(`type Issue = { path: string; message: string };\n${source}`, {
    loader: "ts",
  }).code;
  const validate = new Function(...Object.keys(RUNTIME), js)(...Object.values(RUNTIME)) as (
    v: unknown,
    issues: unknown[],
  ) => void;
  return (data) => {
    const issues: unknown[] = [];
    validate(data, issues);
    return issues.length === 0;
  };
}

/** The group's schema through the spec model's Ajv factory (a fresh instance: a suite `$id` is used in many groups). */
export function ajvCheck(schema: unknown): Check {
  const validate = createAjv({}, { logger: false }).ajv.compile(schema as object);
  return (data) => validate(data) === true;
}
