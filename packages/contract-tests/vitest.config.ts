import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// Starting the mock (and, in broken-spec, two of them) can take longer than the preset's 30 s hook time.
export default testConfig();
