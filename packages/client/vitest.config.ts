import { clientTestConfig } from "@merchant-payments/test-support/vitest-preset";

/** Test files that exercise no transport (build, package, docs, generated code): run once, in the "fetch" project. */
const TRANSPORT_FREE = [
  "test/browser.test.ts",
  "test/package.test.ts",
  "test/readme.test.ts",
  "test/spec-change.test.ts",
  "test/validator-codegen.test.ts",
  "test/validators.property.test.ts",
  "test/transport-node.test.ts",
  "test/ninth-operation.test.ts",
  "test/readable-types.test.ts",
  "test/response-validators.test.ts",
  "test/formats.test.ts",
  "test/hostile-servers.test.ts",
];

// Every behaviour test runs on both transports, the type tests once (the preset's clientTestConfig).
export default clientTestConfig(new URL(".", import.meta.url), TRANSPORT_FREE);
