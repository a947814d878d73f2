import {
  ApiError,
  errorClassFor,
  type MerchantPaymentsClient,
  RateLimitError,
} from "@merchant-payments/client";
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec";
import { clientFor } from "./harness.js";
import {
  errorsAt,
  jsonMediaFor,
  requestExamplesOf,
  responseExamplesOf,
} from "./operation-parts.js";

type Method = (body: unknown, options?: unknown) => Promise<unknown>;

/** The client method named after an operationId (the client names its methods after the spec's operationIds). */
export function methodOf(client: MerchantPaymentsClient, operationId: string): Method {
  const method = (client as unknown as Record<string, unknown>)[operationId];
  if (typeof method !== "function") throw new Error(`the client has no method ${operationId}`);
  return (method as Method).bind(client);
}

/** The first named request example of an operation: a body the spec itself calls valid. */
export function exampleRequest(op: OperationSpec): unknown {
  const first = Object.values(requestExamplesOf(op))[0];
  if (first === undefined) throw new Error(`${op.operationId} has no request example`);
  return first;
}

/**
 * Whether the client's result carries the example's data, allowing the normalizations the client
 * documents: an integer where the spec also allows a string comes back as a string, and a bare
 * JSON string confirmation comes back as `{ message }`.
 */
function matchesExample(result: unknown, example: unknown): boolean {
  if (typeof example === "number" && typeof result === "string") return String(example) === result;
  if (typeof example === "string" && typeof result === "object" && result !== null) {
    return (result as { message?: unknown }).message === example;
  }
  if (Array.isArray(example)) {
    return (
      Array.isArray(result) &&
      result.length === example.length &&
      example.every((e, i) => matchesExample(result[i], e))
    );
  }
  if (typeof example === "object" && example !== null) {
    if (typeof result !== "object" || result === null) return false;
    const r = result as Record<string, unknown>;
    const e = example as Record<string, unknown>;
    return (
      Object.keys(e).every((k) => matchesExample(r[k], e[k])) && Object.keys(r).every((k) => k in e)
    );
  }
  return Object.is(result, example);
}

/**
 * Asks the mock for one named response example through the client and returns what is wrong:
 * the client failed, the result breaks the response schema (Ajv), or it is not the example.
 */
export async function checkResponseExample(
  baseUrl: string,
  validator: SpecAjv,
  op: OperationSpec,
  exampleName: string,
): Promise<string[]> {
  const response = responseExamplesOf(op).find((e) => e.name === exampleName);
  if (!response) return [`${op.operationId} documents no response example ${exampleName}`];
  const client = clientFor(baseUrl, { prefer: `example=${exampleName}` });
  let result: unknown;
  try {
    result = await methodOf(client, op.operationId)(exampleRequest(op));
  } catch (error) {
    const body = error instanceof ApiError ? ` ${JSON.stringify(error.body)}` : "";
    return [`${op.operationId} threw ${(error as Error).name}: ${(error as Error).message}${body}`];
  }
  const problems = errorsAt(validator, response.media.schemaPointer, result).map(
    (e) => `schema: ${e}`,
  );
  if (!matchesExample(result, response.value)) {
    problems.push(`result differs from example ${exampleName}: ${JSON.stringify(result)}`);
  }
  return problems;
}

/**
 * The error class the client must throw for a documented status: the client's own mapping (`errorClassFor`: "5XX"
 * and any 5xx ServerError; a 4xx without a class of its own, such as the documented 406 and 415, ApiError itself);
 * a status below 400 is no error status.
 */
function expectedErrorClass(status: number): typeof ApiError {
  if (status < 400) throw new Error(`no error class is specified for status ${status}`);
  return errorClassFor(status);
}

/** The concrete statuses to ask for a documented status key: "5XX" -> 500 and 503. */
export function concreteStatuses(key: string): number[] {
  return /^\dXX$/i.test(key) ? [Number(`${key[0]}00`), Number(`${key[0]}03`)] : [Number(key)];
}

/**
 * Asks the mock for a documented error status (and, if given, one named example of it) through the
 * client and returns what is wrong: the call succeeded, threw another class or status, the body is
 * not a problem of the spec, or it is not the example asked for.
 */
export async function checkErrorStatus(
  baseUrl: string,
  validator: SpecAjv,
  op: OperationSpec,
  status: number,
  acceptProblems = true,
  exampleName?: string,
): Promise<string[]> {
  const prefer = exampleName ? `code=${status}, example=${exampleName}` : `code=${status}`;
  const client = clientFor(baseUrl, { prefer, acceptProblems });
  try {
    const result = await methodOf(client, op.operationId)(exampleRequest(op));
    return [`expected ${status}, the call resolved with ${JSON.stringify(result)}`];
  } catch (error) {
    const expected = expectedErrorClass(status);
    const problems: string[] = [];
    if (!(error instanceof expected) || (expected === ApiError && error.constructor !== ApiError)) {
      problems.push(
        `expected ${expected.name}, got ${(error as Error).name}: ${(error as Error).message}`,
      );
      return problems;
    }
    if (error.status !== status) problems.push(`status ${error.status} instead of ${status}`);
    const media = jsonMediaFor(op, status);
    if (!media) problems.push(`${op.operationId} documents no JSON body for status ${status}`);
    else
      problems.push(
        ...errorsAt(validator, media.schemaPointer, error.body).map((e) => `problem body: ${e}`),
      );
    if (exampleName !== undefined) {
      const response = responseExamplesOf(op).find((e) => e.name === exampleName);
      if (!matchesExample(error.body, response?.value)) {
        problems.push(`body differs from example ${exampleName}: ${JSON.stringify(error.body)}`);
      }
    }
    if (error instanceof RateLimitError && typeof error.retryAfterMs !== "number") {
      problems.push("RateLimitError without retryAfterMs although Retry-After was sent");
    }
    return problems;
  }
}
