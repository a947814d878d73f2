// The gate on how operations are called and answered, on edited copies of the grown fixture's bundle (every common
// operation shape): one copy carries every breaking edit, each at its own parameter, media type, status or
// extension; one copy carries only harmless edits. Targets are found by walking the bundle (no operation or
// parameter name is typed here). The pure checks run on both copies; the whole gate (optic and the spec model)
// runs once on each, both in one optic process, in beforeAll.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  deref,
  HTTP_METHODS,
  isObject,
  type Json,
  type JsonObject,
} from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BreakingChange } from "../src/breaking-change.js";
import { breakingChangesEach } from "../src/gate.js";
import { modelBreakingChanges } from "../src/model-checks.js";
import { operationBreakingChanges, parameterStyle, sameChange } from "../src/operation-checks.js";
import { first, writeSpec } from "./mutations.js";

const fixturePath = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);
const fixture: Json = JSON.parse(readFileSync(fixturePath, "utf8"));

/** One operation of a copy: its label, raw object, and resolved parameters. */
interface OpTarget {
  readonly label: string;
  readonly operation: JsonObject;
  readonly parameters: JsonObject[];
}

/** The operations of `document`, path-level parameters copied into each so that edits stay local to it. */
function operationsOf(document: Json): OpTarget[] {
  return Object.entries<Json>(document.paths).flatMap(([path, item]) => {
    const shared = item.parameters ?? [];
    item.parameters = undefined;
    return HTTP_METHODS.filter((m) => isObject(item[m])).map((m) => {
      const operation = item[m];
      operation.parameters = [...shared, ...(operation.parameters ?? [])].map((p: Json) =>
        structuredClone(deref(document, p)),
      );
      return { label: `${m.toUpperCase()} ${path}`, operation, parameters: operation.parameters };
    });
  });
}

/** Every parameter of every operation in spec order, with its operation. */
const parametersOf = (ops: OpTarget[]) =>
  ops.flatMap((op) => op.parameters.map((parameter) => ({ op, parameter })));
const schemaOf = (document: Json, parameter: JsonObject): JsonObject =>
  deref(document, parameter.schema ?? {});
const itemsOf = (document: Json, parameter: JsonObject): JsonObject =>
  deref(document, schemaOf(document, parameter).items ?? {});
const where = (t: { op: OpTarget; parameter: JsonObject }) =>
  `${t.op.label} ${t.parameter.in} parameter ${t.parameter.name}`;

// --- the breaking copy ---
const broken: Json = structuredClone(fixture);
const brokenOps = operationsOf(broken);
const used = new Set<JsonObject>();
const pick = (test: (t: { op: OpTarget; parameter: JsonObject }) => boolean, what: string) => {
  const found = first(parametersOf(brokenOps), (t) => !used.has(t.parameter) && test(t), what);
  used.add(found.parameter);
  return found;
};
const isQuery = (p: JsonObject) => p.in === "query";
const typed = pick(
  (t) => isQuery(t.parameter) && schemaOf(broken, t.parameter).type === "integer",
  "integer query parameter",
);
const pathTyped = pick(
  (t) => t.parameter.in === "path" && schemaOf(broken, t.parameter).type === "integer",
  "integer path parameter",
);
const styled = pick((t) => typeof t.parameter.style === "string", "parameter with a style");
const enumerated = pick(
  (t) => Array.isArray(itemsOf(broken, t.parameter).enum),
  "query array of an enum",
);
const bounded = pick(
  (t) => t.parameter.in !== "header" && typeof schemaOf(broken, t.parameter).maxLength === "number",
  "parameter with a maxLength",
);
const madeRequired = pick(
  (t) => isQuery(t.parameter) && t.parameter.required !== true,
  "optional query parameter",
);
const removed = pick((t) => isQuery(t.parameter), "query parameter to remove");
const withQuery = first(
  brokenOps,
  (op) => op.parameters.some((p) => isQuery(p)),
  "operation with query parameters",
);
const firstMedia = (container: Json): [string, JsonObject] =>
  Object.entries(deref<JsonObject>(broken, container).content ?? {})[0] as [string, JsonObject];
const nonJsonRequest = first(
  brokenOps,
  (op) => !!op.operation.requestBody && !firstMedia(op.operation.requestBody)[0].includes("json"),
  "request body that is not JSON",
);
const textAnswer = first(
  brokenOps,
  (op) =>
    Object.entries<Json>(op.operation.responses).some(
      ([s, r]) =>
        s.startsWith("2") &&
        Object.keys(deref(broken, r).content ?? {}).some((t) => t.startsWith("text/")),
    ),
  "text answer",
);
const severalSuccesses = first(
  brokenOps,
  (op) => Object.keys(op.operation.responses).filter((s) => s.startsWith("2")).length > 1,
  "operation with several 2xx answers",
);
const paginated = first(
  brokenOps,
  (op) => isObject(op.operation["x-pagination"]),
  "paginated operation",
);
const optionalBody = first(
  brokenOps,
  (op) => !!op.operation.requestBody && deref(broken, op.operation.requestBody).required !== true,
  "optional request body",
);

const typeBefore = schemaOf(broken, typed.parameter).type;
const pathTypeBefore = schemaOf(broken, pathTyped.parameter).type;
const styleBefore = parameterStyle(styled.parameter);
const enumValues: string[] = [...itemsOf(broken, enumerated.parameter).enum];
const maxLengthBefore: number = schemaOf(broken, bounded.parameter).maxLength;
const [nonJsonType] = firstMedia(nonJsonRequest.operation.requestBody);
const [textStatus, textResponse] = Object.entries<Json>(textAnswer.operation.responses).find(
  ([s, r]) =>
    s.startsWith("2") &&
    Object.keys(deref(broken, r).content ?? {}).some((t) => t.startsWith("text/")),
) as [string, Json];
const textType = Object.keys(deref(broken, textResponse).content).find((t) =>
  t.startsWith("text/"),
);
const droppedStatus = Object.keys(severalSuccesses.operation.responses)
  .filter((s) => s.startsWith("2"))
  .at(-1) as string;
{
  withQuery.operation.parameters.push({
    name: "addedRequiredFilter",
    in: "query",
    required: true,
    description: "New and required.",
    schema: { type: "string" },
  });
  typed.parameter.schema = { type: "string" };
  pathTyped.parameter.schema = { type: "string" };
  styled.parameter.explode = !styleBefore.explode;
  const items = schemaOf(broken, enumerated.parameter).items;
  enumerated.parameter.schema = {
    ...schemaOf(broken, enumerated.parameter),
    items: { ...deref(broken, items), enum: enumValues.slice(0, -1) },
  };
  bounded.parameter.schema = {
    ...schemaOf(broken, bounded.parameter),
    maxLength: maxLengthBefore - 1,
  };
  madeRequired.parameter.required = true;
  removed.op.operation.parameters = removed.op.parameters.filter((p) => p !== removed.parameter);
  const body = deref<JsonObject>(broken, nonJsonRequest.operation.requestBody);
  nonJsonRequest.operation.requestBody = {
    ...body,
    content: { "application/json": { schema: { type: "object" } } },
  };
  const answer = deref<JsonObject>(broken, textResponse);
  textAnswer.operation.responses[textStatus] = {
    ...answer,
    content: { "application/json": { schema: { type: "string" } } },
  };
  delete severalSuccesses.operation.responses[droppedStatus];
  paginated.operation["x-pagination"] = {
    ...paginated.operation["x-pagination"],
    next: "/page/next",
  };
  optionalBody.operation.requestBody = {
    ...deref<JsonObject>(broken, optionalBody.operation.requestBody),
    required: true,
  };
}

// --- the harmless copy ---
const edited: Json = structuredClone(fixture);
const editedOps = operationsOf(edited);
const editedTargets: OpTarget[] = [];
{
  const all = parametersOf(editedOps);
  for (const { parameter } of all)
    parameter.description = `${parameter.description ?? ""} Reworded.`;
  const q = first(
    editedOps,
    (op) => op.parameters.some(isQuery),
    "operation with query parameters",
  );
  q.operation.parameters.push({
    name: "addedOptionalFilter",
    in: "query",
    description: "New, optional.",
    schema: { type: "string" },
  });
  const required = first(
    all,
    (t) => isQuery(t.parameter) && t.parameter.required === true,
    "required query parameter",
  );
  required.parameter.required = false;
  const implicit = first(
    all,
    (t) => isQuery(t.parameter) && t.parameter.style === undefined,
    "query parameter in the default style",
  );
  implicit.parameter.style = "form";
  implicit.parameter.explode = true;
  const integer = first(
    all,
    (t) => isQuery(t.parameter) && schemaOf(edited, t.parameter).type === "integer",
    "integer query parameter",
  );
  integer.parameter.schema = {
    ...schemaOf(edited, integer.parameter),
    type: ["integer", "string"],
  };
  const enumerated = first(
    all,
    (t) => Array.isArray(itemsOf(edited, t.parameter).enum),
    "query array of an enum",
  );
  const schema = schemaOf(edited, enumerated.parameter);
  const items = deref<JsonObject>(edited, schema.items);
  enumerated.parameter.schema = { ...schema, items: { ...items, enum: [...items.enum, "X"] } };
  const bounded = first(
    all,
    (t) =>
      t.parameter.in !== "header" && typeof schemaOf(edited, t.parameter).maxLength === "number",
    "parameter with a maxLength",
  );
  bounded.parameter.schema = {
    ...schemaOf(edited, bounded.parameter),
    maxLength: schemaOf(edited, bounded.parameter).maxLength + 1,
  };
  const withBody = first(
    editedOps,
    (op) => deref(edited, op.operation.requestBody ?? {}).required === true,
    "required request body",
  );
  const body = deref<JsonObject>(edited, withBody.operation.requestBody);
  withBody.operation.requestBody = {
    ...body,
    required: false,
    content: { ...body.content, "text/plain": { schema: { type: "string" } } },
  };
  const paged = first(
    editedOps,
    (op) => isObject(op.operation["x-pagination"]),
    "paginated operation",
  );
  paged.operation["x-pagination"] = Object.fromEntries(
    Object.entries(paged.operation["x-pagination"]).reverse(),
  );
  editedTargets.push(
    q,
    required.op,
    implicit.op,
    integer.op,
    enumerated.op,
    bounded.op,
    withBody,
    paged,
  );
}

let dir: string;
let gateBroken: BreakingChange[];
let gateEdited: BreakingChange[];
const own = operationBreakingChanges(fixture, broken);

const pathOf = (op: OpTarget) => op.label.slice(op.label.indexOf(" ") + 1);
/** The paths the whole gate compares on the breaking copy. */
let gatedPaths: string[] = [];

/** `document` with only the paths of `ops` (optic's time grows with the document; the rest is unchanged). */
function only(document: Json, ops: readonly OpTarget[]): Json {
  const paths = new Set(ops.map(pathOf));
  return {
    ...document,
    paths: Object.fromEntries(Object.entries(document.paths).filter(([path]) => paths.has(path))),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "operation-checks-"));
  // The gate runs on the operations each copy edits: the planted required parameter and every other breaking
  // edit in one, the harmless edits in the other.
  const brokenOps = [
    withQuery,
    typed.op,
    pathTyped.op,
    styled.op,
    enumerated.op,
    bounded.op,
    madeRequired.op,
    removed.op,
  ];
  const editedOps = editedTargets;
  gatedPaths = brokenOps.map(pathOf);
  const [baseBroken, headBroken, baseEdited, headEdited] = await Promise.all([
    writeSpec(dir, "base-broken.json", only(fixture, brokenOps)),
    writeSpec(dir, "broken.json", only(broken, brokenOps)),
    writeSpec(dir, "base-edited.json", only(fixture, editedOps)),
    writeSpec(dir, "edited.json", only(edited, editedOps)),
  ]);
  // Both copies in one optic process (its start, seconds of CPU, paid once).
  [gateBroken = [], gateEdited = []] = await breakingChangesEach([
    { basePath: baseBroken, headPath: headBroken },
    { basePath: baseEdited, headPath: headEdited },
  ]);
}, 240_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const found = (rule: string, at: string) => own.filter((f) => f.rule === rule && f.path === at);

describe("catches breaking changes of how an operation is called and answered", () => {
  test("a required parameter added", () => {
    expect(
      found("required parameter added", `${withQuery.label} query parameter addedRequiredFilter`),
    ).toHaveLength(1);
  });

  test("an optional parameter made required", () => {
    expect(found("parameter made required", where(madeRequired))).toHaveLength(1);
  });

  test("a parameter removed", () => {
    expect(found("parameter removed", where(removed))).toHaveLength(1);
  });

  test("a parameter's type changed", () => {
    expect(found("parameter type changed", where(typed))).toEqual([
      expect.objectContaining({ message: expect.stringContaining(`type ${typeBefore} → string`) }),
    ]);
  });

  test("a path parameter's type changed", () => {
    expect(found("parameter type changed", where(pathTyped))).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(`type ${pathTypeBefore} → string`),
      }),
    ]);
  });

  test("a parameter's style changed", () => {
    expect(found("parameter style changed", where(styled))).toHaveLength(1);
  });

  test("a parameter's enum narrowed", () => {
    expect(
      own.filter(
        (f) => f.rule === "request enum value removed" && f.path.startsWith(where(enumerated)),
      ),
    ).toEqual([
      expect.objectContaining({
        message: `no longer accepts ${JSON.stringify(enumValues.at(-1))}`,
      }),
    ]);
  });

  test("a parameter's bound narrowed", () => {
    expect(found("narrowed request bound", where(bounded))).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(`maxLength ${maxLengthBefore} → ${maxLengthBefore - 1}`),
      }),
    ]);
  });

  test("a request media type removed", () => {
    expect(found("request media type removed", `${nonJsonRequest.label} request body`)).toEqual([
      expect.objectContaining({ message: `${nonJsonType} is no longer accepted` }),
    ]);
  });

  test("an answer media type removed", () => {
    expect(
      found("response media type removed", `${textAnswer.label} response ${textStatus}`),
    ).toEqual([expect.objectContaining({ message: `${textType} is no longer answered` })]);
  });

  test("a 2xx status removed", () => {
    expect(
      found("success status removed", `${severalSuccesses.label} response ${droppedStatus}`),
    ).toHaveLength(1);
  });

  test("x-pagination changed", () => {
    expect(found("pagination changed", `${paginated.label} x-pagination`)).toHaveLength(1);
  });

  test("an optional request body made required", () => {
    expect(found("request body made required", `${optionalBody.label} request body`)).toHaveLength(
      1,
    );
  });

  test("the gate (optic and the spec model) names the planted path parameter type change, once", () => {
    const planted = {
      source: "spec-model",
      rule: "parameter type changed",
      path: where(pathTyped),
      message: "",
    } as const;
    expect(
      gateBroken.filter((f) => f.path === planted.path || sameChange(planted, f)),
    ).toHaveLength(1);
  });

  test("the gate (optic and the spec model) names the planted required parameter, once", () => {
    const planted = {
      source: "spec-model",
      rule: "required parameter added",
      path: `${withQuery.label} query parameter addedRequiredFilter`,
      message: "",
    } as const;
    expect(
      gateBroken.filter((f) => f.path === planted.path || sameChange(planted, f)),
    ).toHaveLength(1);
  });

  test("the gate reports every change the checks find on the operations it compared, each once", () => {
    const gated = own.filter((f) => gatedPaths.some((path) => f.path.includes(` ${path} `)));
    expect(gated.length).toBeGreaterThan(5);
    for (const finding of gated)
      expect(
        gateBroken.filter(
          (f) =>
            f === finding ||
            sameChange(finding, f) ||
            (f.rule === finding.rule && f.path === finding.path),
        ),
        `${finding.rule} ${finding.path}`,
      ).toHaveLength(1);
  });
});

describe("lets harmless changes pass", () => {
  test("parameters reworded, an optional one added, a required one made optional, a default style spelled out, a type widened, an enum value added, a bound raised, a media type added and a body made optional, x-pagination's keys reordered", () => {
    expect(operationBreakingChanges(fixture, edited)).toEqual([]);
    expect(modelBreakingChanges(fixture, edited)).toEqual([]);
  });

  test("the whole gate (optic and the spec model) finds nothing on them", () => {
    expect(gateEdited).toEqual([]);
  });

  test("the fixture against itself", () => {
    expect(operationBreakingChanges(fixture, structuredClone(fixture))).toEqual([]);
  });
});
