// A write whose body the spec gives no example of: skipped with its SKIP line under --allow-writes (verify sends
// writes only with the spec's examples), sent with one generated body only under --generated-writes; the load
// decides the same way.
import { createAjv, operations } from "@merchant-payments/spec";
import { describe, expect, test } from "vitest";
import { parseCommandLine, UsageError } from "../src/cli-options.js";
import { parseLoadCommandLine } from "../src/load/options.js";
import { planLoad } from "../src/load/scenarios.js";
import { planCases } from "../src/plan.js";
import { skipLines } from "../src/skip-lines.js";

/** Two writes (no x-side-effect: the spec does not say they are safe), one with a body example, one without. */
const document = {
  openapi: "3.1.0",
  info: { title: "writes", version: "1" },
  paths: {
    "/notes": {
      post: {
        operationId: "create-note",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["text"],
                properties: { text: { type: "string", minLength: 1 } },
              },
              examples: { Short: { value: { text: "hello" } } },
            },
          },
        },
        responses: { "201": { description: "Created." } },
      },
    },
    "/notes/search": {
      post: {
        operationId: "search-notes",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", properties: { text: { type: "string" } } },
            },
          },
        },
        responses: { "200": { description: "Found." } },
      },
    },
  },
};
const ops = operations(document);
const ajv = createAjv(document);
const plan = (generatedWrites: boolean) =>
  planCases(document, ops, ajv, {
    seed: 3,
    runs: 2,
    allowWrites: true,
    generatedWrites,
    token: "t",
  });
const casesOf = (p: ReturnType<typeof plan>, operationId: string) =>
  p.cases.filter((c) => c.operation.operationId === operationId).map((c) => c.name);

describe("verify's plan", () => {
  test("under --allow-writes a write without a body example is skipped with its SKIP line naming --generated-writes", () => {
    const planned = plan(false);
    expect(casesOf(planned, "create-note")).toEqual(["example Short"]);
    expect(casesOf(planned, "search-notes")).toEqual([]);
    expect(planned.skipped.map((s) => s.operation.operationId)).toEqual(["search-notes"]);
    const lines = skipLines(
      planned.skipped.map((s) => ({ operationId: s.operation.operationId, reason: s.reason })),
    );
    expect(lines).toEqual([
      "SKIP search-notes: the spec states no x-side-effect for it; it is not x-safe-to-retry; the spec gives no example of its request body: pass --generated-writes to send one generated body",
    ]);
  });

  test("with --generated-writes the write is sent once, with one generated body valid against its schema", () => {
    const planned = plan(true);
    expect(planned.skipped).toEqual([]);
    expect(casesOf(planned, "search-notes")).toEqual(["example (generated application/json)"]);
    expect(casesOf(planned, "create-note")).toEqual(["example Short"]);
  });

  test("without --allow-writes both are skipped, the one without an example saying both flags", () => {
    const planned = planCases(document, ops, ajv, {
      seed: 3,
      runs: 2,
      allowWrites: false,
      token: "t",
    });
    const reasons = Object.fromEntries(
      planned.skipped.map((s) => [s.operation.operationId, s.reason]),
    );
    expect(reasons["create-note"]).toMatch(
      /pass --allow-writes to send its 1 example\(s\) once each$/,
    );
    expect(reasons["search-notes"]).toMatch(/pass --allow-writes with --generated-writes/);
  });
});

describe("the command lines", () => {
  test("verify: --generated-writes is an option of its own, refused without --allow-writes", () => {
    const base = ["--base-url", "http://127.0.0.1:4010", "--token", "t"];
    expect(
      parseCommandLine([...base, "--allow-writes", "--generated-writes"], {}).options,
    ).toMatchObject({
      allowWrites: true,
      generatedWrites: true,
    });
    expect(parseCommandLine([...base, "--allow-writes"], {}).options).not.toHaveProperty(
      "generatedWrites",
    );
    expect(() => parseCommandLine([...base, "--generated-writes"], {})).toThrow(UsageError);
    expect(() => parseCommandLine([...base, "--generated-writes"], {})).toThrow(
      /--generated-writes needs --allow-writes/,
    );
  });

  test("load: the same flag, the same refusal", () => {
    const base = ["--base-url", "http://127.0.0.1:4010", "--out", "x.yml"];
    expect(
      parseLoadCommandLine([...base, "--allow-writes", "--generated-writes"], {}),
    ).toMatchObject({
      allowWrites: true,
      generatedWrites: true,
    });
    expect(() => parseLoadCommandLine([...base, "--generated-writes"], {})).toThrow(
      /--generated-writes needs --allow-writes/,
    );
  });
});

describe("the load's plan", () => {
  test("leaves a write without a body example out under --allow-writes, and pools it under --generated-writes", () => {
    const without = planLoad(document, ops, ajv, { seed: 1, allowWrites: true });
    expect(without.scenarios.map((s) => s.operation.operationId)).toEqual(["create-note"]);
    expect(without.skipped).toEqual([
      {
        operationId: "search-notes",
        reason: expect.stringContaining("pass --generated-writes to send one generated body"),
      },
    ]);
    const withGenerated = planLoad(document, ops, ajv, {
      seed: 1,
      allowWrites: true,
      generatedWrites: true,
    });
    expect(withGenerated.scenarios.map((s) => s.operation.operationId)).toEqual([
      "create-note",
      "search-notes",
    ]);
    expect(withGenerated.skipped).toEqual([]);
  });
});
