// @ts-check
// `pnpm lint` of the spec, second step: the project's Spectral ruleset (.spectral.js: the OWASP API Security ruleset
// with the answers of spectral/owasp-answers.js) on the bundle. Prints one verdict line; on findings, each in full.

import { OWASP_LINTED_BUNDLE } from "./owasp-answers.js";
import { runSpectral } from "./run-spectral.js";

const findings = await runSpectral({ document: OWASP_LINTED_BUNDLE, ruleset: ".spectral.js" });
const count = (/** @type {string} */ severity) =>
  findings.filter((f) => f.severity === severity).length;
for (const finding of findings) {
  console.error(`${finding.severity} ${finding.code} at ${finding.pointer}: ${finding.message}`);
}
if (findings.length > 0) {
  console.error(
    "Fix each in the spec from a fact of its document, or answer it: the interface document's operations in spectral/owasp-answers.js, operations you added in a file of spectral/answers/ (see its README.md).",
  );
}
const verdict = `Spectral OWASP ruleset on ${OWASP_LINTED_BUNDLE}: ${count("error")} errors, ${count("warning")} warnings, ${findings.length} findings`;
if (findings.length > 0) {
  console.error(verdict);
  process.exit(1);
}
console.log(verdict);
