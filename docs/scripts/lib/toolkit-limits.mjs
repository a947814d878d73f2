// @ts-check
// The toolkit's own limits, read from where the code defines them: the client's `clientDefaults` and the limits a
// started mock applies (its defaults, the body limit sized from the spec). For the "Security and limits" section.
import { clientDefaults } from "@merchant-payments/client";
import { startMock } from "@merchant-payments/mock";

/**
 * The client's defaults and the mock's limits in force; starts a mock on a free loopback port for the moment it takes.
 * @returns {Promise<{ client: import("./security-limits.mjs").ClientLimits, mock: import("./security-limits.mjs").MockLimits }>}
 */
export async function toolkitLimits() {
  const mock = await startMock({ port: 0, host: "127.0.0.1" });
  try {
    return { client: clientDefaults, mock: { ...mock.limits } };
  } finally {
    await mock.close();
  }
}
