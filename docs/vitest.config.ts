import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// The tests start mocks, compile samples and drive a browser: one file at a time (the preset bounds hangs).
export default testConfig({ fileParallelism: false });
