import { deref, type OperationSpec, type Schema } from "@merchant-payments/spec";
import { describe, expect, test } from "vitest";
import { exampleRequest } from "../src/checks.js";
import { MOCK_READ_TIMEOUT_MS } from "../src/mock.js";
import { errorsAt, jsonMediaFor, requestSchemaOf } from "../src/operation-parts.js";
import { type RawAnswer, rawFor, requiredHeaders, sendRaw } from "../src/raw.js";
import { bodyCallOperations, spec, useMock, validator } from "./setup-mock.js";

const server = useMock();

const merchantSchema = deref(spec, { $ref: "#/components/schemas/MerchantAccountNumber" }) as {
  minimum: number;
  maximum: number;
};

/** Asserts a documented rejection: the status, a problem+json body valid against the schema the spec documents for it. */
function expectProblem(op: OperationSpec, answer: RawAnswer, status: number, violation?: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toContain("application/problem+json");
  const media = jsonMediaFor(op, status);
  expect(media?.mediaType, `${op.operationId} documents a problem+json ${status}`).toBe(
    "application/problem+json",
  );
  expect(errorsAt(validator, media?.schemaPointer ?? "", answer.body)).toEqual([]);
  expect((answer.body as { status?: unknown }).status).toBe(status);
  if (violation) expect(answer.violations).toMatch(violation);
}

/**
 * The status a refused request gets, from the spec: the operation's documented 422, else its 400 (the mock's rule,
 * its README's "What the mock answers": only documented statuses).
 */
function refusalStatus(op: OperationSpec): 422 | 400 {
  const documented = (status: string) => op.responses.some((r) => r.status === status);
  if (!documented("422") && !documented("400"))
    throw new Error(`${op.operationId} documents neither 422 nor 400 for a refused request`);
  return documented("422") ? 422 : 400;
}

const withMerchant = bodyCallOperations.filter((op) => {
  const props = deref<Schema>(spec, requestSchemaOf(op)).properties as Record<string, unknown>;
  return props && "merchantAccountNumber" in props;
});

describe.each(withMerchant.map((op) => [op.operationId, op] as const))("%s", (_id, op) => {
  const valid = exampleRequest(op) as Record<string, unknown>;
  const send = (body: unknown) =>
    // Headers that repeat a body property repeat the body sent, so only the body's constraint is broken.
    sendRaw(rawFor(server.baseUrl), op, body, { headers: requiredHeaders(op, body) });

  test("accepts its request example through the raw client (the baseline of every negative case)", async () => {
    const answer = await send(valid);
    expect(answer.status).toBe(200);
  });

  test(`rejects merchant account number ${merchantSchema.minimum - 1} (below the minimum) with its documented 422, else 400`, async () => {
    const answer = await send({ ...valid, merchantAccountNumber: merchantSchema.minimum - 1 });
    expectProblem(op, answer, refusalStatus(op), /merchantAccountNumber must be >=/);
  });

  test(`rejects merchant account number ${merchantSchema.maximum + 1} (above the maximum) with its documented 422, else 400`, async () => {
    const answer = await send({ ...valid, merchantAccountNumber: merchantSchema.maximum + 1 });
    expectProblem(op, answer, refusalStatus(op), /merchantAccountNumber must be <=/);
  });

  test("rejects a non-integer merchant account number with its documented 422, else 400", async () => {
    const answer = await send({ ...valid, merchantAccountNumber: merchantSchema.minimum + 0.5 });
    expectProblem(op, answer, refusalStatus(op), /merchantAccountNumber must be integer/);
  });

  test("rejects a merchant account number sent as a string with its documented 422, else 400", async () => {
    const answer = await send({
      ...valid,
      merchantAccountNumber: String(valid.merchantAccountNumber),
    });
    expectProblem(op, answer, refusalStatus(op), /merchantAccountNumber must be integer/);
  });
});

describe.each(bodyCallOperations.map((op) => [op.operationId, op] as const))("%s", (_id, op) => {
  const valid = exampleRequest(op) as Record<string, unknown>;
  const schema = deref<Schema>(spec, requestSchemaOf(op));
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const send = (body: unknown, headers = requiredHeaders(op, body)) =>
    sendRaw(rawFor(server.baseUrl), op, body, { headers });

  test.each(required)(
    "rejects a body without required %s with its documented 422, else 400",
    async (name) => {
      const { [name]: _dropped, ...rest } = valid;
      const answer = await send(rest);
      expectProblem(op, answer, refusalStatus(op), new RegExp(`required property '${name}'`));
    },
  );

  test.each(Object.keys(properties))(
    "rejects %s of a wrong type with its documented 422, else 400",
    async (name) => {
      const wrong = typeof valid[name] === "boolean" || typeof valid[name] === "object" ? 42 : true;
      const answer = await send({ ...valid, [name]: wrong });
      expectProblem(op, answer, refusalStatus(op), new RegExp(name));
    },
  );

  test("rejects a body that is not an object with its documented 422, else 400", async () => {
    expectProblem(op, await send([valid]), refusalStatus(op), /must be object/);
  });

  test("rejects a request without Authorization with 401", async () => {
    const client = rawFor(server.baseUrl, { withoutAuthorization: true });
    const answer = await sendRaw(client, op, valid, { headers: requiredHeaders(op, valid) });
    expectProblem(op, answer, 401);
  });

  test("rejects malformed JSON with 400 at once, without waiting for the body timeout", async () => {
    // Against the suite's mock the body timeout is MOCK_READ_TIMEOUT_MS: an answer within half of it (a bound on a
    // busy machine, not a speed) did not wait for more of the body.
    const answer = await sendRaw(rawFor(server.baseUrl), op, valid, {
      headers: requiredHeaders(op, valid),
      rawText: JSON.stringify(valid).slice(0, -1),
      timeoutMs: MOCK_READ_TIMEOUT_MS / 2,
    });
    expectProblem(op, answer, 400);
  });

  const repeatedHeaders = op.headers.filter((h) => h.equalsBodyProperty !== undefined);
  test.skipIf(repeatedHeaders.length === 0).each(repeatedHeaders)(
    "rejects a $name header that differs from the body's $equalsBodyProperty with its documented 422, else 400",
    async (header) => {
      const property = header.equalsBodyProperty as string;
      const other =
        merchantSchema.minimum + ((Number(valid[property]) + 1 - merchantSchema.minimum) % 9);
      const answer = await send(valid, {
        ...requiredHeaders(op, valid),
        [header.name]: String(other),
      });
      expectProblem(op, answer, refusalStatus(op), new RegExp(header.name, "i"));
    },
  );

  const requiredHeaderNames = op.headers.filter((h) => h.required).map((h) => h.name);
  test.skipIf(requiredHeaderNames.length === 0).each(requiredHeaderNames)(
    "rejects a request without the required %s header with its documented 422, else 400",
    async (name) => {
      const answer = await send(valid, {});
      expectProblem(op, answer, refusalStatus(op), new RegExp(name, "i"));
    },
  );
});

/** Every array property of a request schema that the spec bounds with maxItems, per operation. */
const boundedArrays = bodyCallOperations.flatMap((op) => {
  const properties = (deref<Schema>(spec, requestSchemaOf(op)).properties ?? {}) as Record<
    string,
    Schema
  >;
  return Object.entries(properties)
    .map(([name, node]) => [name, deref<Schema>(spec, node)] as const)
    .filter(([, schema]) => schema.type === "array" && typeof schema.maxItems === "number")
    .map(([name, schema]) => ({ op, name, maxItems: schema.maxItems as number }));
});

test("the spec bounds at least one request array (the batch's transactions)", () => {
  expect(boundedArrays.length).toBeGreaterThan(0);
});

describe.each(boundedArrays.map((b) => [b.op.operationId, b] as const))("%s", (_id, bounded) => {
  test(`rejects ${bounded.name} with ${bounded.maxItems + 1} items (one over maxItems) with its documented 422, else 400`, async () => {
    const { op, name, maxItems } = bounded;
    const valid = exampleRequest(op) as Record<string, unknown[]>;
    const item = valid[name]?.[0];
    const body = { ...valid, [name]: Array.from({ length: maxItems + 1 }, () => item) };
    const answer = await sendRaw(rawFor(server.baseUrl), op, body, {
      headers: requiredHeaders(op, body),
    });
    expectProblem(op, answer, refusalStatus(op), new RegExp(`${name} must NOT have more than`));
  });
});
