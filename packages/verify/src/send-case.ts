// Sends one planned case and judges its answer, and notices a server that cannot be reached: after
// MAX_CONSECUTIVE_CONNECTION_FAILURES connection failures in a row, the cases left are skipped, not sent.
import { DELIBERATELY_INVALID_HEADER } from "@merchant-payments/kit/deliberately-invalid";
import type { SpecAjv } from "@merchant-payments/spec";
import type { CaseKind } from "./case-kinds.js";
import { type ExchangeOutcome, exchange } from "./exchange.js";
import { defectName, defectPlace, judge } from "./judge.js";
import type { VerifyCase } from "./plan.js";
import type { CaseResult } from "./report-types.js";
import { scrubDefects, scrubText } from "./secrets.js";

/** Connection failures in a row (refused or failed, nothing answered) after which verify stops: the server is not reachable. */
export const MAX_CONSECUTIVE_CONNECTION_FAILURES = 5;

const CONNECTION_FAILURES: ReadonlySet<string> = new Set([
  "connection-refused",
  "connection-failed",
]);

/** What sending needs: the server, the limits, the secrets to scrub and where progress lines go. */
export interface SendSettings {
  readonly ajv: SpecAjv;
  /** The base URL, trailing slashes removed. */
  readonly baseUrl: string;
  /** Milliseconds one request may take. */
  readonly timeoutMs: number;
  /** Largest answer body read, in bytes. */
  readonly maxResponseBytes: number;
  /** The token and API key, scrubbed from every defect and request shown. */
  readonly secrets: readonly (string | undefined)[];
  /** Called with each line of progress. */
  readonly log: (line: string) => void;
}

/** A case's result, and what came back (none when it was not sent). */
interface SentCase {
  readonly result: CaseResult;
  readonly received?: ExchangeOutcome;
}

/** Sends cases one at a time each (any number in flight), and tells why the server could not be reached, if so. */
export interface CaseSender {
  /** Sends `verifyCase` once and judges the answer; skips it once the server is known to be unreachable. */
  send(verifyCase: VerifyCase): Promise<SentCase>;
  /** Why verify stopped sending, if it did. */
  unreachable(): string | undefined;
}

/** Whether each kind of case breaks the spec on purpose (then it is marked with DELIBERATELY_INVALID_HEADER). */
const MEANT_TO_BE_REFUSED: Readonly<Record<CaseKind, boolean>> = {
  example: false,
  "generated-valid": false,
  "generated-invalid": true,
  "invalid-parameter": true,
  "malformed-json": true,
  "no-credentials": true,
  "next-page": false,
};

/**
 * The request of a case on the wire: Content-Length stated (Node sends a DELETE's body neither chunked nor sized),
 * and a case meant to be refused marked for the mock's validation proxy (DELIBERATELY_INVALID_HEADER).
 */
function outgoing(baseUrl: string, { request, kind }: VerifyCase) {
  const marked = MEANT_TO_BE_REFUSED[kind]
    ? { ...request.headers, [DELIBERATELY_INVALID_HEADER]: kind }
    : request.headers;
  return {
    method: request.method,
    url: baseUrl + request.target,
    headers:
      request.body === undefined
        ? marked
        : { ...marked, "content-length": String(Buffer.byteLength(request.body.body)) },
    ...(request.body ? { body: request.body.body } : {}),
  };
}

/** A sender bound to `settings`, counting connection failures in a row across every case it sends. */
export function createCaseSender(settings: SendSettings): CaseSender {
  const { ajv, baseUrl, secrets, log } = settings;
  let consecutiveConnectionFailures = 0;
  let unreachable: string | undefined;
  const send = async (verifyCase: VerifyCase): Promise<SentCase> => {
    if (unreachable !== undefined) {
      const result: CaseResult = {
        name: verifyCase.name,
        kind: verifyCase.kind,
        outcome: "skipped",
        defects: [],
        reason: "not sent: the server could not be reached",
      };
      return { result };
    }
    const before = Date.now();
    const { request } = verifyCase;
    const received = await exchange(
      outgoing(baseUrl, verifyCase),
      settings.timeoutMs,
      settings.maxResponseBytes,
    );
    const defects = scrubDefects(judge(ajv, verifyCase, received), secrets);
    const connectionFailure = defects.find((d) => CONNECTION_FAILURES.has(defectName(d)));
    consecutiveConnectionFailures = connectionFailure ? consecutiveConnectionFailures + 1 : 0;
    if (
      connectionFailure &&
      unreachable === undefined &&
      consecutiveConnectionFailures >= MAX_CONSECUTIVE_CONNECTION_FAILURES
    ) {
      unreachable = `${baseUrl} could not be reached (${connectionFailure.message}; ${consecutiveConnectionFailures} connection failures in a row): stopped`;
      log(`verify: ${unreachable}`);
    }
    const status = received.status;
    const result: CaseResult = {
      name: verifyCase.name,
      kind: verifyCase.kind,
      outcome: defects.length > 0 ? "failed" : "passed",
      ...(status === undefined ? {} : { status }),
      durationMs: Date.now() - before,
      defects,
      ...(verifyCase.description === undefined ? {} : { description: verifyCase.description }),
      ...(defects.length > 0
        ? {
            request: scrubText(`${request.method} ${request.target}`, secrets),
            requestBody: scrubText((request.body?.text ?? "").slice(0, 2000), secrets),
          }
        : {}),
    };
    for (const d of defects) {
      log(
        `FAIL ${verifyCase.operation.operationId} ${verifyCase.name}: ${defectName(d)}${defectPlace(d)}: ${d.message}`,
      );
    }
    return { result, received };
  };
  return { send, unreachable: () => unreachable };
}
