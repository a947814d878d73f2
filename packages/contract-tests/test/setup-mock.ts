import { isBodyCall, loadBundle, operations as specOperations } from "@merchant-payments/spec";
import { inject } from "vitest";
import { jsonMediaFor, specValidator } from "../src/operation-parts.js";
import { DEFAULT_SPEC_KEY } from "./mock-urls.js";

/** The bundled spec, its operations (the spec model's) and the project's Ajv validator of it. */
export const spec = loadBundle();
export const operations = specOperations();
export const validator = specValidator();
/** The operations called with their JSON body alone (the spec model's `isBodyCall`) and answering 200 JSON. */
export const bodyCallOperations = operations.filter(
  (op) => isBodyCall(op) && jsonMediaFor(op, 200) !== undefined,
);

/**
 * The suite's mock serving `specPath` (default the mock's own copy of the product spec): one per spec for the whole
 * run, started by the globalSetup `global-mocks.ts`; read `baseUrl` in a test or a hook.
 */
export function useMock(specPath?: string): { readonly baseUrl: string } {
  const key = specPath ?? DEFAULT_SPEC_KEY;
  return {
    get baseUrl() {
      const url = inject("contractMocks")?.[key];
      if (!url)
        throw new Error(
          `no shared mock serves ${key}: test/global-mocks.ts starts one per contract target, for the files that call useMock(`,
        );
      return url;
    },
  };
}
