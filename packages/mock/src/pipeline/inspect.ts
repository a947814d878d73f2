// Stage 3, inspect: a non-empty body is parsed and validated by its media type (JSON in a worker when large; forms,
// text and bytes on the event loop); the checks read the result.
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec/model";
import { bodyKind } from "@merchant-payments/spec/model";
import type { createBodyInspector } from "../body-inspector.js";
import { propertiesToPick } from "../checks.js";
import { declaredMedia, parseContentType } from "../media.js";
import { inspectNonJsonBody } from "../non-json-body.js";
import type { CheckedHead } from "./check-head.js";

/** The declared media type of a body that is not JSON, with its kind; undefined for JSON (or nothing declared). */
function nonJsonMedia(operation: OperationSpec | undefined, contentType: string | undefined) {
  if (!operation || !contentType) return undefined;
  const essence = parseContentType(contentType)?.essence;
  if (essence === undefined) return undefined;
  const media = declaredMedia(operation, essence);
  const kind = bodyKind(essence);
  return media && kind !== "json" ? { media, kind } : undefined;
}

/** Records the body and its inspection in the head's context; an empty body is not inspected. */
export async function inspectRequestBody(
  head: CheckedHead,
  bytes: Uint8Array,
  inspector: ReturnType<typeof createBodyInspector>,
  ajv: SpecAjv,
  keepBodies: boolean,
): Promise<void> {
  head.context.bytes = bytes;
  if (bytes.length === 0) return;
  const contentType = head.context.headers["content-type"];
  const header = Array.isArray(contentType) ? contentType.join(", ") : contentType;
  const other = nonJsonMedia(head.operation, header);
  const properties = propertiesToPick(head.operation);
  head.context.inspection = other
    ? await inspectNonJsonBody(bytes, other.kind, header as string, other.media, {
        ajv,
        maxDepth: head.context.limits.maxDepth,
        properties,
      })
    : await inspector.inspect(bytes, head.operation, properties, keepBodies);
}
