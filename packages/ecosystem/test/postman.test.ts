// Postman: openapi-to-postmanv2 (pinned in the catalog) converts the published spec with the documented options,
// and newman (pinned) runs the collection against the mock: every operation once, each answered one of its documented
// 2xx statuses (but the converter's listed limits on operations the spec may have), with no warning printed but the
// one the docs explain.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { startMock } from "@merchant-payments/mock";
import { type OperationSpec, operations } from "@merchant-payments/spec";
import { credentialKind } from "@merchant-payments/spec/wire/credentials";
import { afterAll, beforeAll, expect, test } from "vitest";
import { bodyRecurses } from "./shapes.js";
import { publishedSpec } from "./support.js";

const require = createRequire(import.meta.url);
/** The converter options that make a collection the mock accepts (docs: "Use the spec with your tools"). */
const CONVERTER_OPTIONS = { parametersResolution: "Example", folderStrategy: "Tags" };
/**
 * Warnings the docs page explains. Postman's schema checks run Ajv 6, which does not know the spec's own
 * `decimal` format (a JSON number whose value is an exact decimal) and says it ignores it: formats are annotations.
 */
const EXPLAINED_WARNINGS = [/unknown format "decimal"/];

/**
 * What the converter builds a request the mock refuses for, on a spec that has it (the grown fixture's operations,
 * added to a grown product spec): the same limits of openapi-to-postman the Portman suite lists (PORTMAN_LIMITS).
 * Each says which operations it concerns (`applies`, read from the spec), why, and the converter's issue if any.
 */
interface ConverterLimit {
  /** Whether the limit concerns `op`. */
  readonly applies: (op: OperationSpec) => boolean;
  /** What the converter does wrong, and what the mock answers. */
  readonly reason: string;
  /** The converter's issue about it, where one exists. */
  readonly issue?: string;
}

/** The operation named `operationId` (a limit of one operation's own shape). */
const named =
  (operationId: string) =>
  (op: OperationSpec): boolean =>
    op.operationId === operationId;

/** Whether every security alternative of `op` needs an API key sent in a cookie. */
const needsCookieKey = (op: OperationSpec): boolean =>
  op.security.length > 0 &&
  op.security.every((alternative) =>
    alternative.some((scheme) => credentialKind(scheme) === "apiKey-cookie"),
  );

const CONVERTER_LIMITS: readonly ConverterLimit[] = [
  {
    applies: bodyRecurses,
    reason:
      "a request body whose schema contains itself (Galaxy's Planet) is faked from the schema, not the example, with `<Error: Too many levels of nesting to fake this schema>` where it recurs (the mock's documented 400)",
  },
  {
    applies: named("uploadDisputeEvidence"),
    reason:
      "the multipart/form-data body is built from the schema, not the example: the JSON part is `[object Object]`, the file part's Content-Type the encoding's whole list (the mock's 422)",
  },
  {
    applies: named("issueAccessToken"),
    reason:
      "`grant_type: { const: client_credentials }` becomes form fields named `const` and `description` (the mock's 422)",
  },
  {
    applies: needsCookieKey,
    reason:
      "a Postman collection's API key auth goes in a header or the query only: an operation whose every security alternative needs an API key in a cookie is sent without it (the mock's documented 401)",
    issue: "https://github.com/postmanlabs/openapi-to-postman/issues/654",
  },
];

// biome-ignore lint/suspicious/noExplicitAny: the converter and newman ship no types.
type Untyped = any;
const converter: Untyped = require("openapi-to-postmanv2");
const newman: Untyped = require("newman");

/** The operations by route: method and path template. */
const byRoute = new Map(operations().map((o) => [`${o.method} ${o.path}`, o]));

/** The operation of a collection request: its method and path (`:name` for a path parameter, as `{name}`). */
function operationOf(request: Untyped): OperationSpec | undefined {
  const template = `/${request.url.path.join("/")}`.replace(/\/:([^/]+)/g, "/{$1}");
  return byRoute.get(`${request.method} ${template}`);
}

/**
 * Unticks the cursor parameter of every paginated operation's request (the converter fills it from its example, a
 * cursor the mock never issued: 400), as a user asking for the first page does.
 */
function firstPagesOnly(items: Untyped[]): void {
  for (const item of items) {
    if (item.item) firstPagesOnly(item.item);
    const cursor = item.request && operationOf(item.request)?.pagination?.cursor;
    for (const query of (cursor && item.request.url.query) || [])
      if (query.key === cursor) query.disabled = true;
  }
}

/** The token the run sends (the `bearerToken` variable): the mock accepts any Bearer token. */
const BEARER_VARIABLE = "{{bearerToken}}";

/**
 * Gives every request whose operation's first security alternative is an OAuth 2.0 or OpenID Connect scheme a
 * Bearer auth with the run's token: the converter makes those a Postman `oauth2` auth that newman cannot fetch a token
 * for (it sends no Authorization: the mock's documented 401), where the access token such a flow yields is sent as
 * Bearer (RFC 6750), the credential the spec's schemes derive (`credentialKind`: "bearer"). Returns how many it set.
 */
function bearerForTokenSchemes(items: Untyped[]): number {
  let set = 0;
  for (const item of items) {
    if (item.item) set += bearerForTokenSchemes(item.item);
    const op: OperationSpec | undefined = item.request && operationOf(item.request);
    const scheme = op?.security[0]?.find((s) => s.type === "oauth2" || s.type === "openIdConnect");
    if (!scheme || credentialKind(scheme) !== "bearer") continue;
    item.request.auth = {
      type: "bearer",
      bearer: [{ key: "token", value: BEARER_VARIABLE, type: "string" }],
    };
    set += 1;
  }
  return set;
}

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

test("the converted collection runs in newman: every operation once, each a documented 2xx but the converter's listed limits, no unexplained warning", async () => {
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
  firstPagesOnly(collection.item);
  // As many as the spec has operations secured first by OAuth 2.0 or OpenID Connect.
  expect(bearerForTokenSchemes(collection.item)).toBe(
    operations().filter((op) =>
      op.security[0]?.some((s) => s.type === "oauth2" || s.type === "openIdConnect"),
    ).length,
  );

  const summary: Untyped = await collecting(
    () =>
      new Promise((resolve, reject) =>
        newman.run(
          {
            collection,
            envVar: [
              { key: "baseUrl", value: mock.baseUrl },
              { key: "bearerToken", value: "ecosystem-token" },
              { key: "apiKey", value: "ecosystem-key" },
            ],
            reporters: [],
            timeoutRequest: 10_000,
          },
          (error: Error | null, result: Untyped) => (error ? reject(error) : resolve(result)),
        ),
      ),
  );
  const answered = summary.run.executions.map((e: Untyped) => {
    const op = operationOf(e.item.request);
    return { operationId: op?.operationId, status: e.response?.code as number, op };
  });
  expect(answered.map((a: { operationId: string }) => a.operationId).sort()).toEqual(
    operations()
      .map((o) => o.operationId)
      .sort(),
  );
  const limited = new Set(
    operations()
      .filter((op) => CONVERTER_LIMITS.some((limit) => limit.applies(op)))
      .map((op) => op.operationId),
  );
  const documented = (a: { status: number; op: OperationSpec }) =>
    a.op.responses.some((r) => r.status === String(a.status));
  const is2xx = (a: { status: number }) => a.status >= 200 && a.status < 300;
  // Every operation answered a documented 2xx, but the converter's listed limits, each still answered otherwise.
  expect(
    answered
      .filter((a: Untyped) => !limited.has(a.operationId) && !(is2xx(a) && documented(a)))
      .map((a: Untyped) => `${a.operationId}: ${a.status}`),
  ).toEqual([]);
  expect(
    answered
      .filter((a: Untyped) => limited.has(a.operationId) && is2xx(a))
      .map((a: Untyped) => a.operationId),
    "a listed converter limit that passes is stale",
  ).toEqual([]);
  expect(summary.run.failures).toEqual([]);
  expect(printed.filter((line) => !EXPLAINED_WARNINGS.some((w) => w.test(line)))).toEqual([]);
});
