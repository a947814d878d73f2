// What the client does on the wire, against a real local server whose answers each test scripts: the request
// headers it sends, what it retries with retries on, and the shape of what its methods resolve to.
import type { ServerResponse } from "node:http";
import {
  createMerchantPaymentsClient,
  type MerchantPaymentsClient,
  ServerError,
} from "@merchant-payments/client";
import { type OperationSpec, responseFor } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from "vitest";
import { exampleRequest, methodOf } from "../src/checks.js";
import { REQUEST_TIMEOUT_MS, TOKEN } from "../src/harness.js";
import { errorsAt, resolvedShapePointer, successMediaOf } from "../src/operation-parts.js";
import { bodyCallOperations, spec, validator } from "./setup-mock.js";

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(async () => {
  await server?.close();
});

/** Answers with the operation's documented example of `status` (first named example, its media type). */
function answerExample(
  response: ServerResponse,
  op: OperationSpec,
  status: number,
  name?: string,
): void {
  const media = responseFor(op, status)?.content[0];
  const example = name ? media?.examples.find((e) => e.name === name) : media?.examples[0];
  if (!media || !example) throw new Error(`${op.operationId} documents no example for ${status}`);
  sendJson(response, status, example.value, { "content-type": media.mediaType });
}

/** A client of the loopback server: retries as given, a fast backoff so that retries cost no time. */
function localClient(options: { maxRetries?: number; acceptLanguage?: string } = {}) {
  return createMerchantPaymentsClient({
    baseUrl: server.baseUrl,
    token: TOKEN,
    maxRetries: options.maxRetries ?? 0,
    timeoutMs: REQUEST_TIMEOUT_MS,
    backoff: { baseDelayMs: 1, maxDelayMs: 2 },
    ...(options.acceptLanguage ? { acceptLanguage: options.acceptLanguage } : {}),
  });
}

/** The default the spec gives the Accept-Language header of `op`. */
function acceptLanguageDefault(op: OperationSpec): unknown {
  return op.headers.find((h) => h.name.toLowerCase() === "accept-language")?.schema.default;
}

describe.each(bodyCallOperations.map((op) => [op.operationId, op] as const))("%s", (_id, op) => {
  test("sends Authorization, Content-Type, an Accept admitting every documented media type, the spec's default Accept-Language and the headers bound to body properties", async () => {
    server.handle((_request, response) => answerExample(response, op, 200));
    const body = exampleRequest(op) as Record<string, unknown>;
    await methodOf(localClient(), op.operationId)(body);
    expect(server.received).toHaveLength(1);
    const headers = server.received[0]?.headers ?? {};
    expect(headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(headers["content-type"]).toMatch(/^application\/json\b/);
    const accept = String(headers.accept ?? "");
    for (const media of new Set(op.responses.flatMap((r) => r.content.map((m) => m.mediaType)))) {
      expect(
        accept.includes(media) || accept.includes("*/*"),
        `Accept "${accept}" admits ${media}`,
      ).toBe(true);
    }
    expect(acceptLanguageDefault(op), "the spec gives Accept-Language a default").toBeDefined();
    expect(headers["accept-language"]).toBe(acceptLanguageDefault(op));
    for (const header of op.headers.filter((h) => h.equalsBodyProperty !== undefined)) {
      expect(headers[header.name.toLowerCase()]).toBe(
        String(body[header.equalsBodyProperty as string]),
      );
    }
  });

  test("sends the client's acceptLanguage, and a call's own acceptLanguage over it", async () => {
    server.handle((_request, response) => answerExample(response, op, 200));
    const method = methodOf(localClient({ acceptLanguage: "fr-CA" }), op.operationId);
    await method(exampleRequest(op));
    await method(exampleRequest(op), { acceptLanguage: "de" });
    expect(server.received.map((r) => r.headers["accept-language"])).toEqual(["fr-CA", "de"]);
  });

  const shape = resolvedShapePointer(spec, op);
  test.each(successMediaOf(op).examples.map((e) => e.name))(
    "resolves the documented 200 answer %s to the shape its method declares",
    async (name) => {
      server.handle((_request, response) => answerExample(response, op, 200, name));
      const result = await methodOf(localClient(), op.operationId)(exampleRequest(op));
      expect(errorsAt(validator, shape, result)).toEqual([]);
    },
  );
});

describe("with retries on (maxRetries 5)", () => {
  const unsafe = bodyCallOperations.filter((op) => op.safeToRetry === false);
  const safe = bodyCallOperations.filter((op) => op.safeToRetry === true);

  test("the spec marks at least one operation not safe to retry, and at least one safe", () => {
    expect(unsafe.length).toBeGreaterThan(0);
    expect(safe.length).toBeGreaterThan(0);
  });

  test.each(unsafe.map((op) => [op.operationId, op] as const))(
    "does not retry %s after a 503: it is sent once and the ServerError is thrown",
    async (_id, op) => {
      server.handle((_request, response) => answerExample(response, op, 503));
      const outcome = await methodOf(
        localClient({ maxRetries: 5 }),
        op.operationId,
      )(exampleRequest(op)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(outcome).toBeInstanceOf(ServerError);
      expect((outcome as ServerError).status).toBe(503);
      expect(server.received).toHaveLength(1);
    },
  );

  test.each(safe.map((op) => [op.operationId, op] as const))(
    "retries %s after a 503 (the control: retries are on)",
    async (_id, op) => {
      server.handle((_request, response, n) => answerExample(response, op, n === 0 ? 503 : 200));
      await methodOf(localClient({ maxRetries: 5 }), op.operationId)(exampleRequest(op));
      expect(server.received).toHaveLength(2);
    },
  );
});

test("the webhook deletion resolves to { message } in the method's declared type", () => {
  type Deletion = Awaited<ReturnType<MerchantPaymentsClient["deleteWebhookSubscription"]>>;
  expectTypeOf<Deletion>().toExtend<{ message: string }>();
  expectTypeOf<Deletion>().not.toExtend<string>();
});
