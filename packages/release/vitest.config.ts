import { testConfig } from "@merchant-payments/test-support/vitest-preset";
import { configDefaults } from "vitest/config";

/** Runs `pnpm release:pack`, which rewrites the tarballs that other files read: after them (a later group). */
const LAST = "test/readme-build-output.test.ts";

export default testConfig({
  projects: [
    { extends: true, test: { name: "release", exclude: [...configDefaults.exclude, LAST] } },
    {
      extends: true,
      test: { name: "readme-commands-last", include: [LAST], sequence: { groupOrder: 1 } },
    },
  ],
});
