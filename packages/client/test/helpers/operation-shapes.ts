// Which operations a test may call with a request example alone, read from each operation's shape in the spec model:
// the client's calling convention passes an object body's properties as the one argument, so an operation whose
// only inputs are its JSON body (no path, query or cookie parameter, no required header the client does not copy
// from the body) is called with its example. Every other shape is called from its spec by the contract shape suites.
import type { OperationSpec } from "@merchant-payments/spec";
import { isJsonMedia } from "@merchant-payments/spec/wire";

/** True when `op` is called with its JSON request example alone (the spec model's rule). */
export { isBodyCall } from "@merchant-payments/spec";

/** The JSON media of the operation's first 2xx answer, if that answer is JSON. */
export function jsonSuccessMedia(op: OperationSpec) {
  const success = op.responses.find((response) => response.status.startsWith("2"));
  return success?.content.find((m) => isJsonMedia(m.mediaType));
}
