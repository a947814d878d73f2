// Payloads from the spec's examples, and the client under test loaded so that a missing build or feature
// becomes a "not available yet" note instead of a crash.
import type { ClientOptions, MerchantPaymentsClient, paths } from "@merchant-payments/client";
import { deref, type Json, loadBundle, operation, responseFor } from "@merchant-payments/spec";

/** The client package's module, or why it could not be imported. */
export type ClientModule = typeof import("@merchant-payments/client") | string;

/** Client options this harness passes, including `decimals` (its type may not be in the build yet). */
export type BenchClientOptions = ClientOptions & { decimals?: "number" | "string" };

/** The headers the client sends (hand-written contenders send the same). */
export const HEADERS = {
  "content-type": "application/json",
  accept: "application/json",
  authorization: "Bearer bench-token",
  "accept-language": "en",
};

/** Path, first request example and schema, and first 200 example and schema of an operation. */
export function example(operationId: string) {
  const op = operation(operationId);
  const answer = responseFor(op, 200)?.content[0];
  const request = structuredClone(op.request?.examples[0]?.value);
  const requestSchema = op.request?.schema;
  return {
    path: op.path as keyof paths,
    request,
    requestSchema,
    answer: answer?.examples[0]?.value,
    schema: answer?.schema,
  };
}

/** `value` with every number the schema types as a `decimal` written as its decimal string. */
export function withDecimalStrings(value: Json, schema: Json, doc: Json = loadBundle()): Json {
  const s = deref(doc, schema) ?? {};
  if (s.format === "decimal" && typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map((v) => withDecimalStrings(v, s.items, doc));
  if (!value || typeof value !== "object" || !s.properties) return value;
  const entries = Object.entries(value).map(([k, v]) => [
    k,
    withDecimalStrings(v, s.properties[k], doc),
  ]);
  return Object.fromEntries(entries);
}

/** The spec's submitDisbursementBatch example with `count` transactions (maxItems by default), references unique. */
export function buildBatch(count?: number): Json {
  const doc = loadBundle();
  const schema = deref(doc, operation("submitDisbursementBatch").request?.schema);
  const { header, transactions } = example("submitDisbursementBatch").request;
  const length = count ?? deref(doc, schema.properties.transactions).maxItems;
  const items = Array.from({ length }, (_, i) => ({
    ...transactions[i % transactions.length],
    sourceReferenceNumber: `BENCH-${String(i + 1).padStart(6, "0")}`,
  }));
  return { header, transactions: items };
}

/** A fetch answering 200 with `answer` at once, without the network and without reading the request. */
export const stubFetch = (answer: unknown) => async () => Response.json(answer);

/** Imports the built client; resolves the reason as a string when it cannot. */
export async function loadClient(): Promise<ClientModule> {
  try {
    return await import("@merchant-payments/client");
  } catch (error) {
    return `@merchant-payments/client is not built (${(error as Error).message})`;
  }
}

/** A client with `options`; throws the reason when the client module could not be loaded. */
export function clientWith(
  client: ClientModule,
  options: BenchClientOptions,
): MerchantPaymentsClient {
  if (typeof client === "string") throw new Error(client);
  return client.createMerchantPaymentsClient(options);
}
