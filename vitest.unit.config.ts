// The unit tier: `pnpm test:unit` (once) and `pnpm test:unit --watch` (vitest's watch mode: on each save it runs the
// unit tests whose imports reach the saved file). One project per package; which files are unit tests is decided by
// what they import and name, not by a list (packages/test-support/src/test-graph.ts), and every one runs under a
// guard that fails it if it spawns, serves, connects or fetches (packages/test-support/src/unit-guard.ts).
import { fileURLToPath } from "node:url";
import { unitProjects } from "@merchant-payments/test-support/vitest-preset";
import { defineConfig } from "vitest/config";

// Two files at once: unit files share no port, folder or module state, and on the 2-core machines vitest's default
// (cores - 1) would run them one at a time (one run measured 74 s of CPU in all).
export default defineConfig({
  test: { maxWorkers: 2, projects: unitProjects(fileURLToPath(new URL(".", import.meta.url))) },
});
