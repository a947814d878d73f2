// The one deadline-or-abort timer lives in the spec package (dependency-free, bundled in): the shared HTTP module uses it too.
export { MAX_TIMER_MS, whenAbortedOrDue } from "@merchant-payments/kit/timers";
