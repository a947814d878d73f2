import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import {
  INTERFACE_DOCUMENT,
  OWASP_ANSWERS_DIR,
  OWASP_LINTED_BUNDLE,
  OWASP_TOPICS,
  type OwaspAnswer,
  OwaspAnswersFileError,
  owaspAnswers,
  parseAnswersFile,
  readAnswersFiles,
  withCopies,
} from "../spectral/owasp-answers.js";
import { runSpectral, SPEC_DIR, type SpectralFinding } from "../spectral/run-spectral.js";
import { loadBundle, resolvePointer } from "../src/index.js";

// The OWASP API Security ruleset on the bundle: every finding of the pure ruleset is answered by an override with a
// quote of the interface document (or was fixed in the spec, and then no longer appears), and no override outlives
// its finding. The interface document is the service's (a verbatim copy in spec/interface/); operations added beyond
// it are answered in spectral/answers/, each file quoting the document it names.

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
/** The quoted documents' texts (whitespace collapsed), by path relative to the spec package. */
const documents = new Map<string, string>();
const documentText = (path: string) => {
  if (!documents.has(path))
    documents.set(path, collapse(readFileSync(join(SPEC_DIR, path), "utf8")));
  return documents.get(path) ?? "";
};
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
    "%s: quotes its document verbatim and says why",
    (_rules, answer) => {
      expect(documentText(answer.document.path)).toContain(collapse(answer.quote));
      expect(answer.document.title.length).toBeGreaterThan(0);
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

describe("an answer about a component holds for its specialized copies", () => {
  const answer = {
    rules: ["owasp:api4:2023-integer-limit"],
    paths: [
      "/components/schemas/Planet/properties/id",
      "/components/schemas/Planet/properties/name",
    ],
  } as OwaspAnswer;
  const copies = new Map([
    [
      "/components/schemas/Planet",
      [
        // A request view: the readOnly id left out.
        { pointer: "/components/schemas/PlanetRequest", schema: { properties: { name: {} } } },
        {
          pointer: "/components/schemas/PlanetResponse",
          schema: { properties: { id: {}, name: {} } },
        },
      ],
    ],
  ]);

  test("at each place a copy has, and not where the copy lacks it", () => {
    expect(withCopies(answer, copies).paths).toEqual([
      ...answer.paths,
      "/components/schemas/PlanetResponse/properties/id",
      "/components/schemas/PlanetRequest/properties/name",
      "/components/schemas/PlanetResponse/properties/name",
    ]);
  });
});

describe("the answers files of spectral/answers/ (operations added beyond the interface document's)", () => {
  const answer = {
    rules: ["owasp:api4:2023-string-limit"],
    paths: ["/components/schemas/Refund/properties/refundId"],
    topic: "lengths-and-formats",
    section: "3",
    quote: "Length of the refund identifier: not shown.",
    reason: "The identifier's length is not given, so no maxLength is declared.",
  };
  const file = (fields: Record<string, unknown>) => JSON.stringify(fields);

  test("the interface document's answers quote it, and name it as their document", () => {
    const own = owaspAnswers.filter((a) => a.document.path === INTERFACE_DOCUMENT);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((a) => a.document.title)).size).toBe(1);
  });

  test("a file's answers carry its document, and every file of the folder is read in name order", () => {
    const dir = mkdtempSync(join(tmpdir(), "owasp-answers-"));
    try {
      mkdirSync(join(dir, OWASP_ANSWERS_DIR), { recursive: true });
      const write = (name: string, quote: string) =>
        writeFileSync(
          join(dir, OWASP_ANSWERS_DIR, name),
          file({ document: "refunds.md", title: "Refunds", answers: [{ ...answer, quote }] }),
        );
      write("b.yaml", "second");
      write("a.yml", "first");
      writeFileSync(join(dir, OWASP_ANSWERS_DIR, "README.md"), "# not read");
      const read = readAnswersFiles(dir);
      expect(read.map((a) => a.quote)).toEqual(["first", "second"]);
      expect(read[0]?.document).toEqual({ path: "refunds.md", title: "Refunds" });
      expect(readAnswersFiles(join(dir, "nowhere"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test.each([
    ["no document", { title: "T", answers: [answer] }, "`document`"],
    ["no title", { document: "d.md", answers: [answer] }, "`title`"],
    ["no answers", { document: "d.md", title: "T", answers: [] }, "`answers`"],
    [
      "a rule not of OWASP",
      { document: "d.md", title: "T", answers: [{ ...answer, rules: ["x"] }] },
      "answers[0].rules",
    ],
    [
      "a place not a pointer",
      { document: "d.md", title: "T", answers: [{ ...answer, paths: ["a"] }] },
      "answers[0].paths",
    ],
    [
      "an unknown topic",
      { document: "d.md", title: "T", answers: [{ ...answer, topic: "x" }] },
      "answers[0].topic",
    ],
    [
      "no quote",
      { document: "d.md", title: "T", answers: [{ ...answer, quote: " " }] },
      "answers[0].quote",
    ],
  ])(
    "a file with %s is refused with an error naming the file and the field",
    (_case, fields, named) => {
      const parse = () => parseAnswersFile(file(fields), "spectral/answers/x.yaml");
      expect(parse).toThrow(OwaspAnswersFileError);
      expect(parse).toThrow(`spectral/answers/x.yaml: ${named}`);
    },
  );

  test("a file that is not YAML is refused with an error naming it", () => {
    expect(() => parseAnswersFile("a: [", "spectral/answers/x.yaml")).toThrow(
      /^spectral\/answers\/x\.yaml: not YAML/,
    );
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
