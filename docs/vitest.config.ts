import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// The tests start mocks, compile samples and drive a browser: generous timeouts, one file at a time.
export default testConfig({
  testTimeout: 60_000,
  hookTimeout: 120_000,
  fileParallelism: false,
});
