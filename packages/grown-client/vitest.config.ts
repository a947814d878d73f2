import { fileURLToPath } from "node:url";
import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// The wire tests run twice: with the default entry (the fetch transport), and with the tests' import of
// "../src/index.js" replaced by the Node entry (the Node transport). The type tests run once.
export default testConfig({
  typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  projects: [
    { extends: true, test: { name: "fetch", env: { CLIENT_TEST_TRANSPORT: "fetch" } } },
    {
      extends: true,
      test: {
        name: "node-transport",
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
