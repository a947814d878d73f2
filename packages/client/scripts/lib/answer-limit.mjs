// The default of the client's \`maxResponseBytes\`: the spec model's largestMessageBytes (the spec's largest
// \`maxItems\` × 1 KiB + 1 MiB), the same limit the mock, the proxy and verify apply.
import { largestMessageBytes } from "@merchant-payments/spec/model";

/** The default answer limit in bytes for the operations of the spec model (\`operations(document)\`). */
export function defaultMaxResponseBytes(document, operationsList) {
  return largestMessageBytes(document, operationsList);
}
