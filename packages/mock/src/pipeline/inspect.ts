// Stage 3, inspect: a non-empty body is parsed and validated (in a worker when large); the checks read the result.
import type { createBodyInspector } from "../body-inspector.js";
import { propertiesToPick } from "../checks.js";
import type { CheckedHead } from "./check-head.js";

/** Records the body and its inspection in the head's context; an empty body is not inspected. */
export async function inspectRequestBody(
  head: CheckedHead,
  bytes: Uint8Array,
  inspector: ReturnType<typeof createBodyInspector>,
  keepBodies: boolean,
): Promise<void> {
  head.context.bytes = bytes;
  if (bytes.length === 0) return;
  head.context.inspection = await inspector.inspect(
    bytes,
    head.operation,
    propertiesToPick(head.operation),
    keepBodies,
  );
}
