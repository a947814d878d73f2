// The lint rule merchant-payments/x-pagination (plugins/x-pagination.js) on one broken copy of the grown fixture: it
// keeps the fixture's paginated operation as it is and adds one copy of it per case, each broken once. One lint run
// (seconds) must pass the original and fail each copy with the rule's message.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type LintProblem, type LintResult, lintAsync, specDir } from "./redocly.js";

const RULE = "merchant-payments/x-pagination";
const PAGINATED = "transactions.yaml";
const scratch = mkdtempSync(join(tmpdir(), "x-pagination-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const setPagination = (block: string) => (text: string) =>
  text.replace(/ {2}x-pagination:\n( {4}.*\n)+/, `  x-pagination:\n${block}`);
/** The fixture's x-pagination block with a `limit` key naming `name`. */
const withLimit = (name: string) =>
  `    cursor: cursor\n    next: /nextCursor\n    items: /transactions\n    limit: ${name}\n`;
/** Copies the rule must pass: without the optional `limit` key (the fixture has one), the page size inferred. */
const accepted: [string, (text: string) => string][] = [
  [
    "no limit key (the page-size parameter inferred)",
    setPagination("    cursor: cursor\n    next: /nextCursor\n    items: /transactions\n"),
  ],
];
const cases: [string, (text: string) => string, string][] = [
  [
    "a cursor that is no query parameter of the operation",
    (text) => text.replace("    cursor: cursor\n", "    cursor: pageToken\n"),
    'x-pagination.cursor "pageToken" is not a query parameter of the operation.',
  ],
  [
    "a cursor parameter that is required",
    (text) =>
      text.replace(
        "    - name: cursor\n      in: query\n      required: false\n",
        "    - name: cursor\n      in: query\n      required: true\n",
      ),
    'x-pagination.cursor "cursor" must be optional: the first page is asked for without it.',
  ],
  [
    "a next pointer that does not resolve in the answer",
    (text) => text.replace("    next: /nextCursor\n", "    next: /next\n"),
    'x-pagination.next "/next" does not resolve in the 200 application/json answer schema.',
  ],
  [
    "an items pointer to something that is no array",
    (text) => text.replace("    items: /transactions\n", "    items: /nextCursor\n"),
    'x-pagination.items "/nextCursor" must point to an array in the 200 answer schema.',
  ],
  [
    "an items value that is no JSON Pointer",
    (text) => text.replace("    items: /transactions\n", "    items: transactions\n"),
    'x-pagination.items must be a JSON Pointer into the answer, such as "/items".',
  ],
  [
    "an unknown key",
    setPagination(
      "    cursor: cursor\n    next: /nextCursor\n    items: /transactions\n    pageSize: limit\n",
    ),
    'x-pagination has an unknown key "pageSize" (allowed: cursor, next, items, limit).',
  ],
  [
    "a limit that is no query parameter of the operation",
    setPagination(withLimit("pageSize")),
    'x-pagination.limit "pageSize" is not a query parameter of the operation.',
  ],
  [
    "a limit that is the cursor",
    setPagination(withLimit("cursor")),
    'x-pagination.limit "cursor" is the cursor: the page size needs its own parameter.',
  ],
  [
    "a limit that is no integer parameter",
    setPagination(withLimit("status")),
    'x-pagination.limit "status" must be an integer query parameter.',
  ],
  [
    "a value that is no object",
    setPagination("    - cursor\n"),
    "x-pagination must be an object { cursor, next, items }.",
  ],
];

/** The fixture (and the product sources it refers to) plus one broken copy of its paginated operation per case. */
function brokenFixture(): string {
  const root = join(scratch, "spec");
  cpSync(join(specDir, "openapi"), join(root, "openapi"), { recursive: true });
  const fixture = join(root, "fixtures", "grown");
  cpSync(join(specDir, "fixtures", "grown"), fixture, { recursive: true });
  const original = readFileSync(join(fixture, "paths", PAGINATED), "utf8");
  const edits = [...cases, ...accepted].map(([name, edit]) => [name, edit] as const);
  const paths = edits.map(([name, edit], i) => {
    const broken = edit(original).replace(/operationId: (\w+)/, `operationId: $1Broken${i}`);
    if (broken === original.replace(/operationId: (\w+)/, `operationId: $1Broken${i}`))
      throw new Error(`${name}: the edit did not change ${PAGINATED}`);
    writeFileSync(join(fixture, "paths", `broken_${i}.yaml`), broken);
    return `  /broken-${i}:\n    $ref: paths/broken_${i}.yaml\n`;
  });
  const rootFile = join(fixture, "openapi.yaml");
  const text = readFileSync(rootFile, "utf8");
  writeFileSync(rootFile, text.replace("\ncomponents:\n", `\n${paths.join("")}components:\n`));
  return rootFile;
}

let result: LintResult;
beforeAll(async () => {
  result = await lintAsync(brokenFixture());
}, 120_000);

/** The rule's messages about one path file of the broken copy. */
const messagesIn = (file: string) =>
  result.problems
    .filter((p: LintProblem) => p.ruleId === RULE)
    .filter((p) => p.location?.some((l) => l.source.ref.endsWith(`/paths/${file}`)))
    .map((p) => p.message);

describe("x-pagination lint rule", () => {
  test("passes the grown fixture's paginated operation", () => {
    expect(messagesIn(PAGINATED)).toEqual([]);
  });

  test("fails the copy, and only with its own rule's problems", () => {
    expect(result.status).not.toBe(0);
    expect(result.problems.filter((p) => p.ruleId !== RULE)).toEqual([]);
  });

  test.each(accepted.map(([name], i) => [name, cases.length + i] as const))(
    "passes %s",
    (_name, i) => {
      expect(messagesIn(`broken_${i}.yaml`)).toEqual([]);
    },
  );

  test.each(cases.map(([name, , message], i) => [name, message, i] as const))(
    "fails on %s",
    (_name, message, i) => {
      expect(messagesIn(`broken_${i}.yaml`)).toEqual([message]);
    },
  );
});
