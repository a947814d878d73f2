// `pnpm lint` on a spec that holds operations of another API (spec/fixtures/real/README.md): the real documents are
// grafted with their own names into a copy of the spec (scripts/lib/graft-document.mjs) and linted in the two passes
// of `pnpm lint` (lint/own-files.yaml, lint/foreign-files.yaml). Another API's names and wording pass; our own files
// still fail the house rules when they break them; another API's files still fail the rules of validity.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { graftDocument, REAL_DIR, realSources } from "../../scripts/lib/graft-document.mjs";
import { lint, lintPasses, specDir } from "./redocly.js";

const scratch = mkdtempSync(join(tmpdir(), "spec-foreign-lint-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the spec sources with every real document grafted, in which `edit` then changed one file. */
function graftedCopy(name: string, edit?: { file: string; change: (text: string) => string }) {
  const root = join(scratch, name);
  cpSync(join(specDir, "openapi"), join(root, "spec", "openapi"), { recursive: true });
  cpSync(join(specDir, "fixtures", "real"), join(root, REAL_DIR), { recursive: true });
  // In a grown copy (pnpm test:grown) the spec holds the real documents already: they are linted as grafted there.
  for (const source of realSources(root))
    if (!existsSync(join(root, "spec", "openapi", "paths", source))) graftDocument(root, source);
  if (edit) {
    const target = join(root, "spec", "openapi", edit.file);
    const before = readFileSync(target, "utf8");
    const after = edit.change(before);
    expect(after, "the edit must change the file").not.toBe(before);
    writeFileSync(target, after);
  }
  return join(root, "spec", "openapi", "openapi.yaml");
}

const ruleIds = (result: ReturnType<typeof lint>) => result.problems.map((p) => p.ruleId);

describe("pnpm lint on a spec holding real documents of other APIs", () => {
  test("every real fixture is grafted: at least two documents", () => {
    expect(realSources(join(specDir, "..")).length).toBeGreaterThanOrEqual(2);
  });

  test("passes both passes with the documents' own names and wording (no error; warnings only from the second)", () => {
    const root = graftedCopy("as-grafted");
    const own = lint(root, lintPasses.own);
    expect(own.problems).toEqual([]);
    expect(own.status).toBe(0);
    const foreign = lint(root, lintPasses.foreign);
    expect(foreign.totals.errors).toBe(0);
    expect(foreign.status).toBe(0);
  });

  test("the spec's own files still fail the house rules beside them: a hyphenated operationId of ours", () => {
    const root = graftedCopy("own-hyphenated", {
      file: "paths/merchants_webhooks_delete.yaml",
      change: (text) =>
        text.replace(
          "operationId: deleteWebhookSubscription",
          "operationId: delete-webhook-subscription",
        ),
    });
    expect(ruleIds(lint(root, lintPasses.own))).toContain("rule/operation-id-camel-case");
  });

  test("the spec's own files still fail the house rules beside them: a property of ours without a description", () => {
    const root = graftedCopy("own-undescribed", {
      file: "components/schemas/FeeCalculation.yaml",
      change: (text) => text.replace("    description: Currency used for the calculation.\n", ""),
    });
    expect(ruleIds(lint(root, lintPasses.own))).toContain("rule/schema-properties-described");
  });

  test("a grafted path file without its x-foreign-source marker is judged by the house rules", () => {
    const root = graftedCopy("marker-removed", {
      file: "paths/museum/tickets.yaml",
      change: (text) => text.replace("x-foreign-source: museum\n", ""),
    });
    const own = lint(root, lintPasses.own);
    expect(own.status).not.toBe(0);
    expect(ruleIds(own)).toContain("rule/operation-safe-to-retry");
  });

  test("another API's files still fail the rules of validity: an example that violates its schema", () => {
    const root = graftedCopy("foreign-invalid-example", {
      file: "components/examples/museum/UpdateSpecialEventRequestExample.yaml",
      change: (text) => text.replace("price: 15", "price: fifteen"),
    });
    const foreign = lint(root, lintPasses.foreign);
    expect(foreign.status).not.toBe(0);
    expect(ruleIds(foreign)).toContain("no-invalid-media-type-examples");
  });
});
