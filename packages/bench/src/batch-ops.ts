import type { ClientModule } from "./client.js";
import { type BatchBody, responseExample } from "./spec.js";
import { stubbedClient, stubbedOpenapiFetch } from "./stub.js";

/** Names of the batch contenders, in table order. */
export const BATCH_CONTENDERS = [
  "JSON.stringify",
  "@merchant-payments/client",
  "openapi-fetch",
] as const;

/** One batch contender: validates (if it does) and serializes a batch, with a stubbed fetch. */
export type BatchOp = (body: BatchBody) => Promise<unknown>;

/** Builds the batch operation of a contender; null if it is the client and the client is not built. */
export function batchOp(
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: the bundled spec document.
  doc: any,
  client: ClientModule | null,
): BatchOp | null {
  const answer = JSON.stringify(responseExample(doc, "submitDisbursementBatch"));
  switch (name) {
    case "JSON.stringify":
      // Returns the length only: like the clients, it does not keep the string after the call.
      return async (body) => JSON.stringify(body).length;
    case "@merchant-payments/client": {
      if (!client) return null;
      const ours = stubbedClient(client, answer);
      return (body) => ours.submitDisbursementBatch(body as unknown as Record<string, unknown>);
    }
    case "openapi-fetch": {
      const bare = stubbedOpenapiFetch(answer);
      return async (body) => {
        const { data, error } = await bare.POST("/disbursements/batch/addJson", {
          body: body as never,
        });
        if (error !== undefined) throw new Error("openapi-fetch: error response");
        return data;
      };
    }
    default:
      throw new Error(`unknown batch contender ${name}`);
  }
}
