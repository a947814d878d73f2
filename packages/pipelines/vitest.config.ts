import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// action-validator, npm and pnpm run as child processes: 60 s per test bounds a hang on a loaded machine.
export default testConfig({ testTimeout: 60_000 });
