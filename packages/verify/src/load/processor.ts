// The Artillery processor shipped with `merchant-payments-verify load` (built to dist/load-processor.mjs as
// one self-contained ES module: the spec model, Ajv and the data inlined, no import but Node's own).
// `merchantPaymentsRequest` (beforeRequest) sends the operation's requests in turn (target, headers, body); `merchantPaymentsCheck`
// (afterResponse) checks every answer with the spec model's checkResponse and counts, per operation,
// conforming and non-conforming answers and the violations by check.
import {
  checkResponse,
  createAjv,
  type OperationSpec,
  operations,
} from "@merchant-payments/spec/model";
import { encodeCookieValue, encodeText } from "@merchant-payments/spec/wire";
import { API_KEY_VARIABLE, BASIC_CREDENTIALS_VARIABLE, BASIC_TEMPLATE } from "../variables.js";
import { COUNTER_PREFIX, PROCESSOR_DATA_TOKEN, type ProcessorData } from "./processor-data.js";

/** Artillery's request parameters, as far as the hooks read and write them. */
interface RequestParams {
  name?: string;
  url?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Artillery's response, as far as the check reads it. */
interface ArtilleryResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

/** Artillery's event emitter. */
interface Events {
  emit(kind: "counter", name: string, value: number): void;
}

type Done = (error?: Error) => void;

const data = JSON.parse(PROCESSOR_DATA_TOKEN) as ProcessorData;
const ajv = createAjv(data.document);
const byId = new Map<string, OperationSpec>(
  operations(data.document).map((op) => [op.operationId, op]),
);
const turn = new Map<string, number>();

/** The API key's placeholder as the spec's wire module writes it into a target's query (filled from the environment). */
const API_KEY_IN_QUERY = encodeText(`{{ $env.${API_KEY_VARIABLE} }}`);

/** The API key's placeholder as the wire module writes it into a cookie (filled from the environment, encoded so). */
const API_KEY_IN_COOKIE = encodeCookieValue(`{{ $env.${API_KEY_VARIABLE} }}`);

/** The Authorization the script holds for HTTP Basic: base64 of the placeholder, replaced when the request leaves. */
const BASIC_IN_SCRIPT = `Basic ${Buffer.from(BASIC_TEMPLATE).toString("base64")}`;

/**
 * The headers with the Basic placeholder replaced by `user:password` from the environment, base64-encoded, and a
 * cookie's API key placeholder by the key, encoded as the wire module encodes a cookie value.
 */
function withBasicCredentials(headers: Record<string, string>): Record<string, string> {
  const basic = `Basic ${Buffer.from(process.env[BASIC_CREDENTIALS_VARIABLE] ?? "").toString("base64")}`;
  const cookieKey = encodeCookieValue(process.env[API_KEY_VARIABLE] ?? "");
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value === BASIC_IN_SCRIPT
        ? basic
        : name.toLowerCase() === "cookie"
          ? value.split(API_KEY_IN_COOKIE).join(cookieKey)
          : value,
    ]),
  );
}

/** beforeRequest hook: the next request of the operation named by the request: target, headers and body. */
export function merchantPaymentsRequest(
  params: RequestParams,
  _context: unknown,
  _events: Events,
  done: Done,
): void {
  const pool = data.requests[params.name ?? ""];
  if (!pool || pool.length === 0) {
    done(new Error(`merchant-payments: no requests for ${JSON.stringify(params.name)}`));
    return;
  }
  const n = turn.get(params.name as string) ?? 0;
  turn.set(params.name as string, n + 1);
  const request = pool[n % pool.length] as (typeof pool)[number];
  params.url = request.target
    .split(API_KEY_IN_QUERY)
    .join(encodeText(process.env[API_KEY_VARIABLE] ?? ""));
  params.headers = withBasicCredentials({ ...params.headers, ...request.headers });
  if (request.body === undefined) delete params.body;
  else params.body = Buffer.from(request.body, "base64");
  done();
}

function flat(headers: ArtilleryResponse["headers"]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** afterResponse hook: checks the answer against the spec and counts it (never fails the virtual user). */
export function merchantPaymentsCheck(
  params: RequestParams,
  response: ArtilleryResponse,
  _context: unknown,
  events: Events,
  done: Done,
): void {
  const op = byId.get(params.name ?? "");
  if (!op) {
    done(
      new Error(
        `merchant-payments: ${JSON.stringify(params.name)} is not an operation of the spec`,
      ),
    );
    return;
  }
  const body =
    typeof response.body === "string" ? response.body : JSON.stringify(response.body ?? "");
  const conformance = checkResponse(ajv, op, {
    status: response.statusCode,
    headers: flat(response.headers),
    body: response.body === undefined ? "" : body,
  });
  // A HEAD answer has the headers of a GET and no body: only its status and headers are checked.
  const issues = conformance.issues.filter(
    (issue) => op.method !== "HEAD" || issue.check === "status" || issue.check === "header",
  );
  const prefix = `${COUNTER_PREFIX}.${op.operationId}`;
  events.emit("counter", `${prefix}.${issues.length === 0 ? "conforming" : "non_conforming"}`, 1);
  for (const check of new Set(issues.map((issue) => issue.check))) {
    events.emit("counter", `${prefix}.violation.${check}`, 1);
  }
  done();
}
