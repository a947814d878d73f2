// status expected for the kind of request: what the kind of request requires of a documented status (a valid request
// is not refused, an invalid one is, malformed JSON gets 400, a request without credentials 401 (a documented 4xx
// where the operation documents no 401), none gets a 5xx).
import { type Issue, responseFor } from "@merchant-payments/spec";
import type { VerifyCase } from "../plan.js";
import { defect, type VerifyCheck } from "./check.js";

const EXPECTED_STATUS_DEFECTS = [
  "rejected-valid-request",
  "accepted-invalid-request",
  "server-error",
  "malformed-json-not-400",
  "missing-credentials-not-401",
] as const;

type ExpectedStatusDefect = (typeof EXPECTED_STATUS_DEFECTS)[number];

/** The defects of `status` for the case's kind of request. */
function statusDefects(verifyCase: VerifyCase, status: number): Issue<ExpectedStatusDefect>[] {
  const one = (name: ExpectedStatusDefect, message: string) => [defect(name, message)];
  switch (verifyCase.kind) {
    case "example":
    case "generated-valid":
    case "next-page":
      if (status >= 500) return one("server-error", `a valid request was answered ${status}`);
      if (status === 400 || status === 422)
        return one(
          "rejected-valid-request",
          `a request valid against the spec was rejected with ${status}`,
        );
      return [];
    case "generated-invalid":
    case "invalid-parameter":
      if (status >= 500) return one("server-error", `an invalid request was answered ${status}`);
      if (status < 400)
        return one(
          "accepted-invalid-request",
          `a request with ${verifyCase.description ?? "a broken constraint"} was answered ${status}`,
        );
      return [];
    case "malformed-json":
      return status === 400
        ? []
        : one("malformed-json-not-400", `malformed JSON was answered ${status}, not 400`);
    case "no-credentials":
      // An operation that documents no 401 refuses with a documented 4xx (the mock's rule: its 400, else 422).
      if (!responseFor(verifyCase.operation, 401))
        return status >= 400 && status < 500
          ? []
          : one(
              "missing-credentials-not-401",
              `a request without the credentials its security asks for was answered ${status}, not a 4xx (${verifyCase.operation.method} ${verifyCase.operation.path} documents no 401)`,
            );
      return status === 401
        ? []
        : one(
            "missing-credentials-not-401",
            `a request without the credentials its security asks for was answered ${status}, not 401`,
          );
  }
}

/** The status the kind of request calls for, judged on documented statuses only. */
export const expectedStatusCheck: VerifyCheck<ExpectedStatusDefect> = {
  title: "status expected for the kind of request",
  defects: EXPECTED_STATUS_DEFECTS,
  find: ({ verifyCase, received, conformance }) =>
    received.kind === "answer" && !conformance.some((i) => i.check === "status")
      ? statusDefects(verifyCase, received.status)
      : [],
};
