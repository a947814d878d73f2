// The secrets out of verify's console and reports: a server may echo them back into anything it answers, and a V8
// JSON parse message quotes a few characters of a body, so every defect is scrubbed of the token, the API key and
// their fragments.
import { type Issue, redactSecret } from "@merchant-payments/spec";
import type { DefectName } from "./judge.js";

/** `text` with every secret (and its fragments of 8+ characters) redacted. */
export function scrubText(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = redactSecret(out, secret);
  return out;
}

/** The defects with every secret redacted from their paths and messages. */
export function scrubDefects(
  defects: Issue<DefectName>[],
  secrets: readonly (string | undefined)[],
): Issue<DefectName>[] {
  return defects.map((d) => ({
    ...d,
    path: scrubText(d.path, secrets),
    message: scrubText(d.message, secrets),
  }));
}
