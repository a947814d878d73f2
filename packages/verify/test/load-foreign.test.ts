// The load's credentials derived from the security schemes of a document written elsewhere (the mock's
// test/fixtures/foreign-api.yaml): a Bearer placeholder for oauth2 and openIdConnect operations, none for
// `security: []`.
import { fileURLToPath } from "node:url";
import { createAjv, loadDocument, operations } from "@merchant-payments/spec";
import { expect, test } from "vitest";
import { planLoad, TOKEN_TEMPLATE } from "../src/load/scenarios.js";

const spec = fileURLToPath(new URL("../../mock/test/fixtures/foreign-api.yaml", import.meta.url));
const document = loadDocument(spec);

test("oauth2 and openIdConnect operations get the Bearer token's placeholder, security: [] none", () => {
  const plan = planLoad(document, operations(document), createAjv(document), {
    seed: 1,
    allowWrites: true,
  });
  const headers = Object.fromEntries(
    plan.scenarios.map((s) => [s.operation.operationId, s.credentialHeaders]),
  );
  const bearer = { authorization: `Bearer ${TOKEN_TEMPLATE}` };
  expect(headers).toEqual({
    "get-stations": bearer,
    "get-station-notice": {},
    "create-booking": bearer,
    "create-trip": bearer,
  });
  // The write without a body example is left out (no --generated-writes).
  expect(plan.skipped.map((s) => s.operationId)).toEqual(["search-trips"]);
});
