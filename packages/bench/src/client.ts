// Loads @merchant-payments/client at run time. The harness codes against the documented public API
// (see the client README), so it does not need the client's types to build.

/** Options of createMerchantPaymentsClient used by the benchmarks. */
export interface ClientOptions {
  baseUrl: string;
  token: string;
  fetch?: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  maxRetries?: number;
}

/** The operations of the client used by the benchmarks. */
export interface MerchantPaymentsClient {
  getTransaction(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  submitDisbursementBatch(body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** The part of the client module used by the benchmarks. */
export interface ClientModule {
  createMerchantPaymentsClient(options: ClientOptions): MerchantPaymentsClient;
}

/** Package name of the client under test. */
export const CLIENT_PACKAGE: string = "@merchant-payments/client";

/** Imports the built client; resolves null (with the reason) if it is not built or lacks the factory. */
export async function loadClient(): Promise<{ module: ClientModule | null; reason: string }> {
  try {
    const mod = await import(CLIENT_PACKAGE);
    if (typeof mod.createMerchantPaymentsClient !== "function") {
      return { module: null, reason: "the client does not export createMerchantPaymentsClient" };
    }
    return { module: mod as ClientModule, reason: "" };
  } catch (error) {
    return {
      module: null,
      reason: `the client could not be imported: ${(error as Error).message}`,
    };
  }
}
