// Which operations the client's generator accepts today, asked of the generator's own per-operation checks
// (packages/client/scripts/lib), so that the scale benchmark synthesizes only from shapes it can generate.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Json, OperationSpec } from "@merchant-payments/spec/model";
import type { Acceptance } from "./synthesize.js";

/** The generator modules' exports this reads; absent ones mean "no such check" (every operation passes it). */
interface GeneratorChecks {
  operationFacts?: (
    document: Json,
    op: OperationSpec,
  ) => { requestSchema?: Json; responseSchema?: Json };
  validatorEmitter?: (document: Json) => { emitValidator(schema: Json): string };
}

/**
 * The exports of a generator module, loaded through the client's tsx (its modules import TypeScript); none when it
 * cannot be loaded.
 */
async function load(clientDir: string, file: string): Promise<GeneratorChecks> {
  const tsx = dirname(createRequire(join(clientDir, "package.json")).resolve("tsx/package.json"));
  const api = join(tsx, "dist", "esm", "api", "index.mjs");
  const { tsImport } = (await import(pathToFileURL(api).href)) as {
    tsImport: (specifier: string, parent: string) => Promise<GeneratorChecks>;
  };
  return tsImport(pathToFileURL(file).href, import.meta.url).catch(() => ({}));
}

/**
 * An `Acceptance` for `document`: an operation is refused with the generator's own message when its facts
 * (`operationFacts`) or its request or answer validator (`validatorEmitter`) cannot be generated.
 */
export async function generatorAcceptance(clientDir: string, document: Json): Promise<Acceptance> {
  const lib = join(clientDir, "scripts", "lib");
  const { operationFacts } = await load(clientDir, join(lib, "operation-facts.ts"));
  const { validatorEmitter } = await load(clientDir, join(lib, "validator-codegen.ts"));
  return (op) => {
    try {
      const facts = operationFacts?.(document, op);
      const emitter = validatorEmitter?.(document);
      for (const schema of [facts?.requestSchema, facts?.responseSchema])
        if (emitter && schema !== undefined) emitter.emitValidator(schema);
      return undefined;
    } catch (error) {
      const message = (error as Error).message;
      return message.includes(`${op.operationId}:`) ? message : `${op.operationId}: ${message}`;
    }
  };
}
