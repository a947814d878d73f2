// Receiving the spec's webhooks: `parseWebhook(name, body)` checks a delivered payload against the webhook's schema
// (the generated validators of src/generated/webhooks.ts) and hands it over typed, or throws a
// `WebhookValidationError` naming the webhook and every field at fault (JSON Pointer).
import { formatIssues, type Issue } from "@merchant-payments/spec/issues";
import { webhookNames, webhookValidators } from "./generated/webhook-validators.js";
import type { WebhookName, WebhookPayloads } from "./generated/webhooks.js";

export type { WebhookName, WebhookPayloads } from "./generated/webhooks.js";

/**
 * A received webhook payload breaks the spec (or is not JSON): `webhook` names the webhook, `issues` every
 * violation with the JSON Pointer of its field (`pointer`: the first one's). Not a `MerchantPaymentsError`: no request
 * of the client is involved.
 */
export class WebhookValidationError extends Error {
  /** The webhook's name, as the spec's `webhooks` keys it. */
  declare readonly webhook: string;
  /** Every violation, e.g. `{ path: "/booking/amount", message: "must be a finite number" }`. */
  declare readonly issues: readonly Issue[];
  /** The JSON Pointer of the first field at fault (`""`: the whole payload). */
  declare readonly pointer: string;
  /** Built by `parseWebhook`. */
  constructor(webhook: string, issues: readonly Issue[]) {
    super(`Invalid payload of webhook "${webhook}": ${formatIssues(issues)}`);
    this.webhook = webhook;
    this.issues = issues;
    this.pointer = issues[0]?.path ?? "";
  }

  override get name(): string {
    return "WebhookValidationError";
  }
}

/** A received body: the raw text or bytes of the request, or the value a framework already parsed from JSON. */
export type WebhookBody = string | Uint8Array | ArrayBuffer | object | null | number | boolean;

/** The body as a JSON value: text and bytes parsed (UTF-8), anything else as given; a body that is no JSON is one issue. */
function jsonOf(webhook: string, body: WebhookBody): unknown {
  if (typeof body !== "string" && !(body instanceof Uint8Array) && !(body instanceof ArrayBuffer))
    return body;
  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new WebhookValidationError(webhook, [
      { path: "", message: `is not JSON (${(error as Error).message})` },
    ]);
  }
}

/**
 * Checks a received payload of the webhook `name` against its schema in the spec and returns it typed; throws a
 * `WebhookValidationError` naming the webhook and each field at fault, or a TypeError for a name the spec lacks.
 */
export function parseWebhook<Name extends WebhookName>(
  name: Name,
  body: WebhookBody,
): WebhookPayloads[Name] {
  if (!webhookNames.includes(name as string)) {
    throw new TypeError(
      `parseWebhook: the spec has no webhook ${JSON.stringify(name)}${webhookNames.length > 0 ? ` (it has: ${webhookNames.join(", ")})` : " (it has none)"}`,
    );
  }
  const value = jsonOf(name as string, body);
  const validate = webhookValidators[name as string];
  if (validate) {
    const issues: Issue[] = [];
    validate(value, issues);
    if (issues.length > 0) throw new WebhookValidationError(name as string, issues);
  }
  return value as WebhookPayloads[Name];
}
