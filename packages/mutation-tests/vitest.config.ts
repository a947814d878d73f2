import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// One test per mutant: copy, rebuild and run suites, in turn (the suites use both cores themselves).
export default testConfig({ testTimeout: 240_000, fileParallelism: false });
