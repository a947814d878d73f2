// Cursor pagination (`x-pagination`, spec/openapi/README.md): the answer of a paginated operation is one page of a
// finite, deterministic list, the items of the answer's documented examples in document order. Each page holds up to
// the page-size parameter's value of them (its default when absent, within its bounds; the parameter `x-pagination`'s
// `limit` names, else the one optional integer query parameter besides the cursor), and a cursor to the next
// page that this mock issued; the last page has none. A cursor the mock never issued is a documented 400.
import {
  isObject,
  type Json,
  type OperationSpec,
  type ParameterSpec,
  pageSizeParameter,
  parsePointer,
  responseFor,
  schemaAt,
  typesOf,
} from "@merchant-payments/spec/model";
import type { EngineAnswer, EngineRequest, PrismEngine } from "./prism-engine.js";
import { type Answer, refusalAnswer } from "./problems.js";
import { operationMatcher, type SpecSource } from "./spec-source.js";

export { pageSizeParameter };

/** Where the items, the next cursor and the page size of a paginated operation's answer are. */
interface Paging {
  readonly op: OperationSpec;
  readonly cursor: ParameterSpec;
  /** Path segments of the items array and of the next cursor in the answer. */
  readonly items: readonly string[];
  readonly next: readonly string[];
  /** The page-size parameter, if the operation has one. */
  readonly pageSize: ParameterSpec | undefined;
}

function pagingOf(op: OperationSpec): Paging | undefined {
  const pagination = op.pagination;
  if (!pagination) return undefined;
  const cursor = op.parameters.find((p) => p.in === "query" && p.name === pagination.cursor);
  const items = parsePointer(pagination.items);
  const next = parsePointer(pagination.next);
  if (!cursor || items.length === 0 || next.length === 0) return undefined;
  return { op, cursor, items, next, pageSize: pageSizeParameter(op) };
}

/** The value at a path of segments, or undefined. */
function valueAt(value: unknown, segments: readonly string[]): unknown {
  let here = value;
  for (const segment of segments) {
    if (typeof here !== "object" || here === null) return undefined;
    here = (here as Record<string, unknown>)[segment];
  }
  return here;
}

/** Sets (or, for `undefined`, removes) the value at a path of segments whose parent exists. */
function setAt(value: unknown, segments: readonly string[], to: unknown): void {
  const parent = valueAt(value, segments.slice(0, -1));
  const last = segments[segments.length - 1];
  if (typeof parent !== "object" || parent === null || last === undefined) return;
  if (to === undefined) delete (parent as Record<string, unknown>)[last];
  else (parent as Record<string, unknown>)[last] = to;
}

/** The JSON media of the answer's `status` and content type, as the operation documents it. */
function answerMedia(op: OperationSpec, answer: EngineAnswer) {
  const contentType = (answer.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (!contentType || !/[/+]json$/.test(contentType)) return undefined;
  return responseFor(op, answer.status)?.content.find((m) => m.mediaType === contentType);
}

/**
 * The list a paginated answer pages through: the items (at `items`) of every named example of the media, in
 * document order.
 */
function listOf(paging: Paging, examples: readonly { value: Json }[]): unknown[] {
  return examples.flatMap((example) => {
    const items = valueAt(example.value, paging.items);
    return Array.isArray(items) ? items : [];
  });
}

/** The page size asked for: the parameter's value, else its default, else its maximum, within its bounds. */
function pageSizeOf(paging: Paging, request: EngineRequest, listLength: number): number {
  const param = paging.pageSize;
  const schema = (param?.schema ?? {}) as Record<string, unknown>;
  const sent = param ? request.query[param.name] : undefined;
  const asked = typeof sent === "string" && /^-?\d+$/.test(sent) ? Number(sent) : undefined;
  const minimum = typeof schema.minimum === "number" ? schema.minimum : 1;
  const maximum = typeof schema.maximum === "number" ? schema.maximum : undefined;
  const fallback = typeof schema.default === "number" ? schema.default : (maximum ?? listLength);
  const size = Math.min(asked ?? fallback, maximum ?? Number.POSITIVE_INFINITY);
  return Math.max(1, minimum, Math.floor(size));
}

/**
 * The cursors of one operation: a cursor names the operation and the offset of the page it leads to, as base64url
 * JSON (or the offset alone where the cursor parameter's schema refuses that text, e.g. an integer cursor).
 */
function cursorCodec(spec: SpecSource, paging: Paging) {
  const validCursor = spec.ajv.compileAt(paging.cursor.schemaPointer);
  const integerCursor = !typesOf(paging.cursor.schema).includes("string");
  const opaque = (offset: number) =>
    Buffer.from(JSON.stringify({ operation: paging.op.operationId, offset })).toString("base64url");
  const digits = integerCursor || !validCursor(opaque(1));
  return {
    /** The cursor of the page at `offset`, as the answer carries it. */
    issue(offset: number): string | number {
      if (integerCursor) return offset;
      return digits ? String(offset) : opaque(offset);
    },
    /** The offset a cursor this mock issued leads to, or undefined for any other text. */
    offsetOf(text: string, listLength: number): number | undefined {
      const offset = digits ? Number(text) : decodedOffset(text);
      const issued = Number.isSafeInteger(offset) && String(codecText(offset)) === text;
      return issued && offset > 0 && offset < listLength ? offset : undefined;
    },
  };

  function codecText(offset: number): string {
    return digits ? String(offset) : opaque(offset);
  }

  function decodedOffset(text: string): number {
    try {
      const decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
      return isObject(decoded) && typeof decoded.offset === "number" ? decoded.offset : Number.NaN;
    } catch {
      return Number.NaN;
    }
  }
}

type CursorCodec = ReturnType<typeof cursorCodec>;

/** The status the operation documents for a refused cursor: its 400, else its 422, else 400. */
function refusedCursorStatus(op: OperationSpec): number {
  const documented = (status: number) => op.responses.some((r) => r.status === String(status));
  return documented(400) || !documented(422) ? 400 : 422;
}

/** The problem of a cursor the mock never issued, naming the cursor parameter. */
function unknownCursorAnswer(spec: SpecSource, op: OperationSpec, name: string): Answer {
  const message = `was never issued by this mock: pass the \`${op.pagination?.next}\` of a previous page, or leave it out for the first page`;
  return refusalAnswer(spec, {
    status: refusedCursorStatus(op),
    title: "Unknown cursor",
    detail: `Request query parameter ${name} ${message}.`,
    issues: [{ check: "query", path: name, message }],
  });
}

/**
 * Wraps the mock's answering function: the 2xx JSON answer of a paginated operation becomes the page its cursor and
 * page size ask for. Answers the caller chose an example of (`Prefer: example=…`) are served as documented.
 */
export function paginateAnswers(spec: SpecSource, engine: PrismEngine): PrismEngine {
  const findOperation = operationMatcher(spec);
  const known = new Map<OperationSpec, { paging: Paging; codec: CursorCodec } | undefined>();
  const pagingFor = (op: OperationSpec) => {
    if (!known.has(op)) {
      const paging = pagingOf(op);
      known.set(op, paging && { paging, codec: cursorCodec(spec, paging) });
    }
    return known.get(op);
  };

  return async (request) => {
    const answer = await engine(request);
    const op = findOperation(request.method, request.path);
    const found = op && pagingFor(op);
    if (!op || !found || request.preferences.example !== undefined) return answer;
    const { paging, codec } = found;
    if (answer.status < 200 || answer.status > 299 || typeof answer.body !== "string")
      return answer;
    const media = answerMedia(op, answer);
    let page: unknown;
    try {
      page = JSON.parse(answer.body);
    } catch {
      return answer;
    }
    if (!media || !Array.isArray(valueAt(page, paging.items))) return answer;
    const list = listOf(paging, media.examples);
    const sent = request.query[paging.cursor.name];
    const offset = sent === undefined ? 0 : codec.offsetOf(String(sent), list.length);
    if (offset === undefined)
      return { ...unknownCursorAnswer(spec, op, paging.cursor.name), issues: [] };
    const end = offset + pageSizeOf(paging, request, list.length);
    setAt(page, paging.items, list.slice(offset, end));
    const nextSchema = schemaAt(spec.document, media.schema, paging.next);
    const last = typesOf(nextSchema).includes("null") ? null : undefined;
    setAt(page, paging.next, end < list.length ? codec.issue(end) : last);
    return { ...answer, body: JSON.stringify(page) };
  };
}
