// Postman: openapi-to-postmanv2 (pinned in the catalog) converts the published spec with the documented options,
// and newman (pinned) runs the collection against the mock: every operation once, each answered 200, with no
// warning printed but the one the docs explain.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { startMock } from "@merchant-payments/mock";
import { operations } from "@merchant-payments/spec";
import { afterAll, beforeAll, expect, test } from "vitest";
import { publishedSpec } from "./support.js";

const require = createRequire(import.meta.url);
/** The converter options that make a collection the mock accepts (docs: "Use the spec with your tools"). */
const CONVERTER_OPTIONS = { parametersResolution: "Example", folderStrategy: "Tags" };
/**
 * Warnings the docs page explains. Postman's schema checks run Ajv 6, which does not know the spec's own
 * `decimal` format (a JSON number whose value is an exact decimal) and says it ignores it: formats are annotations.
 */
const EXPLAINED_WARNINGS = [/unknown format "decimal"/];

// biome-ignore lint/suspicious/noExplicitAny: the converter and newman ship no types.
type Untyped = any;
const converter: Untyped = require("openapi-to-postmanv2");
const newman: Untyped = require("newman");

let mock: Awaited<ReturnType<typeof startMock>>;
const printed: string[] = [];
const originals = { warn: console.warn, error: console.error, log: console.log };

/** Runs `step` while collecting what it prints with console.warn/error/log. */
async function collecting<T>(step: () => Promise<T>): Promise<T> {
  const keep = (...args: unknown[]) => {
    printed.push(args.map(String).join(" "));
  };
  Object.assign(console, { warn: keep, error: keep, log: keep });
  try {
    return await step();
  } finally {
    Object.assign(console, originals);
  }
}

beforeAll(async () => {
  mock = await startMock();
});

afterAll(async () => {
  await mock?.close();
});

test("the converted collection runs in newman: every operation once, each 200, no unexplained warning", async () => {
  const conversion: Untyped = await collecting(
    () =>
      new Promise((resolve, reject) =>
        converter.convertV2(
          { type: "json", data: JSON.parse(readFileSync(publishedSpec, "utf8")) },
          CONVERTER_OPTIONS,
          (error: Error | null, result: Untyped) => (error ? reject(error) : resolve(result)),
        ),
      ),
  );
  expect(conversion.result, conversion.reason).toBe(true);
  const collection = conversion.output[0].data;

  const summary: Untyped = await collecting(
    () =>
      new Promise((resolve, reject) =>
        newman.run(
          {
            collection,
            envVar: [
              { key: "baseUrl", value: mock.baseUrl },
              { key: "bearerToken", value: "ecosystem-token" },
            ],
            reporters: [],
            timeoutRequest: 10_000,
          },
          (error: Error | null, result: Untyped) => (error ? reject(error) : resolve(result)),
        ),
      ),
  );
  const byPath = new Map(operations().map((o) => [o.path, o.operationId]));
  const answered = summary.run.executions.map((e: Untyped) => ({
    operationId: byPath.get(`/${e.request.url.path.join("/")}`),
    status: e.response?.code,
  }));
  expect(answered).toHaveLength(operations().length);
  expect(answered.map((a: { operationId: string }) => a.operationId).sort()).toEqual(
    operations()
      .map((o) => o.operationId)
      .sort(),
  );
  expect(answered.filter((a: { status: number }) => a.status !== 200)).toEqual([]);
  expect(summary.run.failures).toEqual([]);
  expect(printed.filter((line) => !EXPLAINED_WARNINGS.some((w) => w.test(line)))).toEqual([]);
});
