import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// The tests mostly wait (on Chromium, the mocks they start, the samples' tsc and curl), so two files run at once, each
// with its own browser and mock on free ports and its own work folders (`.tmp/<file's name>`, temporary folders):
// vitest's default on a 2-core machine is one file at a time (cores - 1). `isolate: false`: a worker keeps the
// modules it loaded (the mock, Playwright, the spec model: seconds each, mostly reading files) for its next file
// instead of importing them again; no test file changes a module's state (find-chromium.test.ts restores
// CHROME_PATH after each test).
export default testConfig({ maxWorkers: 2, isolate: false });
