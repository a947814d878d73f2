import { testConfig } from "@merchant-payments/test-support/vitest-preset";

export default testConfig({
  typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
});
