// x-pagination: a page of a paginated operation has its items as an array and a next cursor that is a string or
// null. Also the reading of a page's next cursor, which the runner follows.
import { isJsonMedia } from "@merchant-payments/spec/wire";
import type { ExchangeOutcome } from "../exchange.js";
import { type VerifyCase, valueAtPointer } from "../plan.js";
import { defect, type VerifyCheck } from "./check.js";

/** The parsed JSON body of a 2xx answer of a paginated operation, else undefined. */
function pageOf(verifyCase: VerifyCase, received: ExchangeOutcome | undefined): unknown {
  if (!verifyCase.operation.pagination || received?.kind !== "answer") return undefined;
  if (received.status < 200 || received.status > 299) return undefined;
  if (!isJsonMedia(received.headers["content-type"])) return undefined;
  try {
    return JSON.parse(received.body);
  } catch {
    return undefined;
  }
}

/** The next cursor of a page: a non-empty string at `x-pagination.next`, else undefined (the last page). */
export function nextCursor(
  verifyCase: VerifyCase,
  received: ExchangeOutcome | undefined,
): string | undefined {
  const page = pageOf(verifyCase, received);
  const pagination = verifyCase.operation.pagination;
  if (page === undefined || !pagination) return undefined;
  const next = valueAtPointer(page, pagination.next);
  return typeof next === "string" && next !== "" ? next : undefined;
}

/** A page whose items (`x-pagination.items`) are not an array, or whose next cursor is neither a string nor null. */
export const paginationCheck: VerifyCheck<"broken-pagination"> = {
  title: "x-pagination",
  defects: ["broken-pagination"],
  find: ({ verifyCase, received }) => {
    const page = pageOf(verifyCase, received);
    const pagination = verifyCase.operation.pagination;
    if (page === undefined || !pagination) return [];
    const found = [];
    if (!Array.isArray(valueAtPointer(page, pagination.items)))
      found.push(
        defect(
          "broken-pagination",
          `x-pagination items ${pagination.items} is not an array in the answer`,
          pagination.items,
        ),
      );
    const next = valueAtPointer(page, pagination.next);
    if (next !== undefined && next !== null && typeof next !== "string")
      found.push(
        defect(
          "broken-pagination",
          `x-pagination next ${pagination.next} is neither a string nor null`,
          pagination.next,
        ),
      );
    return found;
  },
};
