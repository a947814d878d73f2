// Request fields marked `x-accepts-integer` (a `type: string` field that also takes an integer): a number is sent as
// the string of its digits. Only operations with such fields use it: the request core imports it on the first call
// of one (a chunk of its own in the ESM browser build), handing it the entry's path walker (`replaceAtPaths`), so that
// the chunk shares no file with the entry.
import { escapePointer } from "@merchant-payments/spec/json-pointer";
import type { Issue } from "./generated/validators.js";
import type { replaceAtPaths } from "./wire-values.js";

const UNSAFE_INTEGER =
  "must be a whole number from -(2^53 - 1) to 2^53 - 1 when given as a number (pass a bigger id as a string)";

/**
 * The body with the number at each of `paths` replaced by the string of its digits, copied only along the way to
 * such a number. A number that is not a safe integer has already lost digits (it would name another record): it
 * is also reported in `issues`, so the request is not sent.
 */
export type WithIntegerStrings = <T>(
  body: T,
  paths: readonly (readonly string[])[],
  issues: Issue[],
) => T;

/** `withIntegerStrings` over the entry's `replaceAtPaths`. */
export function createWithIntegerStrings(replace: typeof replaceAtPaths): WithIntegerStrings {
  return (body, paths, issues) =>
    replace(body, paths, (value, path) => {
      if (typeof value !== "number") return value;
      if (!Number.isSafeInteger(value)) {
        issues.push({ path: `/${path.map(escapePointer).join("/")}`, message: UNSAFE_INTEGER });
      }
      return String(value);
    });
}
