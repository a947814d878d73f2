import { describe, expectTypeOf, test } from "vitest";
import type { Issue, WebhookName, WebhookPayloads } from "../src/index.js";
import { parseWebhook, type WebhookBody, WebhookValidationError } from "../src/webhooks.js";

describe("the webhook types of the spec", () => {
  test("a webhook's name is a key of the payloads, and no other name is accepted", () => {
    // The product spec declares none (WebhookName is never); a grown one's names are its webhooks' (package.test.ts
    // checks the generated names against the spec's).
    expectTypeOf<WebhookName>().toEqualTypeOf<keyof WebhookPayloads>();
    // @ts-expect-error: no webhook of the spec has this name
    parseWebhook("transaction.settled (no webhook of the spec)", "{}");
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
