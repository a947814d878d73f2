import { testConfig } from "@merchant-payments/test-support/vitest-preset";

export default testConfig();
