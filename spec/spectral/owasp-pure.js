// The OWASP API Security ruleset alone, with no override: what test/owasp.test.ts runs on the bundle to check that
// every finding is answered (fixed in the spec, or overridden in spectral/owasp-answers.js) and that no override is stale.
import owasp from "@stoplight/spectral-owasp-ruleset";

export default { extends: [owasp] };
