import { RequestValidationError } from "@merchant-payments/client";
import { mapLimit, mutationsOf, validArbitrary } from "@merchant-payments/kit";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { exampleRequest, methodOf } from "../src/checks.js";
import { clientFor, controlledFetch } from "../src/harness.js";
import { errorsAt, requestOf, successMediaOf } from "../src/operation-parts.js";
import { CONCURRENCY, fileSeed, RUNS } from "./generated-inputs.js";
import { bodyCallOperations, spec, useMock, validator } from "./setup-mock.js";

// What the client itself puts on the wire: the suite's other request checks go through the raw client (createRawClient)
// (so that the client cannot hide a server's leniency); these go through the client's own methods,
// so that a client that sends what the spec forbids, or refuses what it allows, turns the suite red.

const seed = fileSeed("client requests");

const server = useMock();

/** A fetch that records every request body and forwards it with the suite's controls and timeout. */
function recordingFetch(sent: unknown[]) {
  const forward = controlledFetch();
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = request.method === "GET" ? "" : await request.clone().text();
    sent.push(text === "" ? undefined : JSON.parse(text));
    return forward(request);
  };
}

describe.each(bodyCallOperations.map((op, index) => [op.operationId, op, index] as const))(
  "%s",
  (_id, op, index) => {
    const success = successMediaOf(op);
    const request = requestOf(op);

    test(`sends a body valid against the request schema (Ajv) for ${RUNS} generated valid inputs, and returns a valid result`, async () => {
      const opSeed = seed + index;
      const inputs = fc.sample(validArbitrary(spec, request.schema), {
        seed: opSeed,
        numRuns: RUNS,
      });
      const failures: string[] = [];
      await mapLimit(inputs, CONCURRENCY, async (input, i) => {
        const sent: unknown[] = [];
        const call = methodOf(clientFor(server.baseUrl, {}, recordingFetch(sent)), op.operationId);
        try {
          const result = await call(input);
          const body = sent[0];
          const wrongBody = errorsAt(validator, request.schemaPointer, body);
          if (wrongBody.length > 0) {
            failures.push(`#${i} sent ${JSON.stringify(body)}: ${wrongBody.join("; ")}`);
          }
          const wrongResult = errorsAt(validator, success.schemaPointer, result);
          if (wrongResult.length > 0) failures.push(`#${i} result: ${wrongResult.join("; ")}`);
        } catch (error) {
          failures.push(
            `#${i} ${(error as Error).name}: ${(error as Error).message} for ${JSON.stringify(input)}`,
          );
        }
      });
      expect(failures, `seed ${opSeed} (CONTRACT_SEED=${seed})`).toEqual([]);
    });

    const mutations = mutationsOf(spec, request.schema, exampleRequest(op));
    test.each(mutations.map((m) => [m.description, m.value] as const))(
      "never sends an input with %s as it is: a RequestValidationError and nothing sent, or a documented normalization the spec allows",
      async (_description, value) => {
        const sent: unknown[] = [];
        const call = methodOf(clientFor(server.baseUrl, {}, recordingFetch(sent)), op.operationId);
        const outcome = await call(value).then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        );
        if (sent.length === 0) {
          expect(outcome).toMatchObject({ error: expect.any(RequestValidationError) });
        } else {
          // The client normalized the input (e.g. a numeric userId sent as a string): what left must be valid.
          expect(errorsAt(validator, request.schemaPointer, sent[0])).toEqual([]);
          expect(outcome).toHaveProperty("result");
        }
      },
    );
  },
);
