// The stand-in secrets of the spec's non-Bearer security schemes: apart from the client helper, so that a test that
// needs only them (one that runs the built client in a child process) does not reach the source entry and runs once,
// not once per transport project (vitest.config.ts).
import { loadBundle } from "@merchant-payments/spec";
import { credentialKind } from "@merchant-payments/spec/wire";

/**
 * A stand-in secret for every security scheme of the spec the token does not fill (an API key; HTTP Basic's
 * "user:password"), by scheme name: none for this spec's own Bearer-only operations, one each for a grown spec's.
 */
export const STAND_IN_API_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(loadBundle().components?.securitySchemes ?? {}).flatMap(([name, scheme]) => {
    const kind = credentialKind(scheme as Parameters<typeof credentialKind>[0]);
    if (kind === undefined || kind === "bearer") return [];
    return [[name, kind === "basic" ? "test-user:test-password" : "test-api-key"]];
  }),
);
