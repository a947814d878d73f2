// Every operation of every (spec, client) pair, whatever its shape, against the mock serving that spec: a valid call
// (every caller parameter, the body of its media type) through the client is sent once and resolves one of the
// documented 2xx answers in its kind; every parameter broken one constraint at a time is refused by the client
// before sending (RequestValidationError, nothing sent) and, sent raw, by the mock (a 400/422 problem naming it).
import { resolvePointer } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { resultProblems, successAnswers } from "../src/answers.js";
import {
  brokenOnTheWire,
  callerParameters,
  clientArguments,
  parameterMutations,
  rawRequest,
  validCall,
} from "../src/call-inputs.js";
import { methodOf } from "../src/checks.js";
import { CREDENTIALS, controlledFetch, REQUEST_TIMEOUT_MS, targetClient } from "../src/harness.js";
import { contractTargets } from "../src/targets.js";
import { fileSeed } from "./generated-inputs.js";
import { useMock } from "./setup-mock.js";

const seed = fileSeed("operation shapes");

/** A fetch that records every request it forwards (with the suite's timeout). */
function recordingFetch(sent: Request[]) {
  const forward = controlledFetch();
  return (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return forward(request);
  };
}

describe.each(contractTargets().map((t) => [t.name, t] as const))(
  "the %s spec",
  (_name, target) => {
    const server = useMock(target.specPath);
    const { document, validator } = target;
    const noClient = target.client === undefined;

    describe.each(target.operations.map((op, i) => [op.operationId, op, i] as const))(
      "%s",
      (_id, op, index) => {
        const call = validCall(document, validator, op, seed + index * 100);
        const args = () => clientArguments(document, call.params, call.media, call.body);
        /** The valid call's body with `params`, sent raw to the mock (the suite's credentials and timeout). */
        const sendRaw = async (params: typeof call.params) => {
          const raw = rawRequest(
            document,
            server.baseUrl,
            op,
            params,
            call.media,
            call.body,
            CREDENTIALS,
          );
          const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
          const response = await fetch(raw.url, { ...raw.init, signal });
          return { response, text: await response.text() };
        };

        test.skipIf(noClient)(
          "sends a valid call once through the client and resolves a documented 2xx answer in its kind",
          async () => {
            const sent: Request[] = [];
            const client = targetClient(target, server.baseUrl, recordingFetch(sent));
            const result = await methodOf(client, op.operationId)(args());
            expect(sent).toHaveLength(1);
            const verdicts = await Promise.all(
              successAnswers(op).map((a) => resultProblems(document, validator, op, a, result)),
            );
            expect(
              verdicts.some((problems) => problems.length === 0),
              verdicts.flat().join("\n"),
            ).toBe(true);
          },
        );

        test("the mock accepts the same valid call sent raw (parameters serialized by their style, the body in its media type)", async () => {
          const { response, text } = await sendRaw(call.params);
          expect(response.status, text).toBeGreaterThanOrEqual(200);
          expect(response.status, text).toBeLessThan(300);
        });

        const pagination = op.pagination;
        test.skipIf(noClient || !pagination)(
          "for await reads every page the mock serves and ends: each documented item once, at every page size",
          async () => {
            if (!pagination) return;
            const documented = successAnswers(op)
              .flatMap((a) => a.media?.examples ?? [])
              .flatMap((e) => [resolvePointer(e.value, pagination.items)].flat());
            // However many items the spec's examples hold (none, one or several: no document asks for more than
            // one), iteration yields exactly those; where they outnumber the smallest page, it reads several pages.
            // Each optional integer query parameter besides the cursor at its smallest (the page size), and as given.
            const sizes = op.parameters.filter(
              (p) =>
                p.in === "query" &&
                !p.required &&
                p.name !== pagination.cursor &&
                [p.schema.type].flat().includes("integer"),
            );
            const smallest = Object.fromEntries(
              sizes.map((p) => [p.name, (p.schema as { minimum?: number }).minimum ?? 1]),
            );
            for (const params of [call.params, { ...call.params, ...smallest }]) {
              const sent: Request[] = [];
              const client = targetClient(target, server.baseUrl, recordingFetch(sent));
              const method = methodOf(client, op.operationId);
              const seen: unknown[] = [];
              const listed = method(clientArguments(document, params, call.media, call.body));
              for await (const item of listed as unknown as AsyncIterable<unknown>) {
                seen.push(item);
                expect(seen.length, "iteration ends").toBeLessThanOrEqual(documented.length);
              }
              expect(JSON.parse(JSON.stringify(seen))).toEqual(documented);
              const cursors = sent.map((r) => new URL(r.url).searchParams.get(pagination.cursor));
              expect(new Set(cursors).size, "no cursor sent twice").toBe(cursors.length);
              const pageSize = sizes.length === 1 ? params[sizes[0]?.name ?? ""] : undefined;
              if (typeof pageSize === "number" && documented.length > pageSize)
                expect(
                  sent.length,
                  `${documented.length} items at ${pageSize} a page`,
                ).toBeGreaterThan(1);
            }
          },
        );

        const cases = callerParameters(op).flatMap((parameter) =>
          parameterMutations(document, validator, parameter, call.params[parameter.name]).map(
            (mutation) => [parameter.name, mutation.description, parameter, mutation] as const,
          ),
        );
        if (cases.length === 0) return;
        const broken = (name: string, value: unknown) => {
          const params = { ...call.params };
          if (value === undefined) delete params[name];
          else params[name] = value;
          return params;
        };

        test.skipIf(noClient).each(cases)(
          "refuses parameter %s (%s) before sending: a RequestValidationError naming it, nothing sent",
          async (name, _description, _parameter, mutation) => {
            const sent: Request[] = [];
            const client = targetClient(target, server.baseUrl, recordingFetch(sent));
            const outcome = await methodOf(
              client,
              op.operationId,
            )(clientArguments(document, broken(name, mutation.value), call.media, call.body)).then(
              (result) => ({ result }),
              (error: unknown) => ({ error }),
            );
            expect(outcome).toMatchObject({
              error: expect.any(target.client?.RequestValidationError ?? Error),
            });
            expect(String((outcome as { error: Error }).error.message)).toContain(name);
            expect(sent).toHaveLength(0);
          },
        );

        const rawCases = cases.filter(([, , p, m]) => brokenOnTheWire(p, m));
        test.skipIf(rawCases.length === 0).each(rawCases)(
          "the mock refuses parameter %s (%s) sent raw with a 400 or 422 problem naming it",
          async (name, _description, _parameter, mutation) => {
            const { response, text } = await sendRaw(broken(name, mutation.value));
            expect([400, 422], `${response.status} ${text}`).toContain(response.status);
            // A HEAD answer has no body to name the parameter in.
            if (op.method !== "HEAD") {
              expect(response.headers.get("content-type")).toContain("application/problem+json");
              expect(text).toContain(name);
            }
          },
        );
      },
    );
  },
);
