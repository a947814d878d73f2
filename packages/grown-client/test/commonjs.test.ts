// The grown client's CommonJS build (issue 31: it had none): `require` loads the same API as `import`, and a client
// loaded by `require` calls an operation of every shape's module (parameters, the lazily inlined beyond-JSON code)
// against a real loopback server.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type LoopbackServer, startLoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const require = createRequire(import.meta.url);
let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());

describe("the grown client's CommonJS build", () => {
  test.each([
    ["index", "index"],
    ["index.node", "index.node"],
    ["raw", "raw"],
    ["transport", "transport"],
  ])("%s.cjs exports what %s.js does", async (cjsName, esmName) => {
    const cjs = require(join(dist, `${cjsName}.cjs`));
    const esm = await import(pathToFileURL(join(dist, `${esmName}.js`)).href);
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
  });

  test("a client loaded by require sends a GET with path parameters and reads its answer", async () => {
    const { createMerchantPaymentsClient } = require(join(dist, "index.node.cjs"));
    const transaction = {
      transactionReferenceNumber: "TXN-1",
      transactionDate: "2024-01-15",
      beneficiaryAccountNumber: 254712345678,
    };
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(transaction));
    });
    const client = createMerchantPaymentsClient({
      baseUrl: `${server.baseUrl}/v1`,
      token: "grown-client-access-token",
    });
    const answer = await client.readTransaction({ transactionReference: "TXN-1" });
    expect(server.received[0]?.url).toBe("/v1/transactions/TXN-1");
    expect(answer).toMatchObject({ transactionReferenceNumber: "TXN-1" });
  });
});
