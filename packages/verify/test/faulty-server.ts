// A deliberately wrong Merchant Payments server for the tests: it answers like the spec (the documented
// examples), except for one defect per operation, so that each defect verify must name is seen once.
import type { ServerResponse } from "node:http";
import { createAjv, type OperationSpec, operation, responseFor } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  type ReceivedRequest,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import type { DefectName } from "../src/judge.js";
import {
  authorized,
  documentedAnswer,
  type ExampleSecrets,
  operationOf,
} from "./example-server.js";

const ajv = createAjv();

/** The documented example of `status` for `op` (first named example), as the spec gives it. */
function exampleOf(op: OperationSpec, status: number): unknown {
  const example = responseFor(op, status)?.content[0]?.examples[0];
  if (!example) throw new Error(`${op.operationId} has no example for ${status}`);
  return example.value;
}

/** How the server treats one kind of request: `spec` answers as documented, or a defect. */
type Treatment = (op: OperationSpec, response: ServerResponse) => void;

const asDocumented =
  (status: number): Treatment =>
  (op, response) =>
    sendJson(response, status, exampleOf(op, status), {
      "content-type": status === 200 ? "application/json" : "application/problem+json",
    });

/** What each operation does wrong, and the defect verify must report for it. */
export interface OperationFaults {
  /** Answer to a request valid against the spec. */
  readonly valid?: Treatment;
  /** Answer to a body that breaks the request schema. */
  readonly invalid?: Treatment;
  /** Answer to malformed JSON. */
  readonly malformed?: Treatment;
  /** Answer to a request without Authorization. */
  readonly noCredentials?: Treatment;
  /** The defects verify must name for this operation. */
  readonly expected: readonly DefectName[];
}

function withBody(
  op: OperationSpec,
  edit: (body: Record<string, unknown>) => void,
  headers: Record<string, string> = { "content-type": "application/json" },
  status = 200,
): (response: ServerResponse) => void {
  return (response) => {
    const body = structuredClone(exampleOf(op, 200)) as Record<string, unknown>;
    edit(body);
    sendJson(response, status, body, headers);
  };
}

/** The faults, one kind per operation (read from the spec by operationId; test data, not verify's). */
export const FAULTS: Readonly<Record<string, OperationFaults>> = {
  getTransaction: {
    valid: (op, response) =>
      withBody(op, (body) => {
        body.amountReceived = Number(body.amountReceived) + 1;
      })(response),
    noCredentials: asDocumented(200),
    expected: ["broken-invariant", "missing-credentials-not-401"],
  },
  getConnectorSummaryCountMetrics: {
    valid: (op, response) =>
      withBody(op, (body) => {
        const list = body as unknown as Record<string, unknown>[];
        if (list[0]) list[0].successfulTransactions = "12";
      })(response),
    invalid: asDocumented(500),
    expected: ["wrong-type", "server-error"],
  },
  getConnectorSummarySumMetrics: {
    valid: (op, response) =>
      withBody(op, (body) => {
        const list = body as unknown as Record<string, unknown>[];
        if (list[0]) delete list[0].currencyCode;
      })(response),
    malformed: (_op, response) => {
      response.writeHead(400, { "content-type": "application/problem+json" });
      response.end('{"title": "Bad Requ');
    },
    expected: ["missing-field", "invalid-json"],
  },
  getDisbursementMetrics: {
    valid: (_op, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html><body>Service maintenance</body></html>");
    },
    invalid: (op, response) => {
      response.writeHead(422);
      response.end(JSON.stringify(exampleOf(op, 422)));
    },
    expected: ["wrong-media-type", "missing-header"],
  },
  getMerchantUser: {
    valid: (_op, response) => sendJson(response, 418, { title: "I'm a teapot", status: 418 }),
    invalid: asDocumented(200),
    malformed: asDocumented(422),
    expected: ["undocumented-status", "accepted-invalid-request", "malformed-json-not-400"],
  },
  calculateFees: {
    valid: (op, response) => {
      const text = JSON.stringify(exampleOf(op, 200));
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(text)),
      });
      response.write(text.slice(0, Math.floor(text.length / 2)));
      setTimeout(() => response.socket?.destroy(), 20);
    },
    expected: ["truncated-body"],
  },
  submitDisbursementBatch: {
    valid: (_op, response) => response.socket?.destroy(),
    expected: ["reset"],
  },
  deleteWebhookSubscription: {
    valid: () => {
      // never answers
    },
    expected: ["timeout"],
  },
};

/**
 * Starts the faulty server: each request is routed by its path template to its operation and treated by its faults.
 * An operation without faults (one a grown spec adds) is answered as documented, by the example server's rules:
 * 401 without the credentials its security asks for (`secrets`), else its first 2xx answer.
 */
export async function startFaultyServer(
  document: unknown,
  operations: readonly OperationSpec[],
  secrets: ExampleSecrets,
): Promise<LoopbackServer> {
  return startLoopbackServer((request: ReceivedRequest, response: ServerResponse) => {
    const op = operationOf(operations, request);
    if (!op) return sendJson(response, 404, { title: "Not Found", status: 404 });
    const faults = FAULTS[op.operationId];
    if (!faults) {
      if (!authorized(op, request, secrets))
        return sendJson(
          response,
          401,
          { title: "Unauthorized", status: 401 },
          {
            "content-type": "application/problem+json",
          },
        );
      const answer = documentedAnswer(document, op);
      response.writeHead(answer.status, {
        ...answer.headers,
        ...(answer.status === 205 ? { "content-length": "0" } : {}),
      });
      response.end(answer.status === 204 || answer.status === 205 ? undefined : answer.body);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return (faults.malformed ?? asDocumented(400))(op, response);
    }
    if (!request.headers.authorization)
      return (faults.noCredentials ?? asDocumented(401))(op, response);
    const valid = op.request && ajv.issuesAt(op.request.schemaPointer, body).length === 0;
    if (!valid) return (faults.invalid ?? asDocumented(422))(op, response);
    return (faults.valid ?? asDocumented(200))(op, response);
  });
}

/** The operation of the bundle named `operationId`. */
const specOperation = (operationId: string): OperationSpec => operation(operationId);
