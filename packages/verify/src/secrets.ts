// The secrets out of verify's console and reports: a server may echo them back into anything it answers, and a V8
// JSON parse message quotes a few characters of a body, so every defect is scrubbed of the token, the API key and
// their fragments.
import { redactSecret } from "@merchant-payments/kit/redact";
import type { Issue } from "@merchant-payments/spec";
import type { DefectName } from "./checks/index.js";

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
