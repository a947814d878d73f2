import { fileURLToPath } from "node:url";
import { testConfig } from "@merchant-payments/test-support/vitest-preset";

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

// Every behaviour test runs twice: once with the default entry (the fetch transport), once with the tests' import of
// "../src/index.js" replaced by the Node entry (the Node transport), so that both keep the same semantics.
export default testConfig({
  typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  projects: [
    { extends: true, test: { name: "fetch", env: { CLIENT_TEST_TRANSPORT: "fetch" } } },
    {
      extends: true,
      test: {
        name: "node-transport",
        exclude: TRANSPORT_FREE,
        typecheck: { enabled: false },
        env: { CLIENT_TEST_TRANSPORT: "node" },
      },
      resolve: {
        alias: [
          {
            find: /^\.\.\/src\/index\.js$/,
            replacement: fileURLToPath(new URL("./src/index.node.ts", import.meta.url)),
          },
        ],
      },
    },
  ],
});
