import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import {
  INTERFACE_DOCUMENT,
  OWASP_LINTED_BUNDLE,
  OWASP_TOPICS,
  type OwaspAnswer,
  owaspAnswers,
} from "../spectral/owasp-answers.js";
import { runSpectral, SPEC_DIR, type SpectralFinding } from "../spectral/run-spectral.js";
import { loadBundle, resolvePointer } from "../src/index.js";

// The OWASP API Security ruleset on the bundle: every finding of the pure ruleset is answered by an override with a
// quote of the interface document (or was fixed in the spec, and then no longer appears), and no override outlives
// its finding. The interface document is the service's (a verbatim copy in spec/interface/).

/** One rule at one place: the unit an override answers. */
const key = (rule: string, pointer: string) => `${rule} at ${pointer}`;

/** Every (rule, place) pair the answers override. */
function answeredPairs(answers: readonly OwaspAnswer[]): string[] {
  return answers.flatMap((answer) =>
    answer.rules.flatMap((rule) => answer.paths.map((path) => key(rule, path))),
  );
}

/** Findings no answer overrides, as "rule at pointer: message". */
function unanswered(
  findings: readonly SpectralFinding[],
  answers: readonly OwaspAnswer[],
): string[] {
  const answered = new Set(answeredPairs(answers));
  return findings
    .filter((finding) => !answered.has(key(finding.code, finding.pointer)))
    .map((finding) => `${key(finding.code, finding.pointer)}: ${finding.message}`);
}

/** Overridden (rule, place) pairs at which the ruleset reports nothing. */
function stale(findings: readonly SpectralFinding[], answers: readonly OwaspAnswer[]): string[] {
  const found = new Set(findings.map((finding) => key(finding.code, finding.pointer)));
  return answeredPairs(answers).filter((pair) => !found.has(pair));
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const interfaceDocument = collapse(readFileSync(join(SPEC_DIR, INTERFACE_DOCUMENT), "utf8"));
const bundle = loadBundle();

let pureFindings: SpectralFinding[] = [];
let projectFindings: SpectralFinding[] = [];

beforeAll(async () => {
  [pureFindings, projectFindings] = await Promise.all([
    runSpectral({ document: OWASP_LINTED_BUNDLE, ruleset: "spectral/owasp-pure.js" }),
    runSpectral({ document: OWASP_LINTED_BUNDLE, ruleset: ".spectral.js" }),
  ]);
}, 600_000);

describe("the OWASP ruleset on the bundle", () => {
  test("still finds what the spec leaves open (the pure ruleset ran on the bundle)", () => {
    expect(pureFindings.length).toBeGreaterThan(0);
    expect(pureFindings.every((finding) => finding.code.startsWith("owasp:"))).toBe(true);
  });

  test("every finding of the pure ruleset is answered by an override", () => {
    expect(unanswered(pureFindings, owaspAnswers)).toEqual([]);
  });

  test("no override is stale: each rule reports at each of its places", () => {
    expect(stale(pureFindings, owaspAnswers)).toEqual([]);
  });

  test("no rule is answered twice at one place", () => {
    const pairs = answeredPairs(owaspAnswers);
    expect(pairs.filter((pair, index) => pairs.indexOf(pair) !== index)).toEqual([]);
  });

  test("the project ruleset (the overrides as Spectral applies them) reports nothing", () => {
    expect(projectFindings.map((finding) => key(finding.code, finding.pointer))).toEqual([]);
  });

  test("a finding without an answer, and an answer without a finding, are caught", () => {
    const [first, ...rest] = owaspAnswers;
    expect(unanswered(pureFindings, rest).length).toBeGreaterThan(0);
    const bogus = { ...first, paths: ["/components/schemas/Nowhere"] } as OwaspAnswer;
    expect(stale(pureFindings, [...owaspAnswers, bogus])).toContain(
      key(first?.rules[0] ?? "", "/components/schemas/Nowhere"),
    );
  });
});

describe("each override's reason", () => {
  test.each(owaspAnswers.map((answer) => [answer.rules.join(", "), answer] as const))(
    "%s: quotes the interface document verbatim and says why",
    (_rules, answer) => {
      expect(interfaceDocument).toContain(collapse(answer.quote));
      expect(answer.reason.trim().length).toBeGreaterThan(20);
      expect(Object.keys(OWASP_TOPICS)).toContain(answer.topic);
      expect(answer.section).toMatch(/^\d+(\.\d+)?(, \d+(\.\d+)?)*$/);
    },
  );

  test("every overridden place exists in the bundle", () => {
    const missing = owaspAnswers
      .flatMap((answer) => answer.paths)
      .filter((path) => {
        try {
          return resolvePointer(bundle, path) === undefined;
        } catch {
          return true;
        }
      });
    expect(missing).toEqual([]);
  });
});

describe("the findings fixed in the spec", () => {
  test("the merchant account number is int32: 10000000..99999999 fits (interface document 2.1 and 8)", () => {
    const schema = bundle.components.schemas.MerchantAccountNumber;
    expect(schema).toMatchObject({ type: "integer", format: "int32" });
    expect(schema.maximum).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(schema.minimum).toBeGreaterThanOrEqual(-(2 ** 31));
  });

  test("every server is https, declares its audience (x-internal) and names its environment", () => {
    expect(bundle.servers.length).toBeGreaterThan(0);
    for (const server of bundle.servers) {
      expect(server.url).toMatch(/^https:\/\//);
      expect(typeof server["x-internal"]).toBe("boolean");
      expect(server.description).toMatch(/sandbox|production|local|staging|test/i);
    }
  });
});
