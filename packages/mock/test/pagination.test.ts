// Cursor pagination on the mock (x-pagination), on the grown fixture's paginated operations: the whole sequence of
// pages at several page sizes (bounds from the spec), the items being the documented examples' items in order, the
// last page without a next cursor, a cursor never issued refused with the documented 400, the same pages each run.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDocument } from "@merchant-payments/spec";
import {
  checkResponse,
  createAjv,
  type OperationSpec,
  operations,
  parsePointer,
} from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";
import { pageSizeParameter } from "../src/pagination.js";

const grownSpec = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);
const document = loadDocument(grownSpec);
const ajv = createAjv(document);
const paginated = operations(document).filter((op) => op.pagination);
const HEADERS = { authorization: "Bearer test-token", accept: "application/json" };

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ spec: grownSpec, errors: true });
});
afterAll(async () => {
  await mock?.close();
});

const at = (value: unknown, pointer: string): unknown =>
  parsePointer(pointer).reduce<unknown>(
    (here, key) => (here as Record<string, unknown> | undefined)?.[key],
    value,
  );

/** A valid first-page query of the operation: its required query parameters' examples. */
function baseQuery(op: OperationSpec): URLSearchParams {
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((p) => p.in === "query" && p.required))
    for (const value of [p.example ?? ""].flat()) query.append(p.name, String(value));
  return query;
}

/** The items of the 200 JSON answer's named examples, in document order: what the mock pages through. */
function documentedItems(op: OperationSpec): unknown[] {
  const pagination = op.pagination;
  const media = op.responses
    .find((r) => r.status.startsWith("2"))
    ?.content.find((m) => m.mediaType === "application/json");
  if (!pagination || !media) return [];
  return media.examples.flatMap((e) => [at(e.value, pagination.items)].flat().filter(Boolean));
}

async function get(
  op: OperationSpec,
  query: URLSearchParams,
  sent: Record<string, string> = HEADERS,
) {
  const response = await fetch(`${mock.baseUrl}${op.path}?${query}`, {
    headers: sent,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const headers = Object.fromEntries(response.headers);
  const conformance = checkResponse(ajv, op, { status: response.status, headers, body: text });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: JSON.parse(text),
    issues: conformance.issues,
  };
}

/** Every page from the first, following each next cursor; fails on a page that is not a conforming 200. */
async function walk(op: OperationSpec, limit: number | undefined) {
  const pagination = op.pagination;
  if (!pagination) throw new Error(`${op.operationId} is not paginated`);
  const sizeParam = pageSizeParameter(op);
  const pages: unknown[] = [];
  let cursor: unknown;
  do {
    const query = baseQuery(op);
    if (cursor !== undefined) query.set(pagination.cursor, String(cursor));
    if (limit !== undefined && sizeParam) query.set(sizeParam.name, String(limit));
    const page = await get(op, query);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.issues).toEqual([]);
    pages.push(page.body);
    cursor = at(page.body, pagination.next) ?? undefined;
    expect(pages.length, "pagination ends").toBeLessThanOrEqual(documentedItems(op).length + 1);
  } while (cursor !== undefined);
  return pages;
}

describe.each(paginated)("$operationId on the mock", (op) => {
  const pagination = op.pagination as NonNullable<OperationSpec["pagination"]>;
  const sizeParam = pageSizeParameter(op);
  const schema = (sizeParam?.schema ?? {}) as {
    minimum?: number;
    maximum?: number;
    default?: number;
  };
  const items = documentedItems(op);
  const itemsOf = (pages: unknown[]) => pages.flatMap((p) => at(p, pagination.items) as unknown[]);

  test("the fixture documents a page-size parameter with bounds and more items than its smallest page", () => {
    expect(sizeParam).toBeDefined();
    expect(schema.minimum).toBeTypeOf("number");
    expect(schema.maximum).toBeTypeOf("number");
    expect(items.length).toBeGreaterThan((schema.minimum ?? 1) + 1);
  });

  test.each([
    ["the smallest page size", () => schema.minimum],
    ["one more than the smallest", () => (schema.minimum ?? 1) + 1],
    ["no page size (its default)", () => undefined],
    ["the largest page size", () => schema.maximum],
  ])(
    "with %s, every documented item comes once, in order, and the last page has no cursor",
    async (_, limitOf) => {
      const limit = limitOf();
      const pages = await walk(op, limit);
      const size = limit ?? schema.default ?? schema.maximum ?? items.length;
      expect(itemsOf(pages)).toEqual(items);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(items.length / size)));
      for (const page of pages.slice(0, -1)) expect(at(page, pagination.items)).toHaveLength(size);
      expect(at(pages.at(-1), pagination.next) ?? null).toBeNull();
    },
  );

  test("the same requests give the same pages and cursors, on another mock too", async () => {
    const first = await walk(op, schema.minimum);
    const other = await startMock({ spec: grownSpec });
    const saved = mock;
    try {
      mock = other;
      expect(await walk(op, schema.minimum)).toEqual(first);
    } finally {
      mock = saved;
      await other.close();
    }
  });

  test("a cursor the mock never issued is the documented 400 problem naming the cursor parameter", async () => {
    expect(op.responses.map((r) => r.status)).toContain("400");
    const [page] = await walk(op, schema.minimum);
    const issued = String(at(page, pagination.next));
    const pastTheEnd = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(issued, "base64url").toString()),
        offset: items.length,
      }),
    ).toString("base64url");
    const documented = op.parameters.find((p) => p.name === pagination.cursor)?.example;
    for (const cursor of ["not-a-cursor", pastTheEnd, String(documented), `${issued}x`]) {
      const query = baseQuery(op);
      query.set(pagination.cursor, cursor);
      const refused = await get(op, query);
      expect(refused.status, cursor).toBe(400);
      expect(refused.type).toBe("application/problem+json");
      expect(refused.issues).toEqual([]);
      expect(refused.body.detail).toContain(`query parameter ${pagination.cursor}`);
      expect(refused.body.errors).toEqual([
        { pointer: `query ${pagination.cursor}`, detail: expect.stringContaining("never") },
      ]);
    }
  });

  test("without credentials the 401 comes first; a chosen example is served as documented", async () => {
    const query = baseQuery(op);
    query.set(pagination.cursor, "not-a-cursor");
    expect((await get(op, query, { accept: "application/json" })).status).toBe(401);
    const media = op.responses.find((r) => r.status === "200")?.content[0];
    const chosen = media?.examples.at(-1);
    if (!chosen) throw new Error("no example");
    const answer = await get(op, baseQuery(op), { ...HEADERS, prefer: `example=${chosen.name}` });
    expect(answer.body).toEqual(chosen.value);
  });
});

/** What the test edits of a bundle: an operation's parameters and `x-pagination`. */
type PagedDocument = {
  paths: Record<
    string,
    Record<string, { parameters: unknown[]; "x-pagination": Record<string, unknown> }>
  >;
};

describe("the page-size parameter x-pagination's limit key names", () => {
  const first = paginated[0];
  if (!first?.pagination) throw new Error("the grown fixture has no paginated operation");
  const op: OperationSpec = first;
  const size = pageSizeParameter(op);
  const minimum = (size?.schema as { minimum?: number } | undefined)?.minimum ?? 1;
  /** A copy of the grown bundle whose paginated operation has a second optional integer query parameter. */
  function withSecondInteger(limit: string | undefined) {
    const copy = structuredClone(document) as unknown as PagedDocument;
    const operation = copy.paths[op.path]?.[op.method.toLowerCase()];
    if (!operation) throw new Error(`no ${op.operationId} in the copy`);
    operation.parameters.push({
      name: "minimumAmount",
      in: "query",
      required: false,
      description: "A second optional integer, which inference cannot tell from the page size.",
      schema: { type: "integer", minimum: 0 },
    });
    if (limit === undefined) delete operation["x-pagination"].limit;
    else operation["x-pagination"].limit = limit;
    return copy;
  }
  const find = (copy: PagedDocument) =>
    operations(copy as unknown as typeof document).find(
      (o) => o.operationId === op.operationId,
    ) as OperationSpec;

  test("is the page size even where inference finds two candidates, and inference is the fallback", () => {
    expect(size?.name).toBeDefined();
    expect(pageSizeParameter(find(withSecondInteger(undefined)))).toBeUndefined();
    expect(pageSizeParameter(find(withSecondInteger(size?.name)))?.name).toBe(size?.name);
    expect(pageSizeParameter(find(withSecondInteger("nowhere")))).toBeUndefined();
  });

  test("the mock pages by it: every item once, at its smallest value", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mock-limit-"));
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(withSecondInteger(size?.name)));
    const other = await startMock({ spec: file });
    const saved = mock;
    try {
      mock = other;
      const pages = await walk(find(withSecondInteger(size?.name)), minimum);
      const items = documentedItems(op);
      expect(pages.flatMap((page) => at(page, op.pagination?.items ?? "") as unknown[])).toEqual(
        items,
      );
      expect(pages).toHaveLength(Math.ceil(items.length / minimum));
    } finally {
      mock = saved;
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
