// verify on a document written elsewhere (the mock's test/fixtures/foreign-api.yaml: OAuth 2 and OpenID Connect
// security, JSON and XML answers, operations that document no 401): against the mock, every operation sent with a
// Bearer token derived from the security schemes and every answer passing; an XML answer judged by its media type
// only, never parsed as JSON.
import { fileURLToPath } from "node:url";
import { createAjv, loadDocument, operations } from "@merchant-payments/spec";
import { expect, test } from "vitest";
import { judge } from "../src/judge.js";
import type { VerifyCase } from "../src/plan.js";
import { runVerify } from "../src/run.js";
import { useMock } from "./use-mock.js";

const spec = fileURLToPath(new URL("../../mock/test/fixtures/foreign-api.yaml", import.meta.url));
const document = loadDocument(spec);
const token = "foreign-test-token";
const mock = useMock({ spec });

test("verify --spec <foreign> --allow-writes against the mock: Bearer for oauth2 and openIdConnect, zero defects", {
  timeout: 120_000,
}, async () => {
  const lines: string[] = [];
  const report = await runVerify({
    baseUrl: mock.server.baseUrl,
    document,
    token,
    runs: 2,
    seed: 5,
    allowWrites: true,
    timeoutMs: 10_000,
    onLine: (line) => lines.push(line),
  });
  const failures = report.operations.flatMap((o) =>
    o.cases
      .filter((c) => c.outcome === "failed")
      .map((c) => `${o.operationId} ${c.name}: ${JSON.stringify(c.defects)}`),
  );
  expect(failures).toEqual([]);
  // oauth2 (get-stations, create-trip) and openIdConnect (create-booking): each example sent with the token and
  // answered 2xx (the mock answers a request without a Bearer token 401, or 400 where no 401 is documented).
  for (const id of ["get-stations", "create-booking", "create-trip"]) {
    const cases = report.operations.find((o) => o.operationId === id)?.cases ?? [];
    expect(cases.length, id).toBeGreaterThan(0);
    for (const c of cases) {
      expect(c.outcome, `${id} ${c.name}`).toBe("passed");
      expect(c.status, `${id} ${c.name}`).toBeGreaterThanOrEqual(200);
      expect(c.status, `${id} ${c.name}`).toBeLessThan(300);
    }
  }
  // The write whose body has no example is skipped with its SKIP line (no --generated-writes).
  const searchTrips = report.operations.find((o) => o.operationId === "search-trips")?.cases;
  expect(searchTrips?.map((c) => [c.name, c.outcome])).toEqual([
    ["example (generated application/json)", "skipped"],
  ]);
  expect(lines).toContainEqual(expect.stringMatching(/^SKIP search-trips: .*--generated-writes/));
  expect(report.ok).toBe(true);
});

test("an application/xml answer is checked for its media type and never parsed as JSON", () => {
  const ajv = createAjv(document);
  const op = operations(document).find((o) => o.operationId === "get-stations");
  if (!op) throw new Error("get-stations is in the fixture");
  const verifyCase = {
    operation: op,
    kind: "example",
    name: "example",
    request: { method: "GET", target: "/stations", headers: {} },
  } as VerifyCase;
  const answer = (contentType: string, body: string) =>
    judge(ajv, verifyCase, {
      kind: "answer",
      status: 200,
      headers: { "content-type": contentType },
      body,
    });
  expect(answer("application/xml; charset=utf-8", "<stations><station/></stations>")).toEqual([]);
  // Not JSON, and not a document at all: still no JSON defect, as XML bodies are not parsed.
  expect(answer("application/xml", "{not json")).toEqual([]);
  expect(answer("text/html", "<html/>").map((d) => d.check)).toEqual(["wrong-media-type"]);
  expect(answer("application/json", "{not json").map((d) => d.check)).toEqual(["invalid-json"]);
});
