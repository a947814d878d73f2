// The mock the suite runs against, in a module of its own: only the files that start a mock load Prism (seconds of
// CPU per import), not those that script a loopback server (client-wire, shapes-wire).
import { type MockServer, startMock } from "@merchant-payments/mock";

/**
 * Milliseconds the suite's mock waits for a request's head and for its body before it refuses it (408 and closes):
 * a bound on a hang, generous because a test worker starved of CPU on a busy machine can pause mid-request for
 * longer than the mock's 5 s default. The mock's own tests check its slow-client refusals.
 */
export const MOCK_READ_TIMEOUT_MS = 60_000;

/** Starts the mock the suite runs against: a free loopback port, Prism with --errors, MOCK_READ_TIMEOUT_MS. */
export function startContractMock(spec?: string): Promise<MockServer> {
  return startMock({
    host: "127.0.0.1",
    port: 0,
    errors: true,
    limits: { headersTimeoutMs: MOCK_READ_TIMEOUT_MS, bodyTimeoutMs: MOCK_READ_TIMEOUT_MS },
    ...(spec ? { spec } : {}),
  });
}
