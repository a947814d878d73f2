import { describe, expect, test } from "vitest";
import { createMerchantPaymentsClient } from "../src/index.js";
import { createRawClient } from "../src/raw.js";
import { example } from "./helpers/fixtures.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

describe("createRawClient (@merchant-payments/client/raw)", () => {
  test("shares the base URL, token function and Accept-Language, and returns { data, response }", async () => {
    server.handle((_r, res) => json(res, 200, example("TransactionSuccess")));
    let n = 0;
    const raw = createRawClient({
      baseUrl: `${server.baseUrl}/sandbox/v1`,
      token: () => `access-token-${++n}`,
      acceptLanguage: "fr",
    });
    const { data, error, response } = await raw.POST("/collections/getTransaction", {
      body: { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toEqual(example("TransactionSuccess"));
    const r = server.received[0];
    expect(r?.url).toBe("/sandbox/v1/collections/getTransaction");
    expect(r?.headers.authorization).toBe("Bearer access-token-1");
    expect(r?.headers["accept-language"]).toBe("fr");
  });

  test("returns the problem body as error without throwing", async () => {
    server.handle((_r, res) =>
      json(res, 404, example("ProblemNotFound"), { "content-type": "application/problem+json" }),
    );
    const raw = createRawClient({ baseUrl: server.baseUrl, token: "test-token" });
    const { data, error, response } = await raw.POST("/security/merchantUsers/get", {
      body: { merchantAccountNumber: 12345678, userId: "1" },
      headers: { "Accept-Language": "sw" },
    });
    expect(data).toBeUndefined();
    expect(error).toEqual(example("ProblemNotFound"));
    expect(response.status).toBe(404);
    expect(server.received[0]?.headers["accept-language"]).toBe("sw");
  });

  test("keeps an Authorization header the call sets itself", async () => {
    server.handle((_r, res) => json(res, 200, example("FeeCalculationMobileWallet")));
    let calls = 0;
    const raw = createRawClient({
      baseUrl: server.baseUrl,
      token: () => `access-token-${++calls}`,
    });
    await raw.POST("/merchants/fees/calculate", {
      body: {
        merchantAccountNumber: 12345678,
        feeType: "D",
        channelType: "MW",
        transactionAmount: 1,
      },
      headers: { Authorization: "Bearer other" },
    });
    expect(server.received[0]?.headers.authorization).toBe("Bearer other");
    expect(calls).toBe(0);
  });

  test("uses the custom fetch it is given, like the client given the same options", async () => {
    server.handle((_r, res) => json(res, 200, { message: "ok" }));
    let seen = 0;
    const options = {
      baseUrl: server.baseUrl,
      token: "test-token",
      fetch: (input: string | URL | Request, init?: RequestInit) => {
        seen++;
        return fetch(input, init);
      },
    };
    const client = createMerchantPaymentsClient(options);
    const raw = createRawClient(options);
    await raw.POST("/merchants/webhooks/delete", {
      params: { header: { MerchantAccountNumber: 12345678 } },
      body: {
        merchantAccountNumber: 12345678,
        eventCode: "payment.success",
        deletedBy: "a@b.example",
      },
    });
    await client.deleteWebhookSubscription(example("DeleteWebhookRequest"));
    expect(seen).toBe(2);
  });

  test("keeps the base URL's query after the path, and sends the body intact, within the timeout", async () => {
    server.handle((_r, res) => json(res, 200, example("TransactionSuccess")));
    const raw = createRawClient({
      baseUrl: `${server.baseUrl}/sandbox/v1/?tenant=a&region=eu`,
      token: "test-token",
      timeoutMs: 5000,
    });
    const body = { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" };
    const { data } = await raw.POST("/collections/getTransaction", { body });
    expect(data).toEqual(example("TransactionSuccess"));
    const r = server.received[0];
    expect(r?.url).toBe("/sandbox/v1/collections/getTransaction?tenant=a&region=eu");
    expect(JSON.parse(r?.body ?? "")).toEqual(body);
    expect(r?.headers["content-type"]).toBe("application/json");
    expect(r?.headers.authorization).toBe("Bearer test-token");
  });

  test.each([
    ["a fragment", "https://api.example.com/v1#x", "fragment"],
    ["credentials", "https://user:pass@api.example.com/v1", "credentials"],
    ["whitespace", "https://api.example.com/v1 ", "whitespace"],
    ["a relative URL", "/v1", "absolute URL"],
    ["no URL", undefined, "required"],
  ])("refuses a base URL with %s, as the client does", (_what, baseUrl, rule) => {
    const create = () => createRawClient({ baseUrl, token: "test-token" } as never);
    expect(create).toThrow(TypeError);
    expect(create).toThrow(new RegExp(`^createRawClient: baseUrl .*${rule}`));
    expect(create).not.toThrow(/pass/);
  });
});
