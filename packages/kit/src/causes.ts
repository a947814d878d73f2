// The one walk along an error's `cause` chain. Dependency-free and runtime-neutral (`@merchant-payments/kit/causes`):
// the client bundles it; verify and the kit's HTTP module use it.

/** The error and its `cause`s, outermost first: objects only, at most `max` of them (a cycle ends there too). */
export function causeChain(error: unknown, max = 8): object[] {
  const chain: object[] = [];
  let current: unknown = error;
  while (chain.length < max && typeof current === "object" && current !== null) {
    if (chain.includes(current)) break;
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * The messages along an error's cause chain, each with its `code`, joined by ": ", e.g.
 * `fetch failed: connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED)`; `""` when none has a message or a code.
 */
export function describeCauses(error: unknown, max = 6): string {
  const parts: string[] = [];
  for (const link of causeChain(error, max)) {
    const { message, code } = link as { message?: unknown; code?: unknown };
    const coded = typeof code === "string" ? ` (${code})` : "";
    if (typeof message === "string" && message) parts.push(message + coded);
    else if (coded) parts.push(coded.trim());
  }
  return parts.join(": ");
}
