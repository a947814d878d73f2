import { clientTestConfig } from "@merchant-payments/test-support/vitest-preset";

// The wire tests run on both transports, the type tests once, the size test (no transport) in the fetch project only
// (the preset's clientTestConfig).
export default clientTestConfig(new URL(".", import.meta.url), ["test/size.test.ts"]);
