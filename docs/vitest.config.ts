import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// The tests mostly wait (on Chromium, the mocks they start, the samples' tsc and curl), so two files run at once, each
// with its own browser and mock on free ports and its own work folders (`.tmp/<file's name>`, temporary folders):
// vitest's default on a 2-core machine is one file at a time (cores - 1).
export default testConfig({ maxWorkers: 2 });
