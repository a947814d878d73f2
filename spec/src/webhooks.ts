// The document's `webhooks` (OpenAPI 3.1): a map of Path Item Objects keyed by the webhook's name, each operation of
// which is a request the API sends to a receiver. Read with the operations' own reading (`operationParts`): header
// parameters, request body media types with schemas and examples (the one example precedence), responses.
import { pointer } from "./json-pointer.js";
import {
  deref,
  HTTP_METHODS,
  isObject,
  type Json,
  type JsonObject,
  type OperationParts,
  operationParts,
} from "./model.js";
import { placed, SpecModelError } from "./spec-model-error.js";

/** One webhook: a request the API sends (one method of one entry of the document's `webhooks`). */
export interface WebhookSpec extends OperationParts {
  /** The webhook's key in `webhooks`, e.g. `newPet`: the name every package names it by. */
  readonly name: string;
  /** The operation's `operationId`, if it has one (webhooks need none). */
  readonly operationId: string | undefined;
  /** `webhook <name> METHOD`: what problems name it by. */
  readonly label: string;
}

function webhookLabel(name: string, method: string): string {
  return `webhook ${name} ${method.toUpperCase()}`;
}

function itemPointerOf(raw: Json, fallback: string): string {
  return isObject(raw) && typeof raw.$ref === "string" && raw.$ref.startsWith("#")
    ? decodeURIComponent(raw.$ref.slice(1))
    : fallback;
}

const webhookCache = new WeakMap<object, WebhookSpec[]>();

/**
 * Every webhook of `document` (its `webhooks`), in document order, one entry per method; empty when it has none.
 * Computed once per document object; a webhook it cannot read throws a `SpecModelError` naming it and the pointer.
 */
export function webhooks(document: Json): readonly WebhookSpec[] {
  const cached = webhookCache.get(document);
  if (cached) return cached;
  const result: WebhookSpec[] = [];
  const map: Json = isObject(document) ? document.webhooks : undefined;
  for (const [name, raw] of Object.entries(isObject(map) ? map : {})) {
    const own = pointer("webhooks", name);
    const itemPointer = itemPointerOf(raw, own);
    const item = placed({ operation: `webhook ${name}`, pointer: own }, () =>
      deref<JsonObject>(document, raw),
    );
    for (const method of HTTP_METHODS) {
      const op = isObject(item) ? item[method] : undefined;
      if (!isObject(op)) continue;
      const label = webhookLabel(name, method);
      const opPointer = `${itemPointer}${pointer(method)}`;
      const parts = operationParts(document, op, opPointer, {
        item,
        itemPointer,
        method,
        label,
        inheritSecurity: false,
      });
      const operationId = typeof op.operationId === "string" ? op.operationId : undefined;
      result.push({ ...parts, name, operationId, label });
    }
  }
  webhookCache.set(document, result);
  return result;
}

/**
 * The webhook named `name` (its one method, or `method` when given); throws a `SpecModelError` (at `/webhooks`) when
 * there is none, or when it has several methods and none is given.
 */
export function webhook(document: Json, name: string, method?: string): WebhookSpec {
  const found = webhooks(document).filter(
    (w) => w.name === name && (method === undefined || w.method === method.toUpperCase()),
  );
  const known = [...new Set(webhooks(document).map((w) => w.name))];
  if (found.length === 0)
    throw new SpecModelError(
      `webhook ${name}${method ? ` ${method.toUpperCase()}` : ""} is not in the spec (webhooks: ${known.join(", ") || "none"})`,
      { pointer: "/webhooks" },
    );
  if (found.length > 1)
    throw new SpecModelError(
      `webhook ${name} has several methods (${found.map((w) => w.method).join(", ")}): name one`,
      { pointer: pointer("webhooks", name) },
    );
  return found[0] as WebhookSpec;
}
