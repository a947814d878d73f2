// The proxy's verdict on one exchange, as a pure function of what was seen: whether to forward the request, and
// once the upstream answered (or did not), the outcome recorded and the answer (a refusal, or the upstream's).
import type { ConformanceCheck, Issue } from "@merchant-payments/spec/model";
import { type DocumentedResponses, documentedStatus } from "../documented-status.js";
import { type Refusal, refusals } from "../problems.js";
import { type ExchangeIssue, reportedIssue, reportedIssues } from "../reported-issue.js";
import type { RequestPart } from "../request-issues.js";

/**
 * What went wrong in one exchange, if anything. `expected-refusal`: a request marked deliberately invalid
 * (`Merchant-Payments-Deliberately-Invalid`) that the server refused as the spec documents; it passes.
 */
export type ProxyOutcome =
  | "ok"
  | "expected-refusal"
  | "request-violation"
  | "response-violation"
  | "undocumented-status"
  | "transport-failure"
  | "timeout"
  | "response-too-large"
  | "proxy-error";

/** What the proxy knows of the request. */
export interface RequestFacts {
  /** HTTP method, upper case. */
  method: string;
  /** Path without the query, percent-encoding kept (the URL parser's `pathname`), e.g. `/transactions/tx_1`. */
  path: string;
  /** Whether an operation of the spec matches. */
  matched: boolean;
  /** The matched operation's documented responses: a refusal answers a documented status (`documentedStatus`). */
  responses?: DocumentedResponses["responses"];
  /** The request's violations of the spec (missing credentials first); `check` says the part each is in. */
  issues: readonly Issue<RequestPart>[];
  /** Refuse a non-conforming request or answer (the proxy's `errors` option). */
  refuseViolations: boolean;
  /**
   * The value of the request's `Merchant-Payments-Deliberately-Invalid` header (verify's case kind, or `probe`):
   * the caller breaks the spec on purpose, so the request is forwarded and a documented refusal is expected.
   */
  deliberatelyInvalid?: string;
  /** Removes the caller's credentials from a text shown in an answer. */
  redact(text: string): string;
}

/** What came back from the upstream. */
export type UpstreamFacts =
  | { kind: "too-large"; status?: number; maxResponseBytes: number }
  | { kind: "timeout"; timeoutMs: number }
  | { kind: "transport"; message: string }
  | {
      kind: "answered";
      /** The upstream's HTTP status code, e.g. 200; judged against the operation's documented responses. */
      status: number;
      /** Whether the answer conforms to the spec. */
      conforms: boolean;
      /** Whether the status is one the operation does not document. */
      undocumentedStatus: boolean;
      /** The answer's violations (credentials already removed). */
      issues: readonly Issue<ConformanceCheck>[];
    };

/** What is recorded of an exchange. */
export interface ExchangeRecord {
  /** How the exchange ended: `ok`, or which failure (`request-violation`, `timeout`, …) that fails the run. */
  outcome: ProxyOutcome;
  /** The status the proxy answered. */
  status: number;
  /** The status the upstream answered, if it answered. */
  upstreamStatus?: number;
  /** What is wrong (empty when `ok`), as reported (see `reportedIssue`): the `side` and, in `check`, the part or
   * the check that found each (request `operation`, `credentials`, `query`, `body`; response `status`, `schema`,
   * `media-type`, `header`, `size`, `transport`…). */
  issues: ExchangeIssue[];
}

/** The verdict: forward the request, refuse it (recording why), or pass the upstream's answer on. */
export type Verdict =
  | { kind: "forward" }
  | { kind: "refuse"; record: ExchangeRecord; refusal: Refusal }
  | { kind: "pass"; record: ExchangeRecord };

/**
 * Classifies an exchange. Without `upstream` (not yet forwarded): an unknown operation is refused 404, a
 * non-conforming request 401 (only credentials missing) or 422 when violations are refused and the request is not
 * marked deliberately invalid; else `forward`. With it: a too-large, slow or broken answer is refused (502, 504,
 * 502); a non-conforming one 502 when violations are refused; else it passes, its outcome saying what was wrong
 * with the request or the answer (a marked request that breaks the spec: `expected-refusal` when the server refused
 * it with a documented 4xx, else a `response-violation`).
 */
export function classifyExchange(request: RequestFacts, upstream?: UpstreamFacts): Verdict {
  const { issues: requestIssues } = request;
  const marked = request.deliberatelyInvalid !== undefined;
  if (!request.matched) {
    const message = `${request.method} ${request.path} is not in the spec`;
    return {
      kind: "refuse",
      record: {
        // A request outside the spec sent so on purpose (verify's probe) is refused here, as documented: expected.
        outcome: marked ? "expected-refusal" : "request-violation",
        status: 404,
        issues: [reportedIssue("request", { check: "operation", path: "", message })],
      },
      refusal: refusals.unknownOperation(request.method, request.path),
    };
  }
  if (upstream === undefined) {
    if (requestIssues.length === 0 || !request.refuseViolations || marked)
      return { kind: "forward" };
    const wanted = requestIssues.every((i) => i.check === "credentials") ? 401 : 422;
    // Where the operation documents no 401 (or 422), its documented 400: the proxy answers documented statuses too.
    const status = documentedStatus(
      request.responses ? { responses: request.responses } : undefined,
      wanted,
    );
    return {
      kind: "refuse",
      record: {
        outcome: "request-violation",
        status,
        issues: reportedIssues("request", requestIssues),
      },
      refusal: refusals.requestNotForwarded(status, requestIssues),
    };
  }
  switch (upstream.kind) {
    case "too-large": {
      const message = `the upstream's answer${upstream.status ? ` (${upstream.status})` : ""} is larger than ${upstream.maxResponseBytes} bytes (received or decoded)`;
      return {
        kind: "refuse",
        record: {
          outcome: "response-too-large",
          ...(upstream.status ? { upstreamStatus: upstream.status } : {}),
          status: 502,
          issues: [reportedIssue("response", { check: "size", path: "", message })],
        },
        refusal: refusals.upstreamTooLarge(message),
      };
    }
    case "timeout": {
      const message = `the upstream did not answer within ${upstream.timeoutMs} ms (body and decoding included)`;
      return {
        kind: "refuse",
        record: {
          outcome: "timeout",
          status: 504,
          issues: [reportedIssue("response", { check: "timeout", path: "", message })],
        },
        refusal: refusals.upstreamTimeout(message),
      };
    }
    case "transport":
      return {
        kind: "refuse",
        record: {
          outcome: "transport-failure",
          status: 502,
          issues: [
            reportedIssue("response", { check: "transport", path: "", message: upstream.message }),
          ],
        },
        refusal: refusals.upstreamTransport(request.redact(upstream.message)),
      };
    case "answered": {
      const accepted = acceptedDeliberatelyInvalid(request, upstream);
      const outcome: ProxyOutcome = !upstream.conforms
        ? upstream.undocumentedStatus
          ? "undocumented-status"
          : "response-violation"
        : accepted
          ? "response-violation"
          : requestIssues.length === 0
            ? "ok"
            : marked
              ? "expected-refusal"
              : "request-violation";
      const issues = [
        ...reportedIssues("request", requestIssues),
        ...reportedIssues("response", upstream.issues),
        ...(accepted ? [reportedIssue("response", accepted)] : []),
      ];
      if (!upstream.conforms && request.refuseViolations) {
        return {
          kind: "refuse",
          record: { outcome, upstreamStatus: upstream.status, status: 502, issues },
          refusal: refusals.upstreamNonConforming(upstream.status, upstream.issues),
        };
      }
      return {
        kind: "pass",
        record: { outcome, upstreamStatus: upstream.status, status: upstream.status, issues },
      };
    }
  }
}

/**
 * The issue of a server that did not refuse a request the caller marked deliberately invalid and the proxy found
 * in breach of the spec: a documented answer, but not a 4xx refusal. Undefined otherwise.
 */
function acceptedDeliberatelyInvalid(
  request: RequestFacts,
  upstream: Extract<UpstreamFacts, { kind: "answered" }>,
): Issue<ConformanceCheck> | undefined {
  if (request.deliberatelyInvalid === undefined || request.issues.length === 0) return undefined;
  if (upstream.status >= 400 && upstream.status < 500) return undefined;
  return {
    check: "status",
    path: "",
    message: `a request that breaks the spec (marked deliberately invalid: ${request.deliberatelyInvalid}) was answered ${upstream.status}, not refused with a documented 4xx`,
  };
}
