import { describe, expect, test } from "vitest";
import {
  checkErrorStatus,
  checkResponseExample,
  concreteStatuses,
  exampleRequest,
  methodOf,
} from "../src/checks.js";
import { clientFor } from "../src/harness.js";
import { operations, useMock, validator } from "./setup-mock.js";

const server = useMock();

test("the client's own Accept header lets the mock answer a documented error (application/problem+json)", async () => {
  // No help from the harness: the client's Accept must admit the media type of the spec's errors,
  // or a content-negotiating server (Prism) answers 200 instead of the error asked for.
  const op = operations.find((o) => o.responses.some((r) => r.status === "404"));
  expect(op).toBeDefined();
  if (!op) return;
  expect(await checkErrorStatus(server.baseUrl, validator, op, 404, false)).toEqual([]);
});

test("the bundle documents the eight operations of the interface document", () => {
  expect(operations.map((o) => o.operationId)).toHaveLength(8);
});

describe.each(operations.map((op) => [op.operationId, op] as const))("%s", (_id, op) => {
  const success = op.responses.find((r) => r.status === "200");

  test("returns through the client a result that satisfies the response schema (Ajv 2020-12)", async () => {
    const result = await methodOf(clientFor(server.baseUrl), op.operationId)(exampleRequest(op));
    expect(success, "a 200 response is documented").toBeDefined();
    expect(validator.errors(success?.schema ?? {}, result)).toEqual([]);
  });

  test.each(Object.keys(success?.examples ?? {}))(
    "returns the named response example %s, valid against its schema",
    async (name) => {
      expect(await checkResponseExample(server.baseUrl, validator, op, name)).toEqual([]);
    },
  );

  test.each(Object.keys(op.requestExamples))(
    "accepts the named request example %s",
    async (name) => {
      const result = await methodOf(
        clientFor(server.baseUrl),
        op.operationId,
      )(op.requestExamples[name]);
      expect(validator.errors(success?.schema ?? {}, result)).toEqual([]);
    },
  );

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

  const errorExamples = op.responses
    .filter((r) => r.status !== "200")
    .flatMap((r) =>
      Object.keys(r.examples).map(
        (name) => [name, r.status, concreteStatuses(r.status)[0] as number] as const,
      ),
    );

  test.each(errorExamples)(
    "throws with the named error example %s of status %s as its body",
    async (name, _key, status) => {
      expect(await checkErrorStatus(server.baseUrl, validator, op, status, true, name)).toEqual([]);
    },
  );
});
