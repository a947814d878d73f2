import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { clientDefaults } from "@merchant-payments/client";
import { OWASP_TOPICS, owaspAnswers } from "@merchant-payments/spec/owasp-answers";
import { beforeAll, describe, expect, test } from "vitest";
import {
  declaredErrorStatuses,
  formatBytes,
  formatMs,
  type MockLimits,
  placeName,
  SECURITY_HEADING,
  securityAndLimitsMarkdown,
} from "../scripts/lib/security-limits.mjs";
import { toolkitLimits } from "../scripts/lib/toolkit-limits.mjs";
import { readBundle } from "../src/samples.mjs";

const document = readBundle();
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

let mock: MockLimits;
let page: string;

beforeAll(async () => {
  ({ mock } = await toolkitLimits());
  page = securityAndLimitsMarkdown({
    document,
    answers: owaspAnswers,
    topics: OWASP_TOPICS,
    client: clientDefaults,
    mock,
  });
}, 120_000);

describe("the Security and limits section", () => {
  test("lists every OWASP override: its rules, its places, the document's sentence and the reason", () => {
    expect(owaspAnswers.length).toBeGreaterThan(0);
    for (const answer of owaspAnswers) {
      for (const rule of answer.rules) expect(page).toContain(`\`${rule}\``);
      for (const path of answer.paths) expect(page).toContain(placeName(document, path));
      expect(page).toContain(
        `${answer.document.title}, §${answer.section}: "${oneLine(answer.quote)}"`,
      );
      expect(page).toContain(oneLine(answer.reason));
    }
  });

  test("puts each override in a row of its topic's table", () => {
    const rows = page.split("\n").filter((line) => line.startsWith("| `owasp:"));
    expect(rows).toHaveLength(owaspAnswers.length);
    for (const [topic, heading] of Object.entries(OWASP_TOPICS)) {
      const after = page.slice(page.indexOf(`#### ${heading}`));
      const table = after.slice(0, after.indexOf("\n\n", after.indexOf("| --- |")));
      for (const answer of owaspAnswers.filter((a) => a.topic === topic))
        expect(table).toContain(oneLine(answer.reason));
    }
  });

  test("names what the document leaves open about tokens, rate limits and error statuses, from the spec", () => {
    expect(page).toContain(`## ${SECURITY_HEADING}`);
    expect(page).toContain(oneLine(document.components.securitySchemes.BearerAuth.description));
    expect(page).toContain("Rate limits and quotas: not shown.");
    expect(page).toContain(oneLine(document.components.responses.TooManyRequests.description));
    const statuses = declaredErrorStatuses(document);
    expect(statuses).toContain("5XX");
    expect(page).toContain(statuses.map((status) => `\`${status}\``).join(", "));
  });

  test("shows the client's defaults and the mock's limits as their code defines them", () => {
    expect(page).toContain(formatMs(clientDefaults.timeoutMs));
    expect(page).toContain(formatBytes(clientDefaults.maxResponseBytes));
    expect(page).toContain(formatMs(clientDefaults.backoff.maxRetryAfterMs));
    expect(page).toContain(formatBytes(mock.maxBodyBytes));
    expect(page).toContain(formatBytes(mock.maxHeaderBytes));
    expect(page).toContain(formatMs(mock.headersTimeoutMs));
    expect(mock.maxBodyBytes).toBeGreaterThan(0);
  });

  test("follows other limits: nothing in the section is a number copied by hand", () => {
    const other = securityAndLimitsMarkdown({
      document,
      answers: owaspAnswers,
      topics: OWASP_TOPICS,
      client: { ...clientDefaults, timeoutMs: 1234, maxResponseBytes: 4096 },
      mock: { ...mock, maxBodyBytes: 7 * 1024 * 1024 },
    });
    expect(other).toContain("1,234 ms (1.2 s)");
    expect(other).toContain("4,096 bytes (4 KiB)");
    expect(other).toContain("7,340,032 bytes (7 MiB)");
    expect(other).not.toContain(formatMs(clientDefaults.timeoutMs));
  });

  test("names places as a reader knows them", () => {
    expect(placeName(document, "/components/schemas/Transaction/properties/responseCode")).toBe(
      "`Transaction.responseCode`",
    );
    expect(placeName(document, "/paths/~1collections~1getTransaction/post/responses/200")).toBe(
      "`getTransaction` 200 answer",
    );
    expect(placeName(document, "/components/parameters/AcceptLanguage/schema")).toBe(
      "`Accept-Language` header",
    );
    expect(placeName(document, "/components/schemas/SummaryType/anyOf/1")).toBe(
      "`SummaryType` (any other string)",
    );
  });

  test("names a place inside an operation by the section it is in: a parameter by its name, never as an answer", () => {
    const grown = JSON.parse(
      readFileSync(
        fileURLToPath(new URL("../../spec/dist/fixtures/grown.json", import.meta.url)),
        "utf8",
      ),
    );
    expect(placeName(grown, "/paths/~1transactions/get/parameters/1/schema")).toBe(
      "`listTransactions` `cursor` parameter",
    );
    // A parameter by reference: named by the parameter it reaches.
    expect(placeName(grown, "/paths/~1transactions/get/parameters/0/schema")).toBe(
      "`listTransactions` `merchantAccountNumber` parameter",
    );
    expect(
      placeName(
        grown,
        "/paths/~1transactions~1{transactionReference}~1hold/put/parameters/0/schema",
      ),
    ).toBe("`placeTransactionHold` `X-Hold-Reason` parameter");
    expect(
      placeName(grown, "/paths/~1transactions~1{transactionReference}~1hold/parameters/0/schema"),
    ).toBe("`/transactions/{transactionReference}/hold` `transactionReference` parameter");
    expect(
      placeName(
        grown,
        "/paths/~1settlements~1{settlementDate}~1report/get/responses/202/headers/Retry-After/schema",
      ),
    ).toBe("`downloadSettlementReport` 202 answer's `Retry-After` header");
    expect(
      placeName(grown, "/paths/~1refunds/post/requestBody/content/application~1json/schema"),
    ).toBe("`createRefund` request body");
    expect(placeName(grown, "/paths/~1auth~1token/post/security")).toBe(
      "`issueAccessToken` security",
    );
    expect(placeName(grown, "/paths/~1transactions/get/responses")).toBe(
      "`listTransactions` answers",
    );
  });

  test('every place of the page\'s rows reads as words: none is a number followed by "answer" unless it is a status', () => {
    for (const answer of owaspAnswers)
      for (const path of answer.paths) {
        const name = placeName(document, path);
        const status = name.match(/ (\S+) answer/)?.[1];
        if (status !== undefined)
          expect(status, `${path} → ${name}`).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
      }
  });

  test("names an operation's parameter by its name, never as an answer", () => {
    const listing = {
      paths: {
        "/transactions": {
          get: {
            operationId: "listTransactions",
            parameters: [
              { name: "cursor", in: "query" },
              { $ref: "#/components/parameters/Limit" },
            ],
          },
        },
      },
      components: { parameters: { Limit: { name: "limit", in: "query" } } },
    };
    expect(placeName(listing, "/paths/~1transactions/get/parameters/0")).toBe(
      "`listTransactions` `cursor` parameter",
    );
    expect(placeName(listing, "/paths/~1transactions/get/parameters/1/schema")).toBe(
      "`listTransactions` `limit` parameter",
    );
  });
});

describe("the built site", () => {
  test("carries the section, with every override's rule and reason, before the versions", () => {
    const dist = fileURLToPath(new URL("../dist/", import.meta.url));
    const siteScript = readdirSync(dist).find((name) => /^site\.[0-9a-f]{10}\.js$/.test(name));
    // The page (its server-rendered HTML first), then its script, which carries the document Redoc hydrates.
    const html = [
      readFileSync(`${dist}index.html`, "utf8"),
      readFileSync(`${dist}${siteScript}`, "utf8"),
    ].join("\n");
    // The page embeds the description as JSON in a script (with "<" escaped) and renders it as HTML.
    const inPage = (text: string) =>
      html.includes(text) ||
      html.includes(JSON.stringify(text).slice(1, -1).replaceAll("<", "\\u003c"));
    expect(inPage(`## ${SECURITY_HEADING}`)).toBe(true);
    for (const answer of owaspAnswers) {
      for (const rule of answer.rules) expect(inPage(rule), rule).toBe(true);
      expect(inPage(oneLine(answer.reason)), answer.reason).toBe(true);
    }
    expect(html.indexOf(SECURITY_HEADING)).toBeLessThan(html.indexOf("Versions and changelog"));
  });
});
