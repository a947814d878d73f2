// transport: the request failed before a whole answer (a timeout, a reset, a body cut short, a refused connection…).
import { defect, NO_CONTENT, type VerifyCheck } from "./check.js";

/** Defects of a failed exchange: the transport failure's own name. */
const TRANSPORT_DEFECTS = [
  "timeout",
  "reset",
  "truncated-body",
  "response-too-large",
  "corrupt-coding",
  "connection-refused",
  "connection-failed",
] as const;

/** Transport failures: the exchange's failure by name (a 204/205 cut short is the no-body check's). */
export const transportCheck: VerifyCheck<(typeof TRANSPORT_DEFECTS)[number]> = {
  title: "transport (timeout, reset, truncated body)",
  defects: TRANSPORT_DEFECTS,
  find: ({ received }) => {
    if (received.kind !== "transport") return [];
    if (received.failure === "truncated-body" && NO_CONTENT.has(received.status ?? 0)) return [];
    return [defect(received.failure, received.message)];
  },
};
