// The mock and verify read parameter text by one rule (the spec's wire module): for every edge case (leading zeros,
// empty values, exponents, reserved characters, null, negative numbers, "+1", whitespace) in every place, the value
// verify predicts is valid on the wire is exactly the one the mock accepts, sent over real HTTP to a real mock.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAjv, operations } from "@merchant-payments/spec";
import { afterAll, describe, expect, test } from "vitest";
import { placedParameters } from "../src/parameters.js";
import { parametersValid, sendable } from "../src/valid-requests.js";
import { useMock } from "./use-mock.js";

const TYPES: Record<string, unknown> = {
  integer: { type: "integer" },
  number: { type: "number" },
  boolean: { type: "boolean" },
  nullable: { type: ["integer", "null"] },
  string: { type: "string", maxLength: 3 },
  list: { type: "array", items: { type: "integer" } },
};
const PLACES = ["query", "header", "cookie", "path"] as const;

/** One operation whose every parameter is one schema type in one place (path ones in the path). */
const parameters = PLACES.flatMap((place) =>
  Object.entries(TYPES).map(([type, schema]) => ({
    name: `${place}-${type}`,
    in: place,
    required: place === "path",
    schema,
  })),
);
const document = {
  openapi: "3.1.0",
  info: { title: "wire agreement", version: "1" },
  servers: [{ url: "http://localhost" }],
  security: [],
  paths: {
    [`/probe/${parameters
      .filter((p) => p.in === "path")
      .map((p) => `{${p.name}}`)
      .join("/")}`]: {
      get: {
        operationId: "probe",
        parameters,
        responses: {
          "200": {
            description: "read",
            content: { "application/json": { schema: { type: "object" }, example: {} } },
          },
        },
      },
    },
  },
};

const EDGES: unknown[] = [
  "007",
  "",
  "1e3",
  "1E+2",
  "-5",
  -5,
  "+1",
  " 7",
  "7 ",
  "-0",
  "1.50",
  ".5",
  "0x10",
  "a&b=c/?#",
  "%41",
  "null",
  null,
  "true",
  true,
  7,
  2.5,
  [1, "007"],
  ["1e3", "-2"],
];

const dir = mkdtempSync(join(tmpdir(), "wire-agreement-"));
const specPath = join(dir, "openapi.json");
writeFileSync(specPath, JSON.stringify(document));
const op = operations(document)[0];
if (!op) throw new Error("no operation");
const ajv = createAjv(document);
const VALID_PATH = { integer: 1, number: 1, boolean: true, nullable: 1, string: "a", list: [1] };
const base = Object.fromEntries(
  Object.entries(VALID_PATH).map(([type, value]) => [`path-${type}`, value]),
);
const mock = useMock({ spec: specPath, errors: false });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mock and verify agree on what a parameter's text is", () => {
  test.each(op.parameters.map((p) => [p.name, p] as const))("%s", async (_name, p) => {
    const disagreements: string[] = [];
    for (const value of EDGES) {
      const values = { ...base, [p.name]: value };
      if (!sendable(op, values)) continue;
      const predicted = parametersValid(document, ajv, [p], values);
      const wire = placedParameters(op.path, op.parameters, values);
      const url = `${mock.server.baseUrl}${wire.path}${wire.query ? `?${wire.query}` : ""}`;
      const answer = await fetch(url, { headers: { ...wire.headers, accept: "application/json" } });
      await answer.arrayBuffer();
      const accepted = answer.status === 200;
      if (accepted !== predicted)
        disagreements.push(
          `${JSON.stringify(value)}: verify predicts ${predicted ? "valid" : "invalid"}, the mock answered ${answer.status}`,
        );
    }
    expect(disagreements).toEqual([]);
  });
});
