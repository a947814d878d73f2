// transport: the request failed before a whole answer (a timeout, a reset, a body cut short, a refused connection…).
import { TRANSPORT_FAILURES, type TransportFailureKind } from "../exchange.js";
import { defect, NO_CONTENT, type VerifyCheck } from "./check.js";

/** Transport failures: the exchange's failure by name (a 204/205 cut short is the no-body check's). */
export const transportCheck: VerifyCheck<TransportFailureKind> = {
  title: "transport (timeout, reset, truncated body)",
  defects: TRANSPORT_FAILURES,
  find: ({ received }) => {
    if (received.kind !== "transport") return [];
    if (received.failure === "truncated-body" && NO_CONTENT.has(received.status ?? 0)) return [];
    return [defect(received.failure, received.message)];
  },
};
