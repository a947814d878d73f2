import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// Each test runs an outside generator (under Node 24), tsc and the generated code: tens of seconds, one at a time.
export default testConfig({ testTimeout: 180_000, fileParallelism: false });
