// The package's entry under Node (the `node` export condition): the same API as the default entry, except that the
// typed methods send through the Node transport (node:http, keep-alive) unless the options name a `fetch` or a
// `transport`. Bun and Deno also match `node`; the package routes them to the default entry first, and this module
// keeps them on fetch should they load it anyway.
import { createMerchantPaymentsClient as createWithOptions } from "./client.js";
import { nodeTransport } from "./transport/node.js";

export * from "./index.js";

/** True under Node itself: Bun and Deno, which also provide `process.versions.node`, keep the fetch path. */
const isNode =
  typeof process === "object" &&
  typeof process.versions?.node === "string" &&
  !("Bun" in globalThis) &&
  !("Deno" in globalThis);

/**
 * Creates a client. Under Node, its typed methods use the Node transport (node:http with keep-alive connections, at
 * most 64 per origin) unless `fetch` or `transport` is given; everything else is as in the default entry.
 */
export const createMerchantPaymentsClient: typeof createWithOptions = ((options) =>
  createWithOptions(
    isNode && options && options.fetch === undefined && options.transport === undefined
      ? { ...options, transport: nodeTransport }
      : options,
  )) as typeof createWithOptions;
