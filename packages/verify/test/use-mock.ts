// The mock every verify test against it starts: on a free loopback port before the file's tests, closed after them.
import { type MockServer, type StartMockOptions, startMock } from "@merchant-payments/mock";
import { afterAll, beforeAll } from "vitest";

/** Starts the mock (`errors: true`, plus `options`) for the calling test file; `server` is it, once started. */
export function useMock(options: StartMockOptions = {}): { readonly server: MockServer } {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await startMock({ errors: true, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server(): MockServer {
      if (server === undefined)
        throw new Error("the mock is started in beforeAll: read it in a test");
      return server;
    },
  };
}
