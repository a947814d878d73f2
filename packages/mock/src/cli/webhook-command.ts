// `merchant-payments-mock webhook <name> --to <url>`: delivers a webhook of the spec to a receiver under test and
// says what it answered. Exit 0: a 2xx; 1: another status; 2: an unknown webhook or one the spec cannot deliver;
// 3: nothing answered.
import { loadDocument } from "@merchant-payments/spec";
import { bundledSpecPath } from "../spec-source.js";
import {
  deliverWebhook,
  type WebhookDelivery,
  WebhookError,
  webhookDelivery,
} from "../webhooks.js";

/** Exit status when the receiver could not be reached (verify's and load's `UNREACHABLE_STATUS` too). */
const WEBHOOK_UNREACHABLE_STATUS = 3;

/** What the command reads: the webhook's name, the receiver's URL, the spec file and the timeout. */
interface WebhookCommandLine {
  /** The webhook's key in the spec's `webhooks`. */
  readonly name: string;
  /** The receiver's URL. */
  readonly to: string;
  /** The spec file; default the bundled spec. */
  readonly spec?: string;
  /** Milliseconds the receiver may take to answer. */
  readonly timeoutMs: number;
}

/** What was sent, in a few words: method, URL, media type and size, the headers' names. */
function sentLine(delivery: WebhookDelivery, to: string): string {
  const size =
    delivery.body === undefined
      ? "no body"
      : `${delivery.mediaType}, ${typeof delivery.body === "string" ? Buffer.byteLength(delivery.body) : delivery.body.byteLength} bytes`;
  const headers = Object.keys(delivery.headers).filter((h) => h !== "content-type");
  return `${delivery.method} ${to} (${size}${headers.length > 0 ? `; headers ${headers.join(", ")}` : ""})`;
}

/** Why nothing answered, in words: the network error's code, or the timeout. */
function unreachableReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Runs the command, printing through `print` (one line each); returns the exit status. */
export async function webhookCommand(
  line: WebhookCommandLine,
  print: (text: string) => void = console.log,
): Promise<number> {
  let delivery: WebhookDelivery;
  try {
    delivery = webhookDelivery(loadDocument(line.spec ?? bundledSpecPath()), line.name);
  } catch (error) {
    if (!(error instanceof WebhookError)) throw error;
    print(`merchant-payments-mock webhook: ${error.message}`);
    return 2;
  }
  const sent = sentLine(delivery, line.to);
  try {
    const outcome = await deliverWebhook(delivery, line.to, line.timeoutMs);
    const verdict = outcome.delivered
      ? "delivered (2xx)"
      : "not delivered: the receiver did not answer 2xx";
    print(
      `webhook ${delivery.name}: ${sent} → ${outcome.status} ${outcome.statusText}: ${verdict}`,
    );
    return outcome.delivered ? 0 : 1;
  } catch (error) {
    print(
      `merchant-payments-mock webhook: nothing answers at ${line.to} (${unreachableReason(error, line.timeoutMs)}): webhook ${delivery.name} not delivered (exit ${WEBHOOK_UNREACHABLE_STATUS})`,
    );
    return WEBHOOK_UNREACHABLE_STATUS;
  }
}
