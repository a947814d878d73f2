// The breaking-change gate on edited copies of the bundle. Optic takes seconds per run, so every optic run of this
// file starts once, side by side, in beforeAll: one copy carries all the breaking edits (each at its own place),
// one all the harmless ones (the two compared by one optic process), and the command line runs on two small documents
// with and without a major changeset.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleJsonPath } from "@merchant-payments/spec";
import { deref, type JsonObject, operations } from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BreakingChange } from "../src/breaking-change.js";
import { pendingChangesets } from "../src/changesets.js";
import { breakingChangesEach, formatBreakingChange, formatReport, gate } from "../src/gate.js";
import { opticTimeoutMs } from "../src/optic.js";
import { workspaceRoot } from "../src/paths.js";
import { runGroup } from "../src/process-group.js";
import {
  neededBump,
  packagesGeneratedFromSpec,
  packagesMissingBump,
  SPEC_PACKAGE,
} from "../src/release-step.js";
import {
  bundleCopy,
  first,
  opLabel,
  requestProperties,
  responseProperties,
  responseUnions,
  writeSpec,
} from "./mutations.js";

const cli = fileURLToPath(new URL("../dist/spec-diff-cli.js", import.meta.url));
const CLI_TIMEOUT_MS = 120_000;

let dir: string;
let breaking: BreakingChange[];
let harmless: BreakingChange[];
let cliWithout: { code: number | null; output: string };
let generated: string[];
let minorForAllRoot: string;
let cliWithMajor: { code: number | null; output: string };

// --- the breaking copy: targets found through the model, edited after all are found ---
const broken = bundleCopy();
const widenedUnion = first(
  responseUnions(broken),
  () => true,
  "response body that is a oneOf/anyOf",
);
const removedField = first(
  responseProperties(broken),
  (t) => Array.isArray(t.parent.required) && t.parent.required.includes(t.name),
  "required response property",
);
const retyped = first(
  requestProperties(broken),
  (t) => t.schema.type === "number",
  "number request property",
);
const capped = first(
  requestProperties(broken),
  (t) => typeof t.schema.maxItems === "number",
  "request array with maxItems",
);
const bounded = first(
  requestProperties(broken),
  (t) => typeof t.schema.maximum === "number",
  "request number with a maximum",
);
const openEnum = first(
  requestProperties(broken),
  (t) =>
    Array.isArray(t.schema.anyOf) &&
    t.schema.anyOf.some((b: JsonObject) => Array.isArray(deref<JsonObject>(broken, b).enum)),
  "open request enum (anyOf: [enum, string])",
);
const newlyRequired = first(requestProperties(broken), () => true, "request body");
// The operation removed is one no other edit touches, so that none of them hides inside the removal.
const editedOps = new Set(
  [widenedUnion, removedField, retyped, capped, bounded, openEnum, newlyRequired].map(
    (t) => t.op.operationId,
  ),
);
const removedOp = operations(broken)
  .filter((op) => !editedOps.has(op.operationId))
  .at(-1);
if (!removedOp) throw new Error("The spec has no operation left to remove");
const maxItemsBefore: number = capped.schema.maxItems;
const maximumBefore: number = bounded.schema.maximum;

{
  delete removedField.parent.properties[removedField.name];
  removedField.parent.required = removedField.parent.required.filter(
    (n: string) => n !== removedField.name,
  );
  retyped.parent.properties[retyped.name] = { type: "string" };
  capped.schema.maxItems = maxItemsBefore - 1;
  bounded.schema.maximum = maximumBefore - 1;
  const known = openEnum.schema.anyOf.find((b: JsonObject) => Array.isArray(deref(broken, b).enum));
  openEnum.parent.properties[openEnum.name] = structuredClone(deref(broken, known));
  newlyRequired.parent.properties.addedRequiredField = { type: "string" };
  newlyRequired.parent.required = [...(newlyRequired.parent.required ?? []), "addedRequiredField"];
  widenedUnion.branches.push({ type: "number", description: "A new shape of the answer." });
  const item = broken.paths[removedOp.path];
  delete item[removedOp.method.toLowerCase()];
}

// --- the harmless copy ---
const edited = bundleCopy();
{
  const request = first(requestProperties(edited), () => true, "request body");
  request.parent.properties.addedOptionalField = { type: "string", description: "New, optional." };
  const response = first(responseProperties(edited), () => true, "response body");
  response.parent.properties.addedOptionalField = { type: "string", description: "New, optional." };
  edited.info.description += "\n\nReworded.";
  for (const op of operations(edited)) {
    const raw = edited.paths[op.path][op.method.toLowerCase()];
    raw.description = `${raw.description ?? ""} Reworded.`;
    raw.summary = `${raw.summary ?? ""} (reworded)`;
    const body = raw.requestBody ? deref<JsonObject>(edited, raw.requestBody) : undefined;
    const examples = body?.content?.["application/json"]?.examples;
    const [name, example] = Object.entries(examples ?? {})[0] ?? [];
    if (examples && name) examples[`${name}Again`] = structuredClone(deref(edited, example));
  }
  for (const schema of Object.values<JsonObject>(edited.components.schemas)) {
    if (typeof schema.description === "string") schema.description += " Reworded.";
    if (Array.isArray(schema.examples)) schema.examples.push(structuredClone(schema.examples[0]));
  }
  const wider = first(
    requestProperties(edited),
    (t) => typeof t.schema.maxItems === "number",
    "request array with maxItems",
  );
  wider.schema.maxItems += 1;
  const union = first(responseUnions(edited), () => true, "response body that is a oneOf/anyOf");
  union.branches.pop();
  const openEnum = first(
    requestProperties(edited),
    (t) =>
      Array.isArray(t.schema.anyOf) &&
      t.schema.anyOf.some((b: JsonObject) => Array.isArray(deref<JsonObject>(edited, b).enum)),
    "open request enum (anyOf: [enum, string])",
  );
  const known = deref<JsonObject>(
    edited,
    openEnum.schema.anyOf.find((b: JsonObject) => Array.isArray(deref<JsonObject>(edited, b).enum)),
  );
  known.enum.push("NEW-KNOWN-VALUE");
  openEnum.schema.anyOf.push({ type: "integer", description: "Also accepted now." });
}

/** A small document for the command-line runs (optic's time grows with the document): two operations. */
const tiny = (paths: string[]) => ({
  openapi: "3.1.0",
  info: { title: "tiny", version: "1.0.0" },
  paths: Object.fromEntries(
    paths.map((path) => [
      path,
      {
        post: {
          operationId: path.slice(1),
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { id: { type: "string" } } },
                },
              },
            },
          },
        },
      },
    ]),
  ),
});

async function changesetRoot(name: string, files: Record<string, string>): Promise<string> {
  const root = join(dir, name);
  await mkdir(join(root, ".changeset"), { recursive: true });
  for (const [file, text] of Object.entries(files))
    await writeFile(join(root, ".changeset", file), text);
  return root;
}

const changeset = (bumps: Record<string, string>, summary: string) =>
  `---\n${Object.entries(bumps)
    .map(([name, type]) => `"${name}": ${type}`)
    .join("\n")}\n---\n\n${summary}\n`;

async function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  const { code, stdout, stderr } = await runGroup(process.execPath, [cli, ...args], {
    timeoutMs: CLI_TIMEOUT_MS,
  });
  return { code, output: stdout + stderr };
}

let emptyRoot: string;
let majorRoot: string;
let minorRoot: string;
let mockMajorRoot: string;

beforeAll(
  async () => {
    dir = await mkdtemp(join(tmpdir(), "spec-diff-test-"));
    const [brokenPath, editedPath, tinyBase, tinyHead] = await Promise.all([
      writeSpec(dir, "broken.json", broken),
      writeSpec(dir, "edited.json", edited),
      writeSpec(dir, "tiny-base.json", tiny(["/a", "/b"])),
      writeSpec(dir, "tiny-head.json", tiny(["/a"])),
    ]);
    emptyRoot = await changesetRoot("empty", {});
    majorRoot = await changesetRoot("major", {
      "bold-moves.md": changeset(
        { "@merchant-payments/client": "major" },
        "Follow the spec's breaking changes.",
      ),
    });
    minorRoot = await changesetRoot("minor", {
      "small-steps.md": changeset({ "@merchant-payments/client": "minor" }, "A new option."),
    });
    mockMajorRoot = await changesetRoot("mock-major", {
      "mock-only.md": changeset(
        { "@merchant-payments/client": "patch", "@merchant-payments/mock": "major" },
        "The mock changes its options.",
      ),
    });
    generated = await packagesGeneratedFromSpec(workspaceRoot);
    minorForAllRoot = await changesetRoot("minor-for-all", {
      "grown.md": changeset(
        Object.fromEntries(generated.map((name) => [name, "minor"])),
        "New operations.",
      ),
    });
    // Both copies in one optic process (its start, seconds of CPU, paid once).
    [[breaking = [], harmless = []], cliWithout, cliWithMajor] = await Promise.all([
      breakingChangesEach([
        { basePath: bundleJsonPath, headPath: brokenPath },
        { basePath: bundleJsonPath, headPath: editedPath },
      ]),
      runCli(["--base", tinyBase, "--head", tinyHead, "--changeset-root", emptyRoot]),
      runCli(["--base", tinyBase, "--head", tinyHead, "--changeset-root", majorRoot]),
    ]);
    // A bound on a hang: the optic runs side by side, each bounded by the spec's size (per operation).
  },
  2 * opticTimeoutMs(operations(broken).length) + 60_000,
);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const found = (rule: string, ...whereParts: string[]) =>
  breaking.filter((f) => f.rule === rule && whereParts.every((part) => f.path.includes(part)));

describe("catches breaking changes", () => {
  test("each is a BreakingChange naming who found it (optic or the spec model) and the rule that fired", () => {
    expect(new Set(breaking.map((f) => f.source))).toEqual(new Set(["optic", "spec-model"]));
    for (const f of breaking) expect(f.rule, f.path).toEqual(expect.any(String));
  });

  test("one line per breaking change: [rule] where: message", () => {
    const removal = {
      source: "optic",
      rule: "prevent operation removal",
      path: "POST /b",
    } as const;
    expect(formatBreakingChange({ ...removal, message: "removed" })).toBe(
      "[prevent operation removal] POST /b: removed",
    );
  });

  test("a removed response field", () => {
    expect(
      found("prevent removing response property", opLabel(removedField.op), removedField.name),
    ).not.toHaveLength(0);
  });

  test("a field whose type changes from number to string", () => {
    expect(
      found("prevent request property type changes", opLabel(retyped.op), retyped.name),
    ).not.toHaveLength(0);
  });

  test("a new required request field", () => {
    expect(
      found("prevent changing request property to required", "addedRequiredField"),
    ).not.toHaveLength(0);
  });

  test("a removed operation", () => {
    expect(found("prevent operation removal")).toEqual([
      expect.objectContaining({ path: opLabel(removedOp) }),
    ]);
  });

  test("a lowered maxItems on a request array (which optic does not report)", () => {
    expect(found("narrowed request bound", opLabel(capped.op), capped.name)).toContainEqual(
      expect.objectContaining({
        source: "spec-model",
        message: expect.stringContaining(`maxItems ${maxItemsBefore} → ${maxItemsBefore - 1}`),
      }),
    );
  });

  test("a lowered maximum on a request number, at every operation that sends it", () => {
    const hits = found("narrowed request bound", bounded.name).filter((f) =>
      f.message.startsWith(`maximum ${maximumBefore} → ${maximumBefore - 1}`),
    );
    expect(hits.map((f) => f.path)).toEqual(
      expect.arrayContaining([expect.stringContaining(opLabel(bounded.op))]),
    );
  });

  test("an open request enum (anyOf: [enum, string]) closed to its enum alone", () => {
    expect(found("open request enum closed", opLabel(openEnum.op), openEnum.name)).toHaveLength(1);
  });

  test("a new branch in a response union (which optic does not report)", () => {
    expect(found("response union branch added", opLabel(widenedUnion.op))).toEqual([
      expect.objectContaining({
        source: "spec-model",
        message: 'may now answer {"type":"number"}',
      }),
    ]);
  });

  test("folds the changes inside a removed operation into its one removal", () => {
    expect(
      breaking.filter((f) => f.path.startsWith(`${opLabel(removedOp)} `)).map((f) => f.rule),
    ).toEqual([]);
  });
});

describe("lets harmless changes pass", () => {
  test("added optional fields, reworded descriptions and summaries, more examples, a raised maxItems, a branch less in a response union, a known value and a branch more in an open request enum", () => {
    expect(harmless).toEqual([]);
  });
});

describe("the gate", () => {
  test("fails on breaking changes without a changeset", async () => {
    const report = gate(breaking, await pendingChangesets(emptyRoot));
    expect(report.passed).toBe(false);
    expect(formatReport(report)).toContain("no major changeset for @merchant-payments/client");
  });

  test("passes breaking changes with a major changeset for the client", async () => {
    const report = gate(breaking, await pendingChangesets(majorRoot));
    expect(report.passed).toBe(true);
    expect(report.majorChangeset?.id).toBe("bold-moves");
    expect(formatReport(report)).toContain(".changeset/bold-moves.md");
  });

  test("does not take a minor changeset for the client", async () => {
    expect(gate(breaking, await pendingChangesets(minorRoot)).passed).toBe(false);
  });

  test("does not take a major changeset of another package", async () => {
    expect(gate(breaking, await pendingChangesets(mockMajorRoot)).passed).toBe(false);
  });

  test("passes a spec without breaking changes and no changeset", async () => {
    expect(gate(harmless, await pendingChangesets(emptyRoot)).passed).toBe(true);
  });

  test("the command exits 1 and lists the changes without a major changeset", () => {
    expect(cliWithout.code, cliWithout.output).toBe(1);
    expect(cliWithout.output).toContain("[prevent operation removal] POST /b");
    expect(cliWithout.output).toContain("no major changeset for @merchant-payments/client");
  });

  test("the command exits 0 with a major changeset for the client", () => {
    expect(cliWithMajor.code, cliWithMajor.output).toBe(0);
    expect(cliWithMajor.output).toContain("allowed by the major changeset");
  });

  test("the command's last lines are its verdict and the next step: the changeset to add, major for a breaking change", () => {
    const lines = cliWithout.output.trimEnd().split("\n");
    const verdict = lines.findIndex((line) => line.startsWith("spec:diff: 1 breaking change"));
    expect(verdict, cliWithout.output).toBeGreaterThan(0);
    expect(lines[verdict + 1]).toMatch(
      /^next step: add a major changeset for .*@merchant-payments\/client/,
    );
    expect(lines.slice(verdict + 2).join("\n")).toContain('"@merchant-payments/client": major');
  });

  /** The report `specDiff` gives for an added operation (no breaking change), formatted, with `root`'s changesets. */
  const addedReport = async (root: string) => {
    const bump = neededBump(tiny(["/a"]), tiny(["/a", "/b"]), 0);
    const missing = bump ? packagesMissingBump(generated, bump, await pendingChangesets(root)) : [];
    return formatReport({ ...gate([], []), bump, missingChangesets: missing });
  };

  test("an added operation needs a minor changeset for every package generated from the spec, named last", async () => {
    const lines = (await addedReport(emptyRoot)).split("\n");
    const verdict = lines.findIndex((line) => line.startsWith("spec:diff: no breaking change"));
    expect(lines[verdict]).toContain("(a minor change)");
    expect(lines[verdict + 1]).toMatch(/^next step: add a minor changeset for /);
    for (const name of generated)
      expect(lines.slice(verdict + 1).join("\n")).toContain(`"${name}": minor`);
  });

  test("a pending changeset that bumps every generated package enough leaves no next step", async () => {
    expect((await addedReport(minorForAllRoot)).split("\n").at(-1)).toMatch(/^next step: none/);
  });

  test("the packages generated from the spec are the spec and every public package depending on it", () => {
    expect(generated[0]).toBe(SPEC_PACKAGE);
    expect(generated).toEqual(
      expect.arrayContaining([
        "@merchant-payments/client",
        "@merchant-payments/mock",
        "@merchant-payments/verify",
      ]),
    );
    expect(generated).not.toContain("@merchant-payments/contract-tests");
  });

  test("the bump follows the change: major when breaking, minor for anything but prose, patch for prose", () => {
    const base = tiny(["/a"]);
    const reworded = JSON.parse(
      JSON.stringify(base).replace('"description":"ok"', '"description":"okay"'),
    );
    expect(neededBump(base, base, 0)).toBeUndefined();
    expect(neededBump(base, reworded, 0)).toBe("patch");
    expect(neededBump(base, tiny(["/a", "/b"]), 0)).toBe("minor");
    expect(neededBump(base, base, 1)).toBe("major");
  });

  test("the command exits 2 when a spec cannot be read", async () => {
    const result = await runCli(["--base", join(dir, "missing.json"), "--head", bundleJsonPath]);
    expect(result.code).toBe(2);
    expect(result.output).toContain("could not compare");
  });
});
