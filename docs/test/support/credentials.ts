// The environment the code samples run with: a stand-in credential for every security scheme the spec's operations
// use, under the shell variable the samples and the console's curl line read it from (`secretVariable`), and a
// stand-in for any other MERCHANT_PAYMENTS_* variable a sample reads (e.g. a client secret its body carries).
import type { OperationSpec, SecuritySchemeSpec } from "@merchant-payments/spec/model";
import { credentialKind } from "@merchant-payments/spec/wire";
import { secretVariable } from "../../src/console/security.js";

/** The variable every sample reads its base URL from: not a credential. */
const BASE_URL_VARIABLE = "MERCHANT_PAYMENTS_BASE_URL";

/** Every security scheme the operations use (any alternative), each once, in document order. */
function usedSchemes(ops: readonly OperationSpec[]): SecuritySchemeSpec[] {
  const schemes = new Map<string, SecuritySchemeSpec>();
  for (const op of ops)
    for (const alternative of op.security)
      for (const scheme of alternative)
        if (!schemes.has(scheme.key)) schemes.set(scheme.key, scheme);
  return [...schemes.values()];
}

/** A stand-in secret for a scheme: `token` for a bearer token, `user:password` for HTTP Basic, else a key. */
function standIn(scheme: SecuritySchemeSpec, token: string): string {
  const kind = credentialKind(scheme);
  if (kind === "bearer") return token;
  const name = scheme.key.toLowerCase();
  return kind === "basic" ? `${name}-user:${name}-p4ss` : `${name}-k3y`;
}

/** The MERCHANT_PAYMENTS_* variables a sample's text reads, but the base URL (`process.env.X`, `$X`, `${X…}`). */
function sampleVariables(sample: string): string[] {
  const names = new Set(sample.match(/\bMERCHANT_PAYMENTS_[A-Z0-9_]+\b/g) ?? []);
  names.delete(BASE_URL_VARIABLE);
  return [...names];
}

/**
 * The credentials the samples of `ops` run with, by variable: one per security scheme the operations use (the
 * bearer token is `token`), and a stand-in for every other MERCHANT_PAYMENTS_* variable their samples read.
 */
export function sampleCredentials(
  ops: readonly (OperationSpec & { typescript?: string | undefined; curl?: string | undefined })[],
  token: string,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const scheme of usedSchemes(ops)) env[secretVariable(scheme)] = standIn(scheme, token);
  for (const op of ops)
    for (const name of sampleVariables(`${op.typescript ?? ""}\n${op.curl ?? ""}`))
      env[name] ??= `${name.toLowerCase()}-stand-in`;
  return env;
}
