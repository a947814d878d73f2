// Every status the mock answers is documented for the operation it answers (the proxy's rule for a real server):
// the 406 of an Accept header the operation cannot satisfy and the 415 of a body of a media type it does not take
// where the operation documents them, else its documented 400 (the README's rule), on every operation of the product
// spec and of the grown fixture; no problem's `type` names Prism.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  isBodyCall,
  type OperationSpec,
  operations,
  responseFor,
} from "@merchant-payments/spec/model";
import { isJsonMedia } from "@merchant-payments/spec/wire";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundledSpecPath, type MockServer, startMock } from "../src/index.js";

const SPECS = {
  product: bundledSpecPath(),
  grown: createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
};

/** The operation's path with each path parameter's example (else a plain value): the 406 and 415 come after it. */
const concretePath = (op: OperationSpec) =>
  op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(
      String(op.parameters.find((p) => p.in === "path" && p.name === name)?.example ?? "p1"),
    ),
  );

/**
 * The status the README's rule gives a refusal that calls for `wanted`: `wanted` where the operation documents it
 * (its exact key, its range such as `4XX`, or `default`), else its documented 400, else its 422.
 */
function ruleStatus(op: OperationSpec, wanted: number): number {
  return [wanted, 400, 422].find((status) => documentsStatus(op, status)) ?? wanted;
}

/** True when `op` documents `status`: its exact key, its range such as `4XX`, or `default`. */
function documentsStatus(op: OperationSpec, status: number): boolean {
  return op.responses.some(
    (r) =>
      r.status === String(status) ||
      r.status.toUpperCase() === `${String(status)[0]}XX` ||
      r.status === "default",
  );
}

/** The operation's first documented 2xx status (204 for a delete that documents no 200), else 200. */
const successStatus = (op: OperationSpec) =>
  op.responses.find((response) => /^2\d\d$/.test(response.status))?.status ?? "200";

/** Credentials of every kind any operation asks for: a Bearer token and an API key in its header. */
const CREDENTIALS = { authorization: "Bearer t", "x-api-key": "k" };

for (const [name, file] of Object.entries(SPECS)) {
  describe(`the ${name} spec`, () => {
    const document = JSON.parse(readFileSync(file, "utf8"));
    const ops = operations(document);
    let mock: MockServer;
    beforeAll(async () => {
      mock = await startMock({ spec: file, errors: true });
    });
    afterAll(async () => {
      await mock?.close();
    });

    async function answer(op: OperationSpec, headers: Record<string, string>, body?: string) {
      const response = await fetch(`${mock.baseUrl}${concretePath(op)}`, {
        method: op.method,
        headers: { ...CREDENTIALS, ...headers },
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      return { status: response.status, text };
    }

    /**
     * Fails with the operation and the answer when the status is not one the operation documents; where it documents
     * no status the rule could answer a refusal calling for `wanted` with (an operation of another API's document
     * listing only its 2xx), the status must be `wanted` itself, its detail saying that the document lacks it.
     */
    function expectDocumented(
      op: OperationSpec,
      got: { status: number; text: string },
      wanted: number,
    ) {
      if (![wanted, 400, 422].some((status) => documentsStatus(op, status))) {
        expect(got.status, `${op.operationId}: ${got.text}`).toBe(wanted);
        expect(JSON.parse(got.text).detail).toContain(`documents no ${wanted}, 400 or 422`);
        return;
      }
      expect(
        responseFor(op, got.status)?.status,
        `${op.operationId} answered ${got.status}: ${got.text}`,
      ).toBeDefined();
      expect(got.text).not.toMatch(/stoplight|prism\/errors/i);
    }

    test("an Accept header no answer satisfies gets the documented 406, of the spec's problem type", async () => {
      // An answer without content (a delete's 204) satisfies any Accept: only operations whose success has content.
      const withContent = ops.filter(
        (o) =>
          o.method !== "HEAD" &&
          (o.responses.find((response) => response.status === successStatus(o))?.content.length ??
            1) > 0,
      );
      for (const op of withContent) {
        // With its JSON example where it has one: the Accept header is then all that is wrong (a body it requires
        // left out is a 422 of its own, answered first).
        const media = op.requestBodies[0];
        const example = media && isJsonMedia(media.mediaType) ? media.examples[0] : undefined;
        const got = await answer(
          op,
          {
            accept: "text/html",
            prefer: `code=${successStatus(op)}`,
            ...(media ? { "content-type": media.mediaType } : {}),
          },
          example ? JSON.stringify(example.value) : undefined,
        );
        expectDocumented(op, got, 406);
      }
      const sample = ops[0] as OperationSpec;
      const got = await answer(
        sample,
        { accept: "text/html", "content-type": "application/json" },
        JSON.stringify(sample.request?.examples[0]?.value),
      );
      expect(got.status).toBe(406);
      expect(JSON.parse(got.text).type).toBe(
        "https://merchant-payments.example/problems/not-acceptable",
      );
    });

    test("a body of a media type the operation does not take gets the documented 415 (else its 400)", async () => {
      const withBody = ops.filter((op) => op.requestBodies.length > 0);
      expect(withBody.length).toBeGreaterThan(0);
      for (const op of withBody) {
        const got = await answer(op, { "content-type": "text/html" }, "<p>hi</p>");
        expect(got.status, op.operationId).toBe(ruleStatus(op, 415));
        expectDocumented(op, got, 415);
      }
    });

    test("an Accept header alone (no Prefer) that no answer satisfies gets the documented 406 (else its 400)", async () => {
      // The operations called with their JSON example alone: a valid request but for its Accept header.
      const valid = ops.filter(isBodyCall);
      expect(valid.length).toBeGreaterThan(0);
      for (const op of valid) {
        const example = op.request?.examples[0]?.value as Record<string, unknown>;
        // The headers that repeat a body property (x-equals-body-property), from the example.
        const bound = Object.fromEntries(
          op.headers.flatMap((h) =>
            h.equalsBodyProperty ? [[h.name, String(example[h.equalsBodyProperty])]] : [],
          ),
        );
        const got = await answer(
          op,
          { ...bound, accept: "text/html", "content-type": "application/json" },
          JSON.stringify(example),
        );
        expect(got.status, `${op.operationId}: ${got.text}`).toBe(ruleStatus(op, 406));
        expectDocumented(op, got, 406);
      }
    });
  });
}
