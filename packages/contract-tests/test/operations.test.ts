import { describe, expect, test } from "vitest";
import {
  checkErrorStatus,
  checkResponseExample,
  concreteStatuses,
  exampleRequest,
  methodOf,
} from "../src/checks.js";
import { clientFor } from "../src/harness.js";
import {
  errorsAt,
  requestExamplesOf,
  responseExamplesOf,
  successMediaOf,
} from "../src/operation-parts.js";
import { bodyCallOperations, operations, useMock, validator } from "./setup-mock.js";

const server = useMock();

test("the client's own Accept header lets the mock answer a documented error (application/problem+json)", async () => {
  // No help from the harness: the client's Accept must admit the media type of the spec's errors,
  // or a content-negotiating server (Prism) answers 200 instead of the error asked for.
  const op = bodyCallOperations.find((o) => o.responses.some((r) => r.status === "404"));
  expect(op).toBeDefined();
  if (!op) return;
  expect(await checkErrorStatus(server.baseUrl, validator, op, 404, false)).toEqual([]);
});

test("every operation of the spec has a client method of the same name", () => {
  expect(operations.length).toBeGreaterThan(0);
  for (const op of operations) {
    expect(() => methodOf(clientFor("http://127.0.0.1:1"), op.operationId)).not.toThrow();
  }
});

describe.each(bodyCallOperations.map((op) => [op.operationId, op] as const))("%s", (_id, op) => {
  const success = successMediaOf(op);

  test("returns through the client a result that satisfies the response schema (Ajv 2020-12)", async () => {
    const result = await methodOf(clientFor(server.baseUrl), op.operationId)(exampleRequest(op));
    expect(errorsAt(validator, success.schemaPointer, result)).toEqual([]);
  });

  test.each(success.examples.map((e) => e.name))(
    "returns the named response example %s, valid against its schema",
    async (name) => {
      expect(await checkResponseExample(server.baseUrl, validator, op, name)).toEqual([]);
    },
  );

  const requestExamples = requestExamplesOf(op);
  test.each(Object.keys(requestExamples))("accepts the named request example %s", async (name) => {
    const result = await methodOf(clientFor(server.baseUrl), op.operationId)(requestExamples[name]);
    expect(errorsAt(validator, success.schemaPointer, result)).toEqual([]);
  });

  const errorStatuses = op.responses
    .map((r) => r.status)
    .filter((s) => s !== "200")
    .flatMap((key) => concreteStatuses(key).map((status) => [key, status] as const));

  test.each(errorStatuses)(
    "throws the error class of documented status %s (asked for %i) with a problem body",
    async (_key, status) => {
      expect(await checkErrorStatus(server.baseUrl, validator, op, status)).toEqual([]);
    },
  );

  const errorExamples = responseExamplesOf(op)
    .filter((e) => e.status !== "200")
    .map((e) => [e.name, e.status, concreteStatuses(e.status)[0] as number] as const);

  test.each(errorExamples)(
    "throws with the named error example %s of status %s as its body",
    async (name, _key, status) => {
      expect(await checkErrorStatus(server.baseUrl, validator, op, status, true, name)).toEqual([]);
    },
  );
});
