import { operations as specOperations } from "@merchant-payments/spec";
import { type LoopbackServer, startLoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ApiError,
  createMerchantPaymentsClient,
  type OperationId,
  RedirectError,
} from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { isBodyCall } from "./helpers/operation-shapes.js";
import { failure } from "./helpers/rejection.js";

let service: LoopbackServer;
let elsewhere: LoopbackServer;
beforeAll(async () => {
  [service, elsewhere] = await Promise.all([startLoopbackServer(), startLoopbackServer()]);
});
afterAll(async () => {
  await Promise.all([service?.close(), elsewhere?.close()]);
});

/** Every operation of the spec called with its request example alone (`isBodyCall`), with its first example. */
const cases = specOperations()
  .filter(isBodyCall)
  .map((op) => {
    const body = op.request?.examples[0]?.value;
    if (body === undefined) throw new Error(`${op.operationId} has no request example`);
    return [op.operationId as OperationId, body] as const;
  });

describe("no redirect is ever followed", () => {
  test("the spec has operations to iterate over", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const status of [307, 308, 302, 303, 301]) {
    test.each(cases)(
      `a ${status} to another server on %s is a RedirectError after one request, nothing followed or retried`,
      async (operationId, body) => {
        elsewhere.handle((_req, res) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end('{"message":"<html>Sign in</html>"}');
        });
        service.handle((_req, res) => {
          res.writeHead(status, {
            location: `${elsewhere.baseUrl}/login`,
            "x-request-id": "redirect-1",
          });
          res.end();
        });
        const client = testClient(service, { token: "k9Qz7Lw2Xr5Tn8Vb", maxRetries: 5 });
        const send = client[operationId] as (b: unknown) => Promise<unknown>;
        const err = (await failure(send(structuredClone(body)))) as RedirectError;
        expect(err).toBeInstanceOf(RedirectError);
        expect(err).toBeInstanceOf(ApiError);
        expect(err.name).toBe("RedirectError");
        expect(err.status).toBe(status);
        expect(err.location).toBe(`${elsewhere.baseUrl}/login`);
        expect(err.requestId).toBe("redirect-1");
        expect(err.mayHaveBeenProcessed).toBe(status !== 307 && status !== 308);
        expect(service.received).toHaveLength(1);
        expect(elsewhere.received).toHaveLength(0);
      },
    );
  }

  test("a redirect without a Location is a RedirectError with location undefined", async () => {
    service.handle((_req, res) => {
      res.writeHead(302);
      res.end();
    });
    const client = createMerchantPaymentsClient({
      baseUrl: service.baseUrl,
      token: "k9Qz7Lw2Xr5Tn8Vb",
    });
    const err = (await failure(
      client.getTransaction({ merchantAccountNumber: 12345678, transactionReferenceNumber: "T" }),
    )) as RedirectError;
    expect(err).toBeInstanceOf(RedirectError);
    expect(err.location).toBeUndefined();
    expect(service.received).toHaveLength(1);
  });

  test("the fetch transport asks fetch for redirect: manual", async () => {
    service.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    const seen: (RequestRedirect | undefined)[] = [];
    const client = createMerchantPaymentsClient({
      baseUrl: service.baseUrl,
      token: "k9Qz7Lw2Xr5Tn8Vb",
      fetch: (input, init) => {
        seen.push(init?.redirect);
        return fetch(input, init);
      },
    });
    await client.getTransaction({
      merchantAccountNumber: 12345678,
      transactionReferenceNumber: "T",
    });
    expect(seen).toEqual(["manual"]);
  });

  test("an opaque-redirect response (what a browser fetch gives) is a RedirectError with status 0", async () => {
    const opaque = Object.assign(new Response(null, { status: 200 }), {});
    Object.defineProperty(opaque, "type", { value: "opaqueredirect" });
    Object.defineProperty(opaque, "status", { value: 0 });
    const client = createMerchantPaymentsClient({
      baseUrl: service.baseUrl,
      token: "k9Qz7Lw2Xr5Tn8Vb",
      maxRetries: 5,
      fetch: async () => opaque,
    });
    const err = (await failure(
      client.getTransaction({ merchantAccountNumber: 12345678, transactionReferenceNumber: "T" }),
    )) as RedirectError;
    expect(err).toBeInstanceOf(RedirectError);
    expect(err.status).toBe(0);
    expect(err.location).toBeUndefined();
    expect(err.mayHaveBeenProcessed).toBe(true);
  });
});
