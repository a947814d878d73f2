import { describe, expectTypeOf, test } from "vitest";
import type { Issue, WebhookName, WebhookPayloads } from "../src/index.js";
import { parseWebhook, type WebhookBody, WebhookValidationError } from "../src/webhooks.js";

describe("the webhook types of the product spec", () => {
  test("the spec has no webhooks: no name is accepted", () => {
    expectTypeOf<WebhookName>().toEqualTypeOf<never>();
    // biome-ignore lint/complexity/noBannedTypes: the empty payload map of a spec without webhooks
    expectTypeOf<WebhookPayloads>().toEqualTypeOf<{}>();
    // @ts-expect-error: the product spec declares no webhook
    parseWebhook("transaction.settled", "{}");
  });

  test("WebhookValidationError names the webhook, the first field's pointer and every issue", () => {
    const error = new WebhookValidationError("x", [{ path: "/a", message: "must be a string" }]);
    expectTypeOf(error.webhook).toEqualTypeOf<string>();
    expectTypeOf(error.pointer).toEqualTypeOf<string>();
    expectTypeOf(error.issues).toEqualTypeOf<readonly Issue[]>();
    expectTypeOf(error).toMatchTypeOf<Error>();
  });

  test("a body is text, bytes or an already parsed value", () => {
    expectTypeOf<string>().toMatchTypeOf<WebhookBody>();
    expectTypeOf<Uint8Array>().toMatchTypeOf<WebhookBody>();
    expectTypeOf<{ a: 1 }>().toMatchTypeOf<WebhookBody>();
  });
});
