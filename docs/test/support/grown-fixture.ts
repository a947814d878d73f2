import { createRequire } from "node:module";
import { createAjv, loadDocument, operations } from "@merchant-payments/spec";
import type { OperationSpec } from "@merchant-payments/spec/model";
import {
  checkParameters,
  initialParameterText,
  parameterFields,
} from "../../src/console/parameters.js";

/** Path of the grown fixture's bundle (the product's operations and one of every common shape). */
const grownBundle = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);

/** The grown fixture's document, read once per test file. */
export const grownDocument = loadDocument(grownBundle);

/** The spec model's Ajv over the grown fixture, as the console's checks use it. */
export const grownAjv = createAjv(grownDocument);

/** An operation of the grown fixture by its operationId; throws naming it when there is none. */
export function grownOperation(operationId: string): OperationSpec {
  const found = operations(grownDocument).find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no ${operationId} in the grown fixture`);
  return found;
}

/**
 * The console's parameter fields of `operation` filled with `texts` (by parameter name), else with their examples,
 * read and checked as the panel does: `values` is what `prepareRequest` takes as its parameters.
 */
export function filledParameters(
  operation: OperationSpec,
  texts: Record<string, string> = {},
): ReturnType<typeof checkParameters> {
  const params = parameterFields(operation);
  return checkParameters(
    grownAjv,
    params,
    new Map(params.map((p) => [p, texts[p.name] ?? initialParameterText(p)])),
  );
}
