// The seven defects the test suites must catch, each as text edits of the repository's sources, the packages to
// rebuild after them, the test files to run, and the tests whose failure is the right reason.
import { readFileSync } from "node:fs";

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
export interface Suite {
  /** Package folder, relative to the repository root, e.g. `packages/contract-tests`. */
  readonly dir: string;
  /** Test files, relative to that folder. */
  readonly files: readonly string[];
}

/** A package to rebuild after a mutant's edits, and the pnpm arguments that rebuild what the suites load of it. */
export interface Rebuild {
  /** Package folder, relative to the repository root. */
  readonly dir: string;
  /** Arguments of `pnpm`, run in that folder. */
  readonly args: readonly string[];
}

/** The `build` script of the package at `dir` (relative to the root) without its first step (`tsup && …`). */
function buildAfterCode(dir: string): string {
  const manifest = new URL(`../../../${dir}/package.json`, import.meta.url);
  const build: string = JSON.parse(readFileSync(manifest, "utf8")).scripts?.build ?? "";
  const [first, ...rest] = build.split(" && ");
  if (first?.trim() !== "tsup" || rest.length === 0) {
    throw new Error(`${dir}'s build script no longer starts with tsup: ${build}`);
  }
  return rest.join(" && ");
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

/**
 * The client's JavaScript, which is what the suites load: no declarations (no suite reads them) and no generation
 * (the generated code depends on the spec only, which no client mutant touches): 12 s where `pnpm run build` took 81 s.
 */
const CLIENT_JS: Rebuild = { dir: CLIENT, args: ["exec", "tsup", "--no-dts"] };
/**
 * The spec's bundles, which its tests read (`loadBundle`): its build script without its first step, tsup, which builds
 * the code (no spec mutant touches it, and the spec's tests import it from source). Read from the spec's package.json.
 */
const SPEC_BUNDLES: Rebuild = { dir: SPEC, args: ["exec", "sh", "-c", buildAfterCode(SPEC)] };

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
