// The seven defects the test suites must catch, each as text edits of the repository's sources, the packages to
// rebuild after them, the test files to run, and the tests whose failure is the right reason.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleJsonPath } from "@merchant-payments/spec";

/** One text edit: every match of `pattern` in each file is replaced; the edit must match at least once. */
export interface Edit {
  /** Files, relative to the repository root. */
  readonly files: readonly string[];
  /** What to find (global). */
  readonly pattern: RegExp;
  /** What to put instead (`$1`... allowed). */
  readonly replacement: string;
}

/** Test files of one package to run against a mutant. */
interface Suite {
  /** Package folder, relative to the repository root, e.g. `packages/contract-tests`. */
  readonly dir: string;
  /** Test files, relative to that folder. */
  readonly files: readonly string[];
}

/** A package to rebuild after a mutant's edits, and the pnpm arguments that rebuild what the suites load of it. */
interface Rebuild {
  /** Package folder, relative to the repository root. */
  readonly dir: string;
  /** Arguments of `pnpm`, run in that folder. */
  readonly args: readonly string[];
  /** Files written in that folder (name relative to it, text) before the rebuild; the folder is put back after. */
  readonly files?: Readonly<Record<string, string>>;
}

/** The `build` script of the package at `dir` (relative to the root), split into its `&&` steps. */
function buildSteps(dir: string): string[] {
  const manifest = new URL(`../../../${dir}/package.json`, import.meta.url);
  const build: string = JSON.parse(readFileSync(manifest, "utf8")).scripts?.build ?? "";
  return build.split(" && ").map((step) => step.trim());
}

/** The steps of the `build` script of the package at `dir` that write `output` (relative to it), e.g. one bundle. */
function buildStepsWriting(dir: string, output: string): string {
  const steps = buildSteps(dir).filter((step) => step.includes(`--output ${output}`));
  if (steps.length === 0) throw new Error(`${dir}'s build script no longer writes ${output}`);
  return steps.join(" && ");
}

/** One deliberate defect. */
export interface Mutant {
  /** Short id, e.g. `drops-accept-language`. */
  readonly id: string;
  /** The defect in words. */
  readonly title: string;
  /** The edits that make it. */
  readonly edits: readonly Edit[];
  /** The packages to rebuild after the edits, in order. */
  readonly rebuild: readonly Rebuild[];
  /** The suites that must catch it. */
  readonly suites: readonly Suite[];
  /** Full names of tests (patterns) of which at least one must fail: the right reason. */
  readonly killers: readonly RegExp[];
}

const CLIENT = "packages/client";
const SPEC = "spec";
const CONTRACT = "packages/contract-tests";

/** The client's entries that the suites load: the files its `exports` give Node's `import` (`node`, else `default`). */
function clientEntriesLoaded(): string[] {
  const manifest = new URL(`../../../${CLIENT}/package.json`, import.meta.url);
  const exports: Record<string, { import?: Record<string, string> }> = JSON.parse(
    readFileSync(manifest, "utf8"),
  ).exports;
  return Object.values(exports)
    .map((entry) => entry.import?.node ?? entry.import?.default)
    .filter((file): file is string => typeof file === "string")
    .map((file) => file.replace(/^\.\/dist\//, "").replace(/\.js$/, ""));
}

/**
 * A tsup configuration, written beside the client's own, that keeps those of the client's configurations that build an
 * ES module the suites load (`clientEntriesLoaded()`), without declarations: the same options, the same output files.
 */
const CLIENT_LOADED_CONFIG = `// Written by the mutation tests (packages/mutation-tests/src/mutants.ts); removed when the client is put back.
import configs from "./tsup.config.ts";

const loaded = new Set(${JSON.stringify(clientEntriesLoaded())});
const names = (entry) =>
  Array.isArray(entry) ? entry.map((file) => file.replace(/^.*\\//, "").replace(/\\.[^.]*$/, "")) : Object.keys(entry);
export default configs
  .filter((config) => [config.format].flat().includes("esm") && names(config.entry).some((name) => loaded.has(name)))
  .map((config) => ({ ...config, dts: false }));
`;

/**
 * The client's JavaScript that the suites load (its ES modules for Node), built by the client's own tsup configurations
 * (CLIENT_LOADED_CONFIG): no declarations (no suite reads them), no CommonJS or browser build, and no generation (the
 * generated code depends on the spec only, which no client mutant touches).
 */
const CLIENT_JS: Rebuild = {
  dir: CLIENT,
  args: ["exec", "tsup", "--no-dts", "--config", "tsup.mutant.config.ts"],
  files: { "tsup.mutant.config.ts": CLIENT_LOADED_CONFIG },
};
/**
 * The spec bundle its suites read (`loadBundle()`: `bundleJsonPath`), written by the step of the spec's build script that
 * writes it (read from its package.json); the other bundles and tsup's code build are left as they were (no spec
 * mutant's suite reads them, and the spec's tests import its code from source).
 */
const SPEC_BUNDLES: Rebuild = {
  dir: SPEC,
  args: [
    "exec",
    "sh",
    "-c",
    buildStepsWriting(
      SPEC,
      relative(fileURLToPath(new URL(`../../../${SPEC}/`, import.meta.url)), bundleJsonPath),
    ),
  ],
};

/** The seven defects. */
export const MUTANTS: readonly Mutant[] = [
  {
    id: "drops-accept-language",
    title: "the client drops Accept-Language",
    edits: [
      {
        files: [`${CLIENT}/src/request-core.ts`],
        pattern:
          /^[ \t]*"accept-language":[^\n]*\n|^[ \t]*if \([^\n]*\) headers\["accept-language"\] = [^\n]*\n/gm,
        replacement: "",
      },
    ],
    rebuild: [CLIENT_JS],
    suites: [{ dir: CONTRACT, files: ["test/client-wire.test.ts"] }],
    killers: [
      / sends Authorization, Content-Type, .*Accept-Language/,
      / sends the client's acceptLanguage/,
    ],
  },
  {
    id: "retries-batch-on-503",
    title: "the client retries a batch on 503",
    edits: [
      {
        files: [`${CLIENT}/src/retry.ts`],
        pattern: /operations\[(\w+)\]\.safeToRetry\b/g,
        replacement: "(operations[$1] !== undefined)",
      },
    ],
    rebuild: [CLIENT_JS],
    suites: [{ dir: CONTRACT, files: ["test/client-wire.test.ts"] }],
    killers: [/does not retry \w+ after a 503/],
  },
  {
    id: "merchant-maximum-widened",
    title: "the spec's merchant maximum widened to 999999999",
    edits: [
      {
        files: [`${SPEC}/openapi/components/schemas/MerchantAccountNumber.yaml`],
        pattern: /^maximum: 99999999$/gm,
        replacement: "maximum: 999999999",
      },
    ],
    rebuild: [SPEC_BUNDLES],
    suites: [{ dir: SPEC, files: ["test/money-facts.test.ts"] }],
    killers: [/^the merchant account number /],
  },
  {
    id: "vat-amount-string",
    title: "FeeCalculation.vatAmount became a string in schema and example",
    edits: [
      {
        files: [`${SPEC}/openapi/components/schemas/FeeCalculation.yaml`],
        pattern: /^( {2}vatAmount:\n {4})\$ref: \.\/Decimal\.yaml$/gm,
        replacement: "$1type: string",
      },
      {
        files: [`${SPEC}/openapi/components/examples/FeeCalculationMobileWallet.yaml`],
        pattern: /^( *vatAmount: )([-\d.]+)$/gm,
        replacement: '$1"$2"',
      },
    ],
    rebuild: [SPEC_BUNDLES],
    suites: [{ dir: SPEC, files: ["test/money-facts.test.ts"] }],
    killers: [/^FeeCalculation vatAmount is a decimal number in the schema/],
  },
  {
    id: "webhook-bare-string",
    title: "the client returns the bare webhook string instead of { message }",
    edits: [
      {
        files: [`${CLIENT}/src/wire-values.ts`],
        pattern: /(export function toObjectForm\([^)]*\)[^{]*\{)/g,
        replacement: '$1\n  if (typeof data === "string") return data;',
      },
    ],
    rebuild: [CLIENT_JS],
    suites: [{ dir: CONTRACT, files: ["test/client-wire.test.ts"] }],
    killers: [
      /^deleteWebhookSubscription resolves the documented 200 answer WebhookDeletedBareString/,
    ],
  },
  {
    id: "example-contradicts-schema",
    title: "a response example of the spec contradicts its schema (amountSent a string)",
    edits: [
      {
        files: [`${SPEC}/openapi/components/examples/TransactionSuccess.yaml`],
        pattern: /^( *amountSent: )[-\d.]+$/gm,
        replacement: '$1"fifteen hundred"',
      },
    ],
    rebuild: [SPEC_BUNDLES],
    suites: [{ dir: SPEC, files: ["test/spec-facts.test.ts"] }],
    killers: [
      /getTransaction.* has named request and response examples, each valid against its schema/,
    ],
  },
  {
    id: "skips-request-validation",
    title: "the client sends requests without validating them",
    edits: [
      {
        files: [`${CLIENT}/src/request-core.ts`],
        pattern: /\bvalidators\[\w+\]\([^;]*\);/g,
        replacement: "/* request validation removed */",
      },
    ],
    rebuild: [CLIENT_JS],
    suites: [{ dir: CONTRACT, files: ["test/client-requests.test.ts"] }],
    killers: [/ never sends an input with /],
  },
];
