import { loadBundle } from "@merchant-payments/spec";

/** The bundled spec the client was generated from. */
export const spec = loadBundle() as {
  paths: Record<string, Record<string, { operationId: string; "x-safe-to-retry": boolean }>>;
  components: {
    parameters?: Record<string, { name?: string; schema?: { enum?: string[] } }>;
    schemas: Record<string, Record<string, unknown>>;
    examples: Record<string, { value: unknown }>;
  };
};

/** The value of a named example of the spec. */
export function example<T = Record<string, unknown>>(name: string): T {
  const e = spec.components.examples[name];
  if (!e) throw new Error(`no example ${name}`);
  return structuredClone(e.value) as T;
}

/** The spec's merchant account number bounds. */
export const merchantBounds = spec.components.schemas.MerchantAccountNumber as {
  minimum: number;
  maximum: number;
};

/** The spec's maximum number of transactions in a batch. */
export const maxBatchItems = (
  spec.components.schemas.DisbursementBatch as {
    properties: { transactions: { maxItems: number } };
  }
).properties.transactions.maxItems;
