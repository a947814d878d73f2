// The token out of verify's console and reports: a server may echo it back into anything it answers, and a V8
// JSON parse message quotes a few characters of a body, so every defect is scrubbed of it and of its fragments.
import { redactSecret } from "@merchant-payments/spec";
import type { Defect } from "./judge.js";

/** The defects with the token (and its fragments of 8+ characters) redacted from their paths and messages. */
export function scrubDefects(defects: Defect[], token: string): Defect[] {
  return defects.map((d) => ({
    ...d,
    path: redactSecret(d.path, token),
    message: redactSecret(d.message, token),
  }));
}
