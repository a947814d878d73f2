// One timer for a deadline or an abort, runtime-neutral and dependency-free: the client bundles it, the shared
// HTTP module (`@merchant-payments/kit/http`) uses it for its deadline.

/** Longest delay setTimeout accepts (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2147483647;

/**
 * Calls `fire(true)` when `signal` aborts, or `fire(false)` after `ms` milliseconds (Infinity: never; a longer delay than
 * a timer takes is clamped to MAX_TIMER_MS, as a bigger one would fire at once), whichever comes first, once. Returns
 * the function that cancels both.
 */
export function whenAbortedOrDue(
  ms: number,
  signal: AbortSignal | undefined,
  fire: (aborted: boolean) => void,
): () => void {
  const onAbort = () => {
    stop();
    fire(true);
  };
  const timer =
    ms === Number.POSITIVE_INFINITY
      ? undefined
      : setTimeout(
          () => {
            stop();
            fire(false);
          },
          Math.min(ms, MAX_TIMER_MS),
        );
  const stop = () => {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  return stop;
}
