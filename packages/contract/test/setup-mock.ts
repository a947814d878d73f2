import type { MockServer } from "@merchant-payments/mock";
import { afterAll, beforeAll } from "vitest";
import { startContractMock } from "../src/harness.js";
import { loadSpec, operationsOf } from "../src/spec.js";
import { SpecValidator } from "../src/validator.js";

/** The bundled spec, its operations and an Ajv validator of it. */
export const spec = loadSpec();
export const operations = operationsOf(spec);
export const validator = new SpecValidator(spec);

/** Starts the suite's mock before the file's tests and ends it after them. */
export function useMock(): { readonly baseUrl: string; readonly mock: MockServer } {
  let mock: MockServer | undefined;
  beforeAll(async () => {
    mock = await startContractMock();
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
