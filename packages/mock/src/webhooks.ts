// The webhooks of a document (OpenAPI 3.1's `webhooks` map: Path Items keyed by name) as deliveries the mock sends
// to a receiver under test: the documented method, each documented header with its example, the body's example in
// its documented media type. Read from the bundle here until the spec model reads `webhooks` itself.
import { deref, HTTP_METHODS, isObject, type Json, pointer } from "@merchant-payments/spec/model";
import { bodyKind } from "@merchant-payments/spec/wire";

/** A webhook the document cannot deliver, or a name it does not have: one line naming the webhook and the pointer. */
export class WebhookError extends Error {
  override name = "WebhookError";
}

/** One webhook delivery, ready to send. */
export interface WebhookDelivery {
  /** The webhook's key in `webhooks`, e.g. `publishNewEvent`. */
  readonly name: string;
  /** The documented method, upper case (the Path Item's first operation). */
  readonly method: string;
  /** JSON Pointer of the webhook's operation in the document, e.g. `/webhooks/publishNewEvent/post`. */
  readonly pointer: string;
  /** The headers sent: each documented header parameter with its example, and the body's Content-Type. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body's media type, when the webhook documents a body. */
  readonly mediaType?: string;
  /** The body as sent: JSON as text, other text as it is, binary as bytes; none without a body. */
  readonly body?: string | Uint8Array;
}

type JsonObject = Record<string, Json>;

/** The names of the document's webhooks, in document order (empty when it has none). */
export function webhookNames(document: Json): string[] {
  const webhooks = isObject(document) ? document.webhooks : undefined;
  return isObject(webhooks) ? Object.keys(webhooks) : [];
}

/** The first example a node gives: its `example`, else the first of its `examples` (a map of Example Objects, or a list). */
function exampleOf(document: Json, node: Json): { found: true; value: Json } | { found: false } {
  if (!isObject(node)) return { found: false };
  if ("example" in node) return { found: true, value: node.example as Json };
  const examples = node.examples;
  if (Array.isArray(examples) && examples.length > 0) return { found: true, value: examples[0] };
  if (isObject(examples)) {
    for (const raw of Object.values(examples)) {
      const example = deref<JsonObject>(document, raw);
      if (isObject(example) && "value" in example) return { found: true, value: example.value };
    }
  }
  return { found: false };
}

/** A parameter's or a media type's example, else its schema's. */
function exampleOrSchemaExample(document: Json, node: JsonObject) {
  const own = exampleOf(document, node);
  return own.found ? own : exampleOf(document, deref<Json>(document, node.schema ?? {}));
}

/** The body as sent for its media type: JSON as JSON text, a string as it is (text, XML), bytes for binary. */
function encodeBody(mediaType: string, value: Json): string | Uint8Array {
  const kind = bodyKind(mediaType);
  if (kind === "json") return JSON.stringify(value);
  if (typeof value === "string")
    return kind === "binary" && !/xml|yaml|csv|html|javascript/.test(mediaType)
      ? new TextEncoder().encode(value)
      : value;
  if (kind === "urlencoded" && isObject(value))
    return new URLSearchParams(
      Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    ).toString();
  throw new WebhookError(
    `its example is not text (${typeof value}): give the example as written on the wire`,
  );
}

/** The headers of a webhook's header parameters (Path Item's and the operation's), each from its example. */
function headersOf(
  document: Json,
  item: JsonObject,
  op: JsonObject,
  where: string,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const listed = [
    ...(Array.isArray(item.parameters) ? item.parameters : []),
    ...(Array.isArray(op.parameters) ? op.parameters : []),
  ];
  listed.forEach((raw, index) => {
    const parameter = deref<JsonObject>(document, raw);
    if (!isObject(parameter) || parameter.in !== "header" || typeof parameter.name !== "string")
      return;
    const example = exampleOrSchemaExample(document, parameter);
    if (!example.found) {
      if (parameter.required === true)
        throw new WebhookError(
          `its required header ${parameter.name} has no example (${where}/parameters/${index})`,
        );
      return;
    }
    headers[parameter.name] =
      typeof example.value === "string" ? example.value : JSON.stringify(example.value);
  });
  return headers;
}

/**
 * The delivery of webhook `name` of `document`. Throws `WebhookError`: an unknown name (listing the known ones), a
 * Path Item without an operation, a body or required header without an example (naming the webhook, its method and
 * the JSON Pointer).
 */
export function webhookDelivery(document: Json, name: string): WebhookDelivery {
  const names = webhookNames(document);
  if (!names.includes(name))
    throw new WebhookError(
      names.length === 0
        ? `the spec has no webhooks (no "webhooks" map): there is no webhook ${JSON.stringify(name)}`
        : `unknown webhook ${JSON.stringify(name)}: the spec's webhooks are ${names.join(", ")}`,
    );
  const item = deref<JsonObject>(
    document,
    (document as JsonObject).webhooks?.[name as never] as Json,
  );
  const lower = HTTP_METHODS.find((m) => isObject(item?.[m]));
  const method = lower?.toUpperCase();
  const itemPointer = pointer("webhooks", name);
  if (!method) throw new WebhookError(`webhook ${name} has no operation (${itemPointer})`);
  const at = `${itemPointer}/${lower}`;
  const op = item[lower as string] as JsonObject;
  const fail = (error: unknown): never => {
    throw error instanceof WebhookError && !error.message.startsWith("webhook ")
      ? new WebhookError(`webhook ${name} (${method} ${at}): ${error.message}`)
      : error;
  };
  try {
    const headers = headersOf(document, item, op, at);
    const requestBody = deref<JsonObject>(document, op.requestBody ?? {});
    const content = isObject(requestBody?.content) ? requestBody.content : {};
    const [mediaType, media] = Object.entries(content)[0] ?? [];
    if (mediaType === undefined) return { name, method, pointer: at, headers };
    const contentAt = `${at}${pointer("requestBody", "content", mediaType)}`;
    const example = exampleOrSchemaExample(document, isObject(media) ? (media as JsonObject) : {});
    if (!example.found)
      throw new WebhookError(`its ${mediaType} body has no example (${contentAt})`);
    let body: string | Uint8Array;
    try {
      body = encodeBody(mediaType, example.value);
    } catch (error) {
      throw new WebhookError(`${(error as Error).message} (${contentAt})`);
    }
    return {
      name,
      method,
      pointer: at,
      headers: { ...headers, "content-type": mediaType },
      mediaType,
      body,
    };
  } catch (error) {
    return fail(error);
  }
}

/** What the receiver answered. */
export interface WebhookOutcome {
  /** The receiver's status. */
  readonly status: number;
  /** The status' reason phrase as the receiver sent it. */
  readonly statusText: string;
  /** Whether the status is 2xx (the webhook was taken). */
  readonly delivered: boolean;
}

/** Sends `delivery` to `url` once (no redirect followed, bounded by `timeoutMs`); rejects when nothing answers. */
export async function deliverWebhook(
  delivery: WebhookDelivery,
  url: string,
  timeoutMs = 10_000,
): Promise<WebhookOutcome> {
  const response = await fetch(url, {
    method: delivery.method,
    headers: delivery.headers,
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
    ...(delivery.body === undefined
      ? {}
      : { body: typeof delivery.body === "string" ? delivery.body : Buffer.from(delivery.body) }),
  });
  await response.arrayBuffer().catch(() => undefined);
  return {
    status: response.status,
    statusText: response.statusText,
    delivered: response.status >= 200 && response.status < 300,
  };
}
