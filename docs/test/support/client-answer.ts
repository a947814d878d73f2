// What a code sample run against the mock is given, read from the spec model and the client's operation table: the
// answer the mock sends by default (its first documented 2xx, first media type, first named example; a paginated
// operation's first page starts with the first documented item) and that answer as the client hands it over.
import { isDeepStrictEqual } from "node:util";
import { operations as clientOperations, type OperationInfo } from "@merchant-payments/client";
import type { OperationSpec } from "@merchant-payments/spec/model";
import { resolvePointer } from "@merchant-payments/spec/model";

/** The answer the mock sends an operation by default: the first documented 2xx, its first media type and example. */
export interface DefaultAnswer {
  /** The status, e.g. `200`, `201`, `204`. */
  status: string;
  /** Its first media type; undefined for an answer without a body (204, 205, a HEAD's). */
  mediaType: string | undefined;
  /** The value of that media type's first named example (as written, in wire names and forms); undefined for none. */
  example: unknown;
}

/** The mock's default answer to `op` (see the mock's README, "What the mock answers"). */
export function defaultAnswer(op: OperationSpec): DefaultAnswer {
  const response = op.responses.find((r) => /^2\d\d$/.test(r.status));
  if (!response) throw new Error(`${op.operationId} documents no 2xx answer`);
  const media = response.content[0];
  return {
    status: response.status,
    mediaType: media?.mediaType,
    example: media?.examples[0]?.value,
  };
}

/** How the client hands over the operation's answer with `status` (its operation table's `answers`, else JSON). */
function answerKind(operationId: string, status: string): "json" | "text" | "blob" | "empty" {
  const info = clientInfo(operationId);
  return info.answers?.[status]?.kind ?? "json";
}

function clientInfo(operationId: string): OperationInfo {
  const info = (clientOperations as Record<string, OperationInfo | undefined>)[operationId];
  if (!info) throw new Error(`the built client has no method ${operationId}: rebuild it`);
  return info;
}

/**
 * A JSON answer's value as the client hands it over (its operation table): integer-or-string fields as strings of
 * their digits (`stringifiedIntegers` at the top, `nestedStringified` at any depth), a bare answer of an
 * `x-normalize-to-object` operation in its object form. Decimals stay numbers (the client's default `decimals`).
 */
function asClientHandsOver(operationId: string, value: unknown): unknown {
  const info = clientInfo(operationId);
  if (info.objectFormProperty !== undefined) {
    const property = info.objectFormProperty;
    const inObjectForm =
      value !== null &&
      typeof value === "object" &&
      typeof (value as Record<string, unknown>)[property] === "string";
    return inObjectForm ? value : { [property]: value };
  }
  const paths = [
    ...info.stringifiedIntegers.map((field) => [field]),
    ...(info.nestedStringified ?? []),
  ];
  return paths.reduce<unknown>((data, path) => stringifyAt(data, path), value);
}

/** `value` with the numbers at the data path `path` (`*`: every array item, `{}`: every map value) as strings. */
function stringifyAt(value: unknown, path: readonly string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return typeof value === "number" ? String(value) : value;
  if (value === null || typeof value !== "object") return value;
  if (head === "*")
    return Array.isArray(value) ? value.map((item) => stringifyAt(item, rest)) : value;
  const record = value as Record<string, unknown>;
  if (head === "{}")
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, stringifyAt(v, rest)]));
  if (!(head in record)) return value;
  return { ...record, [head]: stringifyAt(record[head], rest) };
}

/**
 * Whether the mock's default answer to `op` carries a body the client hands over: not an answer without content (a
 * 204, a HEAD's) nor one the client's operation table calls empty. A sample prints the result as JSON
 * (spec/openapi/code_samples/README.md); an answer without a body has no result to print.
 */
export function defaultAnswerHasBody(op: OperationSpec): boolean {
  const answer = defaultAnswer(op);
  return answer.mediaType !== undefined && answerKind(op.operationId, answer.status) !== "empty";
}

/**
 * What a sample printing the client's result shows of the mock's default answer, or undefined when there is nothing
 * to look for (an answer without a body): a JSON answer as the client hands it over (for a paginated operation, its
 * first documented item: the first page starts with it), a text answer's text, a Blob's media type.
 */
export function expectedInSampleOutput(op: OperationSpec): unknown {
  const answer = defaultAnswer(op);
  const kind = answerKind(op.operationId, answer.status);
  if (kind === "empty" || answer.mediaType === undefined) return undefined;
  if (kind === "blob") return answer.mediaType;
  if (kind === "text") return answer.example;
  const handed = asClientHandsOver(op.operationId, answer.example);
  if (!op.pagination) return handed;
  return [resolvePointer(handed, op.pagination.items)].flat()[0];
}

/**
 * The JSON values a program printed, one after another (each `console.log` of a JSON text, pretty or not); throws
 * naming the text that is not JSON.
 */
export function printedJsonValues(stdout: string): unknown[] {
  const values: unknown[] = [];
  let pending = "";
  for (const line of stdout.split("\n")) {
    pending = pending === "" ? line : `${pending}\n${line}`;
    if (pending.trim() === "") {
      pending = "";
      continue;
    }
    try {
      values.push(JSON.parse(pending));
      pending = "";
    } catch {
      // not a whole JSON text yet: the next line continues it
    }
  }
  if (pending.trim() !== "")
    throw new Error(`printed text that is not JSON: ${pending.slice(0, 200)}`);
  return values;
}

/**
 * True when `printed`, or a value nested in it at any depth, shows `expected`: equal to it, or (an object answer) a
 * non-empty pick of its fields under the client's names with the client's values (a sample may leave out a secret).
 */
export function showsValue(printed: unknown, expected: unknown): boolean {
  if (isDeepStrictEqual(printed, expected) || isPickOf(printed, expected)) return true;
  if (printed === null || typeof printed !== "object") return false;
  return Object.values(printed).some((nested) => showsValue(nested, expected));
}

/** True when `part` is a non-empty plain object whose every field is the same field of the object `whole`. */
function isPickOf(part: unknown, whole: unknown): boolean {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  if (!isRecord(part) || !isRecord(whole)) return false;
  const entries = Object.entries(part);
  return (
    entries.length > 0 &&
    entries.every(([key, value]) => key in whole && isDeepStrictEqual(value, whole[key]))
  );
}
