// What the globalSetup (`global-mocks.ts`) hands the test files: the base URL of each shared mock.

/** The key of the mock serving the mock package's own copy of the product spec (`useMock()` without a spec). */
export const DEFAULT_SPEC_KEY = "(the mock's bundled spec)";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of each shared mock, by the spec path it serves (DEFAULT_SPEC_KEY for the mock's own copy). */
    contractMocks: Record<string, string>;
  }
}
