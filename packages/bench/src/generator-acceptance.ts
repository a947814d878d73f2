// Which operations the client's generator accepts today, asked of the generator's own per-operation checks
// (packages/client/scripts/lib), so that the scale benchmark synthesizes only from shapes it can generate.
import { join } from "node:path";
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

const load = async (file: string): Promise<GeneratorChecks> =>
  import(pathToFileURL(file).href).catch(() => ({}));

/**
 * An `Acceptance` for `document`: an operation is refused with the generator's own message when its facts
 * (`operationFacts`) or its request or answer validator (`validatorEmitter`) cannot be generated.
 */
export async function generatorAcceptance(clientDir: string, document: Json): Promise<Acceptance> {
  const lib = join(clientDir, "scripts", "lib");
  const { operationFacts } = await load(join(lib, "operation-facts.mjs"));
  const { validatorEmitter } = await load(join(lib, "validator-codegen.mjs"));
  return (op) => {
    try {
      const facts = operationFacts?.(document, op);
      const emitter = validatorEmitter?.(document);
      for (const schema of [facts?.requestSchema, facts?.responseSchema])
        if (emitter && schema !== undefined) emitter.emitValidator(schema);
      return undefined;
    } catch (error) {
      const message = (error as Error).message;
      return message.startsWith(`${op.operationId}:`) ? message : `${op.operationId}: ${message}`;
    }
  };
}
