import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMerchantPaymentsClient } from "../src/index.js";
import { json, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe("getTransaction", () => {
  test("posts the body to the spec's path with the bearer token and resolves the transaction", async () => {
    server.handle((_req, res) =>
      json(res, 200, { transactionReferenceNumber: "T1", beneficiaryAccountNumber: "0712" }),
    );
    const client = createMerchantPaymentsClient({ baseUrl: server.baseUrl, token: "tok" });
    const t = await client.getTransaction({
      merchantAccountNumber: 12345678,
      transactionReferenceNumber: "T1",
    });
    expect(t.transactionReferenceNumber).toBe("T1");
    expect(server.received[0]?.url).toBe("/collections/getTransaction");
    expect(server.received[0]?.headers.authorization).toBe("Bearer tok");
    expect(JSON.parse(server.received[0]?.body ?? "")).toEqual({
      merchantAccountNumber: 12345678,
      transactionReferenceNumber: "T1",
    });
  });
});
