// Generates src/generated/** from the bundled spec, read only through @merchant-payments/spec's model. One function
// per generated file:
//   openapi.ts         - `paths` and `components`, by openapi-typescript (for `raw` and advanced typing): emitOpenapiTypes
//   operation-table.ts - per operation: method, path, x-safe-to-retry, Accept, derived headers, date, decimal and
//                        integer fields, answer normalization; the default Accept-Language: emitOperationTable
//   models.ts          - readable request and answer types, one per component schema (`Transaction`, ...): emitModels
//   client-methods.ts  - the `MerchantPaymentsClient` interface with each method's JSDoc, and the method table
//                        (lib/client-codegen.ts)
//   validators.ts      - plain-JS validators of every request schema (the `Issue` and `Validator` types)
//   response-validators.ts - plain-JS validators of every answer schema; the client imports it lazily, only
//                        when `validateResponses` is on (both: lib/validator-modules.ts)
//   webhooks.ts, webhook-validators.ts - each webhook's payload type; its validator (lib/webhook-codegen.ts)
//   README.md          - with --readme: the list of methods between its markers (lib/readme-methods.ts)
// Usage: tsx scripts/generate.ts [--spec path/to/openapi.json] [--out dir] [--readme README.md] (pnpm generate); a
// test may import `generate` and call it in its own process (the spec model and openapi-typescript loaded once).
// Every file is generated in memory first: a refusal (one line naming the operation, the JSON Pointer and the
// keyword; see lib/refusal.ts) leaves the output folder as it was.
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  bundleJsonPath,
  operations,
  readBundle,
  readWriteViews,
  resolveDynamicReferences,
} from "@merchant-payments/spec";
import {
  DECIMAL_STRING_PATTERN,
  type Json,
  largestMessageBytes,
  type OperationSpec,
} from "@merchant-payments/spec/model";
import { emitClientModule } from "./lib/client-codegen.js";
import { BANNER, type Generation } from "./lib/generation.js";
import { identifiersOf, methodName } from "./lib/identifiers.js";
import { operationFacts } from "./lib/operation-facts.js";
import { methodsSection, withMethodsSection } from "./lib/readme-methods.js";
import { GenerationRefusal, refuse } from "./lib/refusal.js";
import { checkOperationKeywords } from "./lib/schema-roots.js";
import { typeEmitter } from "./lib/type-codegen.js";
import { emitValidatorModules } from "./lib/validator-modules.js";
import { emitWebhooks, webhooksOf } from "./lib/webhook-codegen.js";

/**
 * `openapi.ts`: `paths` and `components` by openapi-typescript. defaultNonNullable off: a property with a default
 * (Problem.type) may still be absent from an answer.
 */
async function emitOpenapiTypes({ document }: Generation): Promise<string> {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  // A copy: openapi-typescript writes into the document it reads (a discriminator's property made required).
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], {
    alphabetize: false,
    defaultNonNullable: false,
  });
  return BANNER + astToString(ast);
}

/** The facts of each operation the client's runtime reads (the `OperationInfo` members, in their order). */
const RUNTIME_FACTS = [
  "method",
  "path",
  "safeToRetry",
  "accept",
  "derivedHeaders",
  "stringifiedIntegers",
  "dateFields",
  "integerStringFields",
  "objectFormProperty",
  "requestDecimals",
  "responseDecimals",
  "parameters",
  "body",
  "answers",
  "security",
  "pagination",
  "nestedStringified",
  "beyondJsonBody",
] as const;

/**
 * The default of the Accept-Language header: the one default the operations' `Accept-Language` parameters declare
 * (several differing defaults are refused), else `en`.
 */
function defaultAcceptLanguageOf(operationsList: readonly OperationSpec[]): string {
  const languageDefaults = new Set(
    operationsList.flatMap((op) =>
      op.headers
        .filter((h) => h.name.toLowerCase() === "accept-language" && h.schema.default !== undefined)
        .map((h) => h.schema.default),
    ),
  );
  if (languageDefaults.size > 1)
    refuse(
      {},
      `the Accept-Language parameters have several defaults: ${[...languageDefaults].join(", ")}`,
    );
  return [...languageDefaults][0] ?? "en";
}

/** `operation-table.ts`: the runtime facts of every operation, keyed by its method's name. */
function emitOperationTable({ document, operationsList, factsList }: Generation): string {
  const table = Object.fromEntries(
    factsList.map((f) => [
      f.operationId,
      Object.fromEntries(RUNTIME_FACTS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])),
    ]),
  );
  return `${BANNER}
import type { OperationInfo } from "../operation-info.js";

export type { AnswerInfo, BodyInfo, OperationInfo, ParameterInfo, SecurityInfo } from "../operation-info.js";

/** The operation table, keyed by operationId. */
export const operations = Object.freeze(${JSON.stringify(table, null, 2)} as const satisfies Record<string, OperationInfo>);

/** Names of the operations. */
export type OperationId = keyof typeof operations;

/** Default of the Accept-Language header, from the spec. */
export const defaultAcceptLanguage = ${JSON.stringify(defaultAcceptLanguageOf(operationsList))};

/** Default of \`maxResponseBytes\`, in bytes: the spec model's largestMessageBytes (the spec's largest \`maxItems\` × 1 KiB + 1 MiB), the limit the mock, the proxy and verify apply too. */
export const defaultMaxResponseBytes = ${largestMessageBytes(document, operationsList)};

/** The text form of a decimal (the spec model's DECIMAL_STRING_PATTERN), e.g. "100.10" or "-0.5". */
export const DECIMAL_STRING = ${DECIMAL_STRING_PATTERN.toString()};
`;
}

/**
 * `models.ts`: the readable types of every component a request or an answer (errors included) reaches, and their
 * names (client-methods.ts imports the ones it uses).
 */
function emitModels(
  { document, operationsList, factsList }: Generation,
  types: ReturnType<typeof typeEmitter>,
): { text: string; modelNames: string[] } {
  const errorSchemas = operationsList.flatMap((op) =>
    op.responses.filter((r) => !/^2/.test(r.status)).flatMap((r) => r.content.map((m) => m.schema)),
  );
  const requestRoots: Json[] = [
    ...factsList.flatMap((f) => (f.requestSchema ? [f.requestSchema] : [])),
    ...factsList.flatMap((f) => f.parameterList.map((p) => p.schema)),
  ];
  const answerRoots: Json[] = [
    ...factsList.flatMap((f) => f.answerList.flatMap((a) => (a.schema ? [a.schema] : []))),
    ...errorSchemas,
    ...webhooksOf(document).flatMap((h) => (h.schema === undefined ? [] : [h.schema])),
  ];
  const { text: models, names: modelNames } = types.emitModels(requestRoots, answerRoots);
  const text = `${BANNER}import type { DateInput } from "../dates.js";
import type { DecimalInput, DecimalMode, DecimalValue } from "../decimals.js";
${models}${modelNames.includes("Problem") ? "" : PROBLEM_FALLBACK}`;
  return { text, modelNames };
}

/**
 * The `Problem` type of `ApiError.problem` (src/errors.ts) when the spec's answers reach no component of that name:
 * the members RFC 9457 defines.
 */
const PROBLEM_FALLBACK = `
/** An error answer's problem details (RFC 9457): the spec declares no \`Problem\` component. */
export interface Problem {
  /** A URI reference identifying the problem type. */
  type?: string;
  /** A short summary of the problem type. */
  title?: string;
  /** The HTTP status code. */
  status?: number;
  /** An explanation specific to this occurrence. */
  detail?: string;
  /** A URI reference identifying this occurrence. */
  instance?: string;
  /** Any extension member. */
  [member: string]: unknown;
}
`;

/** Every generated file's text, by file name, in memory: a refusal anywhere leaves nothing written. */
async function generatedFiles(generation: Generation): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  files.set("openapi.ts", await emitOpenapiTypes(generation));
  files.set("operation-table.ts", emitOperationTable(generation));
  const types = typeEmitter(generation.document);
  const models = emitModels(generation, types);
  files.set("models.ts", models.text);
  files.set(
    "client-methods.ts",
    emitClientModule({ ...generation, types, banner: BANNER, modelNames: models.modelNames }),
  );
  const validators = emitValidatorModules(generation);
  files.set("validators.ts", validators.requests);
  files.set("response-validators.ts", validators.answers);
  const webhooks = emitWebhooks(generation.document, types, models.modelNames);
  files.set("webhooks.ts", webhooks.types);
  files.set("webhook-validators.ts", webhooks.validators);
  return files;
}

/** Writes each file beside its place under a temporary name, then renames it there (no half-written file). */
function writeAll(outDir: string, files: ReadonlyMap<string, string>): void {
  mkdirSync(outDir, { recursive: true });
  const staged = [...files].map(([name, text]) => {
    const temporary = join(outDir, `.${name}.${process.pid}.tmp`);
    writeFileSync(temporary, text);
    return [temporary, join(outDir, name)] as const;
  });
  for (const [temporary, final] of staged) renameSync(temporary, final);
}

/**
 * Reads the spec, checks what the client can honour, generates every file in memory, then writes them.
 * @returns how many operations were generated
 */
export async function generate({
  specPath,
  outDir,
  readme,
}: {
  /** The bundled spec (JSON). */
  specPath: string;
  /** The folder the generated files go to. */
  outDir: string;
  /** A README whose list of methods to rewrite. */
  readme?: string;
}): Promise<number> {
  // A bundle the spec's build made has its dynamic references resolved already; one made otherwise gets it here.
  const document = readWriteViews(resolveDynamicReferences(readBundle(specPath)).document).document;
  const operationsList = operations(document);
  if (operationsList.length === 0) throw new Error(`${specPath} has no operations`);
  identifiersOf(
    operationsList.map((op) => op.operationId),
    methodName,
    "operationIds",
  );
  for (const op of operationsList) checkOperationKeywords(document, op);
  const generation: Generation = {
    document,
    operationsList,
    factsList: operationsList.map((op) => operationFacts(document, op)),
  };
  const files = await generatedFiles(generation);
  const readmeText = readme ? readFileSync(readme, "utf8") : undefined;
  const nextReadme =
    readmeText === undefined
      ? undefined
      : withMethodsSection(readmeText, methodsSection(generation.factsList));
  writeAll(outDir, files);
  if (readme && nextReadme !== undefined && nextReadme !== readmeText)
    writeFileSync(readme, nextReadme);
  return generation.factsList.length;
}

// Run as a script (not when a test imports `generate`): read the arguments and write the files; a refusal is one
// line on stderr and exit code 1.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = dirname(fileURLToPath(import.meta.url));
  const { values: args } = parseArgs({
    options: { spec: { type: "string" }, out: { type: "string" }, readme: { type: "string" } },
  });
  const outDir = resolve(args.out ?? join(here, "..", "src", "generated"));
  try {
    const count = await generate({
      specPath: resolve(args.spec ?? bundleJsonPath),
      outDir,
      ...(args.readme ? { readme: resolve(args.readme) } : {}),
    });
    console.log(`generated ${count} operations into ${outDir}`);
  } catch (error) {
    if (!(error instanceof GenerationRefusal)) throw error;
    console.error(`generate: ${error.message}`);
    process.exitCode = 1;
  }
}
