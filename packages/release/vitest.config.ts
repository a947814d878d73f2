import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// The install test runs npm against the registry: its hooks get up to five minutes.
export default testConfig({ hookTimeout: 300_000 });
