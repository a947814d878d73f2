import { invalidArbitrary, type Mutation, mapLimit, validArbitrary } from "@merchant-payments/kit";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { exampleRequest } from "../src/checks.js";
import { errorsAt, requestOf } from "../src/operation-parts.js";
import { rawFor, requiredHeaders, sendRaw } from "../src/raw.js";
import { CONCURRENCY, fileSeed, RUNS } from "./generated-inputs.js";
import { bodyCallOperations, spec, useMock, validator } from "./setup-mock.js";

const seed = fileSeed("property-based requests");

const server = useMock();

describe.each(bodyCallOperations.map((op, index) => [op.operationId, op, index] as const))(
  "%s",
  (_id, op, index) => {
    const example = exampleRequest(op);
    const request = requestOf(op);
    const headersFor = (body: unknown) => {
      const own = requiredHeaders(op, body);
      const fallback = requiredHeaders(op, example);
      // A header repeats a body field; when that field is broken or missing, send the valid one.
      return Object.keys(own).length === Object.keys(fallback).length &&
        validator.ajv.validate(
          op.headers.find((h) => h.required)?.schema ?? {},
          Number(Object.values(own)[0]),
        )
        ? own
        : fallback;
    };

    test(`accepts ${RUNS} valid bodies generated from the request schema`, async () => {
      const opSeed = seed + index * 2;
      const bodies = fc.sample(validArbitrary(spec, request.schema), {
        seed: opSeed,
        numRuns: RUNS,
      });
      const client = rawFor(server.baseUrl);
      const failures: string[] = [];
      await mapLimit(bodies, CONCURRENCY, async (body, i) => {
        const invalid = errorsAt(validator, request.schemaPointer, body);
        if (invalid.length > 0) {
          failures.push(
            `#${i} generator made an invalid body (${invalid.join("; ")}): ${JSON.stringify(body)}`,
          );
          return;
        }
        const answer = await sendRaw(client, op, body, { headers: headersFor(body) });
        if (answer.status !== 200) {
          failures.push(
            `#${i} got ${answer.status} ${answer.violations} ${JSON.stringify(answer.body)} for ${JSON.stringify(body)}`,
          );
        }
      });
      expect(failures, `seed ${opSeed} (CONTRACT_SEED=${seed})`).toEqual([]);
    });

    test(`rejects ${RUNS} bodies with one broken constraint with a 4xx, never a 5xx`, async () => {
      const opSeed = seed + index * 2 + 1;
      const mutations: Mutation[] = fc.sample(invalidArbitrary(spec, request.schema), {
        seed: opSeed,
        numRuns: RUNS,
      });
      const client = rawFor(server.baseUrl);
      const failures: string[] = [];
      await mapLimit(mutations, CONCURRENCY, async ({ description, value }, i) => {
        if (errorsAt(validator, request.schemaPointer, value).length === 0) {
          failures.push(
            `#${i} mutation "${description}" left the body valid: ${JSON.stringify(value)}`,
          );
          return;
        }
        const answer = await sendRaw(client, op, value, { headers: headersFor(value) });
        if (answer.status < 400 || answer.status >= 500) {
          failures.push(
            `#${i} "${description}" got ${answer.status} ${JSON.stringify(answer.body)} for ${JSON.stringify(value)}`,
          );
        }
      });
      expect(failures, `seed ${opSeed} (CONTRACT_SEED=${seed})`).toEqual([]);
    });
  },
);
