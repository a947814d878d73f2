// Portman (the catalog's @apideck/portman, under Node 20) writes a Postman collection with contract tests of every
// operation and variation tests (no credentials: the documented 401; fuzzed requests: the documented 422) from the
// spec (tools/portman-config.json); newman (the catalog's) runs it against the mock. On the product spec and on the
// grown fixture every assertion passes but the listed limits of Portman and openapi-to-postman, each still failing.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { nodeBinary } from "@merchant-payments/node-runtimes";
import { loadDocument, operations } from "@merchant-payments/spec";
import { expect } from "vitest";
import { type PeerLimit, type PeerRun, type PeerSpec, peerSuite } from "./peer-contracts.js";
import { bodyRecurses, openYetDocuments401 } from "./shapes.js";
import { packageDir, packageFile, run, stepLimitMs } from "./support.js";

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: newman ships no types.
const newman: any = require("newman");
const portman = packageFile("@apideck/portman", "bin/portman");

/** The limits of Portman and of the openapi-to-postman it converts with, on our spec: the checks, why, the issue. */
/** A Portman request as its checks name it: `[POST]::/planets/:planetId`. */
const portmanRequest = (op: { method: string; path: string }) =>
  `[${op.method}]::${op.path.replace(/\{([^}]+)\}/g, ":$1")}`;

export const PORTMAN_LIMITS: readonly PeerLimit[] = [
  {
    shape:
      "a request body whose schema contains itself (Galaxy's Planet: its satellites orbit a Planet)",
    applies: bodyRecurses,
    checks: (op) => [
      `${op.summary} :: ${portmanRequest(op)} - Status code is 2xx`,
      `${op.summary} :: ${portmanRequest(op)} - Content-Type is application/json`,
    ],
    reason:
      "openapi-to-postman fakes the body from the schema, not the example, and writes `<Error: Too many levels of nesting to fake this schema>` where the schema recurs: the mock answers the documented 400",
  },
  {
    shape: "an operation open to anyone (`security: []`) that documents a 401",
    applies: openYetDocuments401,
    checks: (op) => [
      `${op.summary}[Unauthorized] :: ${portmanRequest(op)} - Response status code is 401`,
    ],
    reason:
      "Portman's Unauthorized variation removes the credentials and expects the documented 401, but the operation asks for none, so the mock answers the request as the valid one it is",
  },
  {
    operationId: "uploadDisputeEvidence",
    checks: [
      "Upload dispute evidence :: [POST]::/disputes/:disputeId/evidence - Status code is 2xx",
      "Upload dispute evidence :: [POST]::/disputes/:disputeId/evidence - Content-Type is application/json",
      "Upload dispute evidence :: [POST]::/disputes/:disputeId/evidence - Schema is valid",
      "Upload dispute evidence :: [POST]::/disputes/:disputeId/evidence - Response header Location is present",
    ],
    reason:
      "openapi-to-postman builds the multipart/form-data body from the schema, not the example: the JSON part `metadata` is the text `[object Object]` and the file part's Content-Type the encoding's whole list `application/pdf, image/png, image/jpeg`; the mock answers the documented 422",
  },
  {
    operationId: "getMerchantPreferences",
    checks: [
      "Read a merchant's preferences :: [GET]::/merchants/:merchantAccountNumber/preferences - Status code is 2xx",
      "Read a merchant's preferences :: [GET]::/merchants/:merchantAccountNumber/preferences - Content-Type is application/json",
      "Read a merchant's preferences :: [GET]::/merchants/:merchantAccountNumber/preferences - Schema is valid",
    ],
    reason:
      "openapi-to-postman converts API keys sent in a header or the query only (a Postman collection's API key auth has no cookie place), so the request goes without the `session` cookie and the mock answers the documented 401",
    issue: "https://github.com/postmanlabs/openapi-to-postman/issues/654",
  },
  {
    operationId: "issueAccessToken",
    checks: [
      "Obtain an access token :: [POST]::/auth/token - Status code is 2xx",
      "Obtain an access token :: [POST]::/auth/token - Content-Type is application/json",
      "Obtain an access token :: [POST]::/auth/token - Schema is valid",
      "Obtain an access token[Unauthorized] :: [POST]::/auth/token - Response status code is 401",
    ],
    reason:
      "openapi-to-postman turns `grant_type: { const: client_credentials }` into form fields named `const` and `description`, so the form lacks `grant_type` and the mock answers the documented 422 (the Unauthorized variation too: the operation has `security: []`, so removing credentials cannot cause its 401, and the broken form gets 422 first)",
  },
  {
    operationId: "getVolumeSummary",
    checks: [
      "Summarize collected volume[Unprocessable][required period] :: [GET]::/analytics/volumes - Response status code is 422",
      "Summarize collected volume[Unprocessable][required period] :: [GET]::/analytics/volumes - Content-Type is application/problem+json",
      "Summarize collected volume[Unprocessable][required period] :: [GET]::/analytics/volumes - Schema is valid",
    ],
    reason:
      "Portman's fuzzing removes the required deepObject parameter `period` but leaves its keys `period[from]` and `period[to]` in the query, so the request is still valid and the mock answers 200",
  },
  {
    operationId: "updateMerchantUser",
    checks: [
      "Update a merchant user[Unprocessable][maximum length phoneNumber] :: [PATCH]::/merchant-users/:userId - Response status code is 422",
      "Update a merchant user[Unprocessable][maximum length phoneNumber] :: [PATCH]::/merchant-users/:userId - Content-Type is application/problem+json",
      "Update a merchant user[Unprocessable][maximum length phoneNumber] :: [PATCH]::/merchant-users/:userId - Schema is valid",
    ],
    reason:
      "Portman's fuzzing ignores `type: [string, null]`: for `phoneNumber` longer than its `maxLength` it sends `null`, which the schema allows, so the mock answers 200",
  },
  {
    operationId: "createRefund",
    checks: [
      "Refund a transaction[Unprocessable][required amount] :: [POST]::/refunds - Response status code is 422",
      "Refund a transaction[Unprocessable][required amount] :: [POST]::/refunds - Content-Type is application/problem+json",
      "Refund a transaction[Unprocessable][required amount] :: [POST]::/refunds - Schema is valid",
      "Refund a transaction[Unprocessable][required destination.bankCode] :: [POST]::/refunds - Response status code is 422",
      "Refund a transaction[Unprocessable][required destination.bankCode] :: [POST]::/refunds - Content-Type is application/problem+json",
      "Refund a transaction[Unprocessable][required destination.bankCode] :: [POST]::/refunds - Schema is valid",
      "Refund a transaction[Unprocessable][required destination.accountNumber] :: [POST]::/refunds - Response status code is 422",
      "Refund a transaction[Unprocessable][required destination.accountNumber] :: [POST]::/refunds - Content-Type is application/problem+json",
      "Refund a transaction[Unprocessable][required destination.accountNumber] :: [POST]::/refunds - Schema is valid",
    ],
    reason:
      "Portman's fuzzing takes the required fields of every `oneOf` branch and removes them from an example of another branch, where they are absent (`amount` of a partial refund from the full-refund example; `bankCode`, `accountNumber` of a bank destination from a mobile-wallet one): the request stays valid and the mock answers 201",
  },
  {
    operationId: "checkTransaction",
    checks: [
      "Check that a transaction exists[Unauthorized] :: [HEAD]::/transactions/:transactionReference - Response has JSON Body",
      "Check that a transaction exists[Unauthorized] :: [HEAD]::/transactions/:transactionReference - Schema is valid",
    ],
    reason:
      "Portman applies the JSON body checks to a HEAD answer, which has no body by definition (RFC 9110); the mock's 401 carries the GET answer's headers and no body",
  },
];

/** Writes the Portman collection of `spec` and runs it in newman; every assertion and the failed ones. */
async function portmanRun(dir: string, specFile: string, spec: PeerSpec, baseUrl: string) {
  const collectionFile = join(dir, `${spec}.postman.json`);
  const written = await run(
    nodeBinary(20),
    [
      portman,
      "--local",
      specFile,
      "--baseUrl",
      baseUrl,
      "--portmanConfigFile",
      join(packageDir, "tools/portman-config.json"),
      "--postmanConfigFile",
      join(packageDir, "tools/portman-postman-config.json"),
      // The spec's own format (an exact decimal): Postman's Ajv 6 does not know it, and ignores it when told.
      "--extraUnknownFormats",
      "decimal",
      // The grown fixture's recursive schema (a tree of merchants): Portman refuses it without this.
      "--ignoreCircularRefs",
      "--output",
      collectionFile,
    ],
    { cwd: dir, timeoutMs: stepLimitMs(operations(loadDocument(specFile)).length) },
  );
  expect(written.code, `${written.stdout}\n${written.stderr}`).toBe(0);
  const collection = JSON.parse(readFileSync(collectionFile, "utf8"));
  // biome-ignore lint/suspicious/noExplicitAny: newman ships no types.
  const summary: any = await new Promise((resolve, reject) =>
    newman.run(
      {
        collection,
        envVar: [
          { key: "baseUrl", value: baseUrl },
          { key: "bearerToken", value: "peer-token" },
          { key: "apiKey", value: "peer-key" },
        ],
        reporters: [],
        timeoutRequest: 10_000,
      },
      (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result)),
    ),
  );
  const assertions: { name: string; failed: boolean }[] = summary.run.executions.flatMap(
    // biome-ignore lint/suspicious/noExplicitAny: newman ships no types.
    (execution: any) =>
      // biome-ignore lint/suspicious/noExplicitAny: newman ships no types.
      (execution.assertions ?? []).map((a: any) => ({
        name: `${execution.item.name} :: ${a.assertion}`,
        failed: a.error !== undefined,
      })),
  );
  return {
    requests: summary.run.executions.length as number,
    checks: assertions.length,
    failed: assertions.filter((a) => a.failed).map((a) => a.name),
  } satisfies PeerRun & { requests: number };
}

peerSuite(
  "portman",
  "Portman contract and variation tests in newman against the mock",
  async (workspace, spec) => {
    const result = await portmanRun(
      workspace.dir,
      workspace.specFile(spec),
      spec,
      workspace.mock(spec).baseUrl,
    );
    expect(result.requests).toBeGreaterThan(0);
    expect(result.checks).toBeGreaterThan(result.requests);
    return result;
  },
  PORTMAN_LIMITS,
);
