// Payloads from the spec's examples.
import type { paths } from "@merchant-payments/client";
import { deref, type Json, loadBundle, operation, responseFor } from "@merchant-payments/spec";

/** The headers the client sends (hand-written contenders send the same). */
export const HEADERS = {
  "content-type": "application/json",
  accept: "application/json",
  authorization: "Bearer bench-token",
  "accept-language": "en",
};

/** Path, first request example and schema, and first 200 example of an operation. */
export function example(operationId: string) {
  const { path, request } = operation(operationId);
  const answer = responseFor(operation(operationId), 200)?.content[0]?.examples[0]?.value;
  const [body, requestSchema] = [structuredClone(request?.examples[0]?.value), request?.schema];
  return { path: path as keyof paths, request: body, requestSchema, answer };
}

/** `value` with every number the schema types as a `decimal` written as its decimal string. */
export function withDecimalStrings(value: Json, schema: Json, doc: Json = loadBundle()): Json {
  const s = deref(doc, schema) ?? {};
  if (s.format === "decimal" && typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map((v) => withDecimalStrings(v, s.items, doc));
  if (!value || typeof value !== "object" || !s.properties) return value;
  const converted = { ...value };
  for (const key in value) converted[key] = withDecimalStrings(value[key], s.properties[key], doc);
  return converted;
}

/** The spec's submitDisbursementBatch example with `count` transactions (default maxItems), references unique. */
export function buildBatch(count?: number): Json {
  const { request, requestSchema } = example("submitDisbursementBatch");
  const { transactions } = deref(loadBundle(), requestSchema).properties;
  const length = count ?? deref(loadBundle(), transactions).maxItems;
  const items = Array.from({ length }, (_, i) => ({
    ...request.transactions[i % request.transactions.length],
    sourceReferenceNumber: `BENCH-${String(i + 1).padStart(6, "0")}`,
  }));
  return { header: request.header, transactions: items };
}
