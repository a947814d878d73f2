import { HANG_BOUND_MS, testConfig } from "@merchant-payments/test-support/vitest-preset";
import { configDefaults } from "vitest/config";

/** Runs `pnpm release:pack`, which rewrites the tarballs that other files read: after them (a later group). */
const LAST = "test/readme-build-output.test.ts";

export default testConfig({
  projects: [
    { extends: true, test: { name: "release", exclude: [...configDefaults.exclude, LAST] } },
    {
      // Not extending the root: its include (every test file) would be added to this one.
      test: {
        name: "readme-commands-last",
        include: [LAST],
        testTimeout: HANG_BOUND_MS,
        hookTimeout: HANG_BOUND_MS,
        sequence: { groupOrder: 1 },
      },
    },
  ],
});
