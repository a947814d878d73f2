// verify on the grown fixture (every operation shape) against a loopback server that answers from the spec's
// examples: what goes on the wire per shape (parameter styles, body media types, credentials per operation), and
// one planted defect per new check, each reported by name on its operation and case.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { operations } from "@merchant-payments/spec";
import type { LoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { VerifyReport } from "../src/report-types.js";
import { runVerify } from "../src/run.js";
import { startExampleServer } from "./example-server.js";

const require = createRequire(import.meta.url);
const grown = JSON.parse(
  readFileSync(require.resolve("@merchant-payments/spec/fixtures/grown.json"), "utf8"),
);
const token = "grown-test-token-0123456789";
const apiKey = "grown-test-api-key-9876543210";

/** The operations of this test: one of each new shape; the others of the fixture are left out of the copy. */
const CHOSEN = [
  "listTransactions",
  "readTransaction",
  "checkTransaction",
  "downloadSettlementReport",
  "getVolumeSummary",
  "putWebhookSubscription",
  "removeWebhookSubscription",
  "createRefund",
  "cancelPaymentLink",
  "uploadDisputeEvidence",
  "addDisputeNote",
  "uploadDisputeAttachment",
  "issueAccessToken",
];
const kept = new Set(
  operations(grown)
    .filter((op) => CHOSEN.includes(op.operationId))
    .map((op) => op.path),
);
const document = {
  ...grown,
  paths: Object.fromEntries(Object.entries(grown.paths).filter(([path]) => kept.has(path))),
};
const ops = operations(document);

let server: LoopbackServer;
let report: VerifyReport;
const lines: string[] = [];

beforeAll(async () => {
  server = await startExampleServer(
    document,
    ops,
    { token, apiKey },
    {
      // 201 without its required Location header.
      createRefund: (answer, _request, response) => {
        const { Location: _, ...headers } = answer.headers;
        response.writeHead(answer.status, headers);
        response.end(answer.body);
        return true;
      },
      // 204 with a body (written raw: Node's server drops a 204's body).
      removeWebhookSubscription: (_answer, _request, response) => {
        response.socket?.end(
          "HTTP/1.1 204 No Content\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot empty",
        );
        return true;
      },
      // A media type the operation does not document.
      readTransaction: (answer, _request, response) => {
        response.writeHead(answer.status, { ...answer.headers, "content-type": "text/html" });
        response.end("<html>maintenance</html>");
        return true;
      },
      // Page 2 broken: its items are not an array.
      listTransactions: (answer, request, response) => {
        if (!request.url.includes("cursor=")) return false;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ ...JSON.parse(answer.body), transactions: "none" }));
        return true;
      },
    },
  );
  report = await runVerify({
    baseUrl: server.baseUrl,
    document,
    token,
    apiKey,
    runs: 0,
    seed: 7,
    allowWrites: true,
    // uploadDisputeAttachment's octet-stream body has no example: a write sent generated only when asked.
    generatedWrites: true,
    timeoutMs: 5000,
    onLine: (line) => lines.push(line),
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const casesOf = (operationId: string) =>
  report.operations.find((o) => o.operationId === operationId)?.cases ?? [];
const checksOf = (operationId: string, caseName?: string) =>
  casesOf(operationId)
    .filter((c) => caseName === undefined || c.name === caseName)
    .flatMap((c) => c.defects.map((d) => d.check));
const sent = (method: string, path: string) =>
  server.received.filter((r) => r.method === method && r.url.split("?")[0] === path);

describe("verify on the grown fixture: planted defects, each named", () => {
  test("a 201 without its required Location header is missing-header at Location", () => {
    const defects = casesOf("createRefund").flatMap((c) => c.defects);
    expect(defects.map((d) => [d.check, d.path])).toContainEqual(["missing-header", "Location"]);
  });

  test("a 204 with a body is body-not-empty", () => {
    expect(checksOf("removeWebhookSubscription")).toEqual(["body-not-empty"]);
  });

  test("an undocumented media type is wrong-media-type", () => {
    expect(checksOf("readTransaction", "example")).toEqual(["wrong-media-type"]);
  });

  test("a broken page 2 is reported on the case of page 2, page 1 passing", () => {
    const cases = casesOf("listTransactions");
    expect(cases.find((c) => c.name === "example")?.outcome).toBe("passed");
    const page2 = cases.find((c) => c.name === "example page 2");
    expect(page2?.kind).toBe("next-page");
    expect(page2?.defects.map((d) => d.check)).toContain("broken-pagination");
    expect(cases.some((c) => c.name === "example page 3")).toBe(false);
    expect(
      lines.some((l) => l.startsWith("FAIL listTransactions example page 2: broken-pagination")),
    ).toBe(true);
  });

  test("every other operation passes: text and binary answers, HEAD, 205, API keys, security: []", () => {
    const planted = [
      "createRefund",
      "removeWebhookSubscription",
      "readTransaction",
      "listTransactions",
    ];
    for (const op of report.operations.filter((o) => !planted.includes(o.operationId))) {
      expect(op.cases.length, op.operationId).toBeGreaterThan(0);
      expect(
        op.cases.filter((c) => c.outcome !== "passed").map((c) => [c.name, c.defects]),
        op.operationId,
      ).toEqual([]);
    }
  });

  test("the token and the API key appear nowhere in the report or the console", () => {
    const text = JSON.stringify(report) + lines.join("\n");
    expect(text).not.toContain(token.slice(0, 12));
    expect(text).not.toContain(apiKey.slice(0, 12));
  });
});

describe("verify on the grown fixture: what goes on the wire", () => {
  test("query parameters per style: form exploded and not, spaceDelimited, pipeDelimited, deepObject", () => {
    const list = sent("GET", "/transactions")[0]?.url ?? "";
    expect(list).toContain("status=S&status=P");
    expect(list).toContain("connectors=M-Wallet,Bank%20Transfer");
    expect(list).toContain("merchantAccountNumber=12345678");
    expect(list).not.toContain("cursor=");
    const report = sent("GET", "/settlements/2024-01-15/report")[0];
    expect(report?.url).toContain("columns=transactionReferenceNumber%20amountReceived");
    expect(report?.url).toContain("currencies=KES|UGX");
    const volumes = sent("GET", "/analytics/volumes")[0]?.url ?? "";
    expect(volumes).toContain("period[from]=2024-01-01&period[to]=2024-01-31");
  });

  test("credentials as each operation's security asks: API key in a header or the query, none for security: []", () => {
    const reports = sent("GET", "/settlements/2024-01-15/report");
    expect(reports.filter((r) => r.headers["x-api-key"] === apiKey)).toHaveLength(1);
    expect(reports.every((r) => r.headers.authorization === undefined)).toBe(true);
    const volumes = sent("GET", "/analytics/volumes");
    expect(volumes.filter((r) => r.url.includes(`api_key=${apiKey}`))).toHaveLength(1);
    expect(volumes.every((r) => r.headers.authorization === undefined)).toBe(true);
    const token = sent("POST", "/auth/token");
    expect(token.length).toBeGreaterThan(0);
    for (const r of token) expect(r.headers.authorization).toBeUndefined();
    expect(checksOf("issueAccessToken")).toEqual([]);
    expect(casesOf("issueAccessToken").some((c) => c.kind === "no-credentials")).toBe(false);
  });

  test("bodies per media type: multipart parts with their encoding, urlencoded, text, octet-stream; none on GET", () => {
    const evidence = sent("POST", "/disputes/DSP-000451/evidence")[0];
    expect(evidence?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(evidence?.body).toMatch(
      /name="file"; filename="[^"]+"\r\nContent-Type: application\/pdf\r\n/,
    );
    expect(evidence?.body).toMatch(/name="metadata"\r\nContent-Type: application\/json\r\n\r\n\{/);
    expect(evidence?.body).toContain('name="category"\r\n\r\ndelivery-proof\r\n');
    const token = sent("POST", "/auth/token").find((r) => r.body !== "");
    expect(token?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(token?.body).toContain("grant_type=client_credentials");
    const note = sent("POST", "/disputes/DSP-000451/notes")[0];
    expect(note?.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(note?.body).toMatch(/^The customer collected the parcel/);
    const attachment = sent("PUT", "/disputes/DSP-000451/attachments/invoice-4471.pdf")[0];
    expect(attachment?.headers["content-type"]).toBe("application/octet-stream");
    expect(Number(attachment?.headers["content-length"])).toBeGreaterThan(0);
    for (const r of server.received.filter((r) => r.method === "GET" || r.method === "HEAD"))
      expect(r.body).toBe("");
  });
});
