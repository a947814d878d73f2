import type { MockServer } from "@merchant-payments/mock";
import { isBodyCall, loadBundle, operations as specOperations } from "@merchant-payments/spec";
import { afterAll, beforeAll } from "vitest";
import { startContractMock } from "../src/harness.js";
import { jsonMediaFor, specValidator } from "../src/operation-parts.js";

/** The bundled spec, its operations (the spec model's) and the project's Ajv validator of it. */
export const spec = loadBundle();
export const operations = specOperations();
export const validator = specValidator();
/** The operations called with their JSON body alone (the spec model's `isBodyCall`) and answering 200 JSON. */
export const bodyCallOperations = operations.filter(
  (op) => isBodyCall(op) && jsonMediaFor(op, 200) !== undefined,
);

/** Starts the suite's mock (serving `specPath`, default the product bundle) before the file's (or the describe's) tests and ends it after them. */
export function useMock(specPath?: string): {
  readonly baseUrl: string;
  readonly mock: MockServer;
} {
  let mock: MockServer | undefined;
  beforeAll(async () => {
    mock = await startContractMock(specPath);
  });
  afterAll(async () => {
    await mock?.close();
  });
  return {
    get baseUrl() {
      if (!mock) throw new Error("the mock is not started");
      return mock.baseUrl;
    },
    get mock() {
      if (!mock) throw new Error("the mock is not started");
      return mock;
    },
  };
}
