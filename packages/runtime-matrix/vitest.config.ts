import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// Each runtime is a child process or a browser page with its own time limit; they run one after another, and the
// two files (runtimes, bundlers) one after the other.
export default testConfig({ fileParallelism: false });
