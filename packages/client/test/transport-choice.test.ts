// Guards the two test projects: the behaviour tests prove both transports only if each project really uses its own.
import { expect, test } from "vitest";
import { createMerchantPaymentsClient } from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { example } from "./helpers/fixtures.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

test("the client of this test project sends through the transport the project names", async () => {
  server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
  const client = createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "choice-token-1" });
  await client.getTransaction(
    example<{ merchantAccountNumber: number; transactionReferenceNumber: string }>(
      "GetTransactionRequest",
    ),
  );
  // Node's fetch marks every request with sec-fetch-mode; the Node transport sends only the client's headers.
  const viaFetch = server.received[0]?.headers["sec-fetch-mode"] !== undefined;
  expect(viaFetch ? "fetch" : "node").toBe(process.env.CLIENT_TEST_TRANSPORT);
});

test("the shared test client (helpers/client.ts, one folder deeper) sends through the project's transport too", async () => {
  server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
  await testClient(server).getTransaction(
    example<{ merchantAccountNumber: number; transactionReferenceNumber: string }>(
      "GetTransactionRequest",
    ),
  );
  const viaFetch = server.received.at(-1)?.headers["sec-fetch-mode"] !== undefined;
  expect(viaFetch ? "fetch" : "node").toBe(process.env.CLIENT_TEST_TRANSPORT);
});
