// The client's public surface from the operations: the `MerchantPaymentsClient` interface (one method per operation,
// with JSDoc: summary, description, retry behaviour, the errors it may throw, a short example), the request and
// answer type of each operation, and the method table binding each method to the shared request core.
import {
  deref,
  type Json,
  type OperationSpec,
  parsePointer,
  schemaAt,
} from "@merchant-payments/spec/model";
import type { OperationFacts } from "./operation-facts.js";
import type { typeEmitter } from "./type-codegen.js";

/** The generation's type emitter. */
type Types = ReturnType<typeof typeEmitter>;

/**
 * The error class the client throws for a documented status (the table of `apiErrorFor` in src/errors.ts).
 */
const ERROR_FOR_STATUS: Record<string, string> = {
  400: "BadRequestError",
  401: "AuthenticationError",
  403: "PermissionDeniedError",
  404: "NotFoundError",
  422: "UnprocessableEntityError",
  429: "RateLimitError",
};

/**
 * The error class of a documented status key (`404`, `5XX`).
 */
function errorFor(status: string): string {
  if (ERROR_FOR_STATUS[status]) return ERROR_FOR_STATUS[status];
  if (/^5/.test(status)) return "ServerError";
  return "ApiError";
}

/**
 * A JavaScript literal of an example value, short: keys unquoted where possible, long arrays cut to one item.
 * @param [indent]
 */
function exampleLiteral(value: Json, indent: string = ""): string {
  if (Array.isArray(value)) {
    const items = value.slice(0, 1).map((v) => exampleLiteral(v, `${indent}  `));
    return items.length ? `[${items.join(", ")}]` : "[]";
  }
  if (value !== null && typeof value === "object") {
    const parts = Object.entries(value).map(
      ([k, v]) =>
        `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${exampleLiteral(v, `${indent}  `)}`,
    );
    return `{ ${parts.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/**
 * The lines of a text for a JSDoc block (`*` followed by `/` escaped).
 */
function docLines(text: unknown): string[] {
  return String(text ?? "")
    .replace(/\*\//g, "*\\/")
    .split("\n")
    .map((l) => l.trimEnd());
}

/** The method's retry rule in a sentence, and where the rule comes from (the spec's word or the HTTP method). */
function retryDoc(facts: OperationFacts): string {
  const because =
    facts.safeToRetryFrom === "x-safe-to-retry"
      ? `the spec marks it ${facts.safeToRetry ? "" : "not "}\`x-safe-to-retry\``
      : `the spec states no \`x-safe-to-retry\`; ${facts.method.toUpperCase()} is ${facts.safeToRetry ? "" : "not "}idempotent by RFC 9110`;
  return facts.safeToRetry
    ? `Retried automatically (${because}) after a timeout, a connection failure, 408, 429 and 5xx, up to \`maxRetries\`.`
    : `Never retried once the request may have reached the service (${because}); only a refused connection, which proves nothing was sent, is retried.`;
}

/**
 * True for today's shape: a JSON object body and no parameters; the method takes the body itself.
 */
function isPlainBody(facts: OperationFacts): boolean {
  return facts.parameterList.length === 0 && facts.bodyKind === "json" && facts.bodySpread;
}

/** True when a method's argument must be given: a plain body, a required parameter or a required (or spread) body. */
export function argumentRequired(facts: OperationFacts): boolean {
  if (isPlainBody(facts)) return true;
  const hasBody = facts.requestSchema !== undefined;
  return (
    facts.parameterList.some((p) => p.required) ||
    (hasBody && facts.bodyRequired) ||
    (hasBody && facts.bodySpread)
  );
}

/**
 * The argument of a method's example: the parameters' examples with the body's example beside them (or as `body`).
 * A paginated operation's cursor is left out: the example asks for the first page, as a caller does.
 */
export function exampleArgs(facts: OperationFacts): Json {
  if (isPlainBody(facts)) return facts.requestExample;
  const out: Record<string, Json> = {};
  const cursor = facts.pagination?.cursor;
  for (const p of facts.parameterList)
    if (p.example !== undefined && !(p.in === "query" && p.name === cursor))
      out[p.name] = p.example;
  const body = facts.requestExample;
  if (body !== undefined) {
    if (facts.bodySpread && body !== null && typeof body === "object") Object.assign(out, body);
    else if (facts.bodyKind !== "binary") out.body = body;
  }
  // A required binary body has no JSON example to show: its bytes are given as text (a Blob or Uint8Array works too).
  if (facts.bodyKind === "binary" && facts.bodyRequired && out.body === undefined)
    out.body = typeof body === "string" ? body : "file contents";
  return Object.keys(out).length > 0 || facts.parameterList.length === 0 ? out : undefined;
}

/**
 * A property key of a type literal, quoted unless an identifier.
 */
const keyOf = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

/**
 * The type of a method's argument: today's shape takes the body type itself; else an object of the parameters by
 * name, with an object body's properties beside them (or a non-object body under `body`).
 * @param types
 */
function argumentType(facts: OperationFacts, types: Types): { type: string; optional: boolean } {
  if (isPlainBody(facts)) return { type: types.typeOf(facts.requestSchema, "in"), optional: false };
  let members = "";
  for (const p of facts.parameterList) {
    const doc = String(p.description ?? "")
      .replace(/\*\//g, "*\\/")
      .replace(/\s+/g, " ")
      .trim();
    if (doc) members += `    /** ${doc} (${p.in} parameter) */\n`;
    members += `    ${keyOf(p.name)}${p.required ? "" : "?"}: ${types.typeOf(p.schema, "in")};\n`;
  }
  const hasBody = facts.requestSchema !== undefined;
  if (hasBody && !facts.bodySpread) {
    members += `    /** The request body (${facts.bodyMediaType}). */\n`;
    members += `    body${facts.bodyRequired ? "" : "?"}: ${types.typeOf(facts.requestSchema, "in")};\n`;
  }
  const literal = members ? `{\n${members}  }` : "{}";
  const required = argumentRequired(facts);
  if (hasBody && facts.bodySpread) {
    const body = types.typeOf(facts.requestSchema, "in");
    const wrapped = /[|]/.test(body) ? `(${body})` : body;
    return {
      type: `${members ? `${literal} & ` : ""}${facts.bodyRequired ? wrapped : `Partial<${wrapped}>`}`,
      optional: !required,
    };
  }
  return { type: members ? literal : "Record<string, never>", optional: !required };
}

/**
 * The type a method resolves with: the union of its 2xx answers (JSON body, string, Blob or undefined).
 * @param types
 */
function resultType(facts: OperationFacts, types: Types): string {
  const kinds = facts.answerList.map((a) =>
    a.kind === "json"
      ? types.typeOf(a.schema, "out")
      : a.kind === "text"
        ? "string"
        : a.kind === "blob"
          ? "Blob"
          : "undefined",
  );
  return [...new Set(kinds)].join(" | ");
}

/**
 * The JSDoc of one method.
 * @param operation
 */
function methodDoc(facts: OperationFacts, operation: OperationSpec, resultName: string): string {
  const lines: string[] = [];
  lines.push(...docLines(`${facts.summary.replace(/\.?$/, ".")}`), "");
  lines.push(...docLines(facts.description), "");
  if (facts.specOperationId !== facts.operationId)
    lines.push(
      ...docLines(
        `The spec's operationId: \`${facts.specOperationId}\` (\`${facts.method} ${facts.path}\`).`,
      ),
      "",
    );
  if (!/retr/i.test(facts.description)) lines.push(retryDoc(facts), "");
  if (facts.derivedHeaders.length) {
    lines.push(
      `The ${facts.derivedHeaders.map(([h, p]) => `\`${h}\` header is copied from \`body.${p}\``).join(", ")} (the spec's \`x-equals-body-property\`).`,
      "",
    );
  }
  lines.push(
    "Every error it throws says whether the service may have acted on the request (`error.mayHaveBeenProcessed`).",
    "",
  );
  if (facts.pagination) {
    lines.push(
      `Paginated (\`x-pagination\`): awaiting the result gives one page; \`for await (const item of client.${facts.operationId}(...))\` reads every item (\`${facts.pagination.items}\`) of every page, passing each page's \`${facts.pagination.next}\` as \`${facts.pagination.cursor}\` until it is null or absent.`,
      "",
    );
  }
  if (isPlainBody(facts)) {
    lines.push(`@param body - the request body (${facts.requestSchemaName}).`);
  } else {
    const parts = facts.parameterList.map(
      (p) => `\`${p.name}\` (${p.in}${p.required ? "" : ", optional"})`,
    );
    if (facts.requestSchema)
      parts.push(
        facts.bodySpread
          ? `the properties of the ${facts.bodyMediaType} body (${facts.requestSchemaName})`
          : `\`body\`: the ${facts.bodyMediaType} body`,
      );
    lines.push(`@param args - ${parts.length ? parts.join("; ") : "nothing"}.`);
  }
  lines.push(
    "@param options - per-call options (see `RequestOptions`), e.g. `{ signal, timeoutMs }`.",
  );
  lines.push(
    `@returns ${facts.answerList.map((a) => `${a.status}: ${a.kind === "json" ? (a.status === facts.responseStatus ? `the ${resultName}` : "its JSON body") : a.kind === "text" ? "the text" : a.kind === "blob" ? "a Blob" : "undefined (no body)"}`).join("; ")}${facts.answerList.some((a) => a.headers) ? " (declared headers through `.withResponse()`)" : ""}.`,
  );
  lines.push("@throws {RequestValidationError} the arguments break the spec; nothing was sent.");
  const seen = new Set();
  for (const response of operation.responses) {
    if (/^2/.test(response.status)) continue;
    const name = errorFor(response.status);
    if (seen.has(name)) continue;
    seen.add(name);
    lines.push(`@throws {${name}} ${response.status}: ${docLines(response.description)[0]}`);
  }
  lines.push("@throws {RedirectError} a 3xx answer: nothing is followed or sent again.");
  lines.push("@throws {TimeoutError} no complete answer within `timeoutMs`.");
  lines.push("@throws {ConnectionError} the connection failed.");
  lines.push("@throws {TokenError} the token function failed; nothing was sent.");
  lines.push("@throws {UnexpectedResponseError} a 2xx answer that is not the operation's result.");
  lines.push(
    "@throws {ResponseValidationError} with `validateResponses: true`, a 2xx answer that breaks the spec.",
  );

  const example = exampleArgs(facts);
  if (example !== undefined) {
    lines.push("@example");
    lines.push("```ts");
    lines.push(`const result = await client.${facts.operationId}(${exampleLiteral(example)});`);
    lines.push("// or, with the answer's status, headers and request id:");
    lines.push(
      `// const { data, response, requestId } = await client.${facts.operationId}(body).withResponse();`,
    );
    lines.push("```");
  }
  return `  /**\n${lines.map((l) => `   *${l ? ` ${l}` : ""}`).join("\n")}\n   */\n`;
}

/**
 * The text of the generated client module. `factsList` are the operations' facts, `operationsList` the spec model's
 * operations (same order), `types` the type emitter (for the request and answer type of each).
 */
export function emitClientModule({
  document,
  factsList,
  operationsList,
  types,
  banner,
  modelNames,
}: {
  document: Json;
  factsList: readonly OperationFacts[];
  operationsList: readonly OperationSpec[];
  types: Types;
  banner: string;
  modelNames: readonly string[];
}): string {
  const D = `<Decimals extends DecimalMode = "number">`;
  types.takeUsed(); // the types emitted from here on are this module's: it imports what they use
  const rows = factsList.map((facts, i) => {
    const argument = argumentType(facts, types);
    const page = resultType(facts, types);
    let returned = `ApiPromise<${page}>`;
    if (facts.pagination && facts.responseSchema) {
      const items = schemaAt(document, facts.responseSchema, parsePointer(facts.pagination.items));
      const item =
        items && deref(document, items).items
          ? types.typeOf(deref(document, items).items, "out")
          : "unknown";
      returned = `PagePromise<${page}, ${item}>`;
    }
    return {
      facts,
      operation: operationsList[i] as OperationSpec,
      request: argument.type,
      optional: argument.optional,
      result: page,
      returned,
    };
  });
  const used = types.takeUsed();
  const paginated = rows.some((r) => r.facts.pagination);
  const decimals = ["DecimalInput", "DecimalValue"].filter((n) => used.has(n));
  let out = `${banner}// biome-ignore-all lint: generated
${used.has("DateInput") ? 'import type { DateInput } from "../dates.js";\n' : ""}import type { ${[...decimals, "DecimalMode"].join(", ")} } from "../decimals.js";
import type { RequestOptions } from "../options.js";
import type { ApiPromise${paginated ? ", PagePromise" : ""} } from "../with-response.js";
${paginated ? 'import { loadBeyondJson } from "../request-core.js";\n' : ""}import { type OperationId, ${paginated ? "type OperationInfo, " : ""}operations } from "./operation-table.js";
import type { ${modelNames.filter((n) => used.has(n)).join(", ")} } from "./models.js";

/** The argument each method takes (the request body, or the parameters with the body's properties), by operation id. */
export interface OperationRequests${D} {
${rows.map((r) => `  ${r.facts.operationId}: ${r.request};`).join("\n")}
}

/** What each method resolves with, by operation id. */
export interface OperationResults${D} {
${rows.map((r) => `  ${r.facts.operationId}: ${r.result};`).join("\n")}
}

/**
 * The Merchant Payments client: one method per operation of the spec, each returning an \`ApiPromise\` (await it for
 * the result, or call \`.withResponse()\` for \`{ data, response, requestId }\`). \`Decimals\` is the client's
 * \`decimals\` option: with \`"string"\`, decimal fields are exact decimal strings in answers and may be given as
 * strings in requests.
 */
export interface MerchantPaymentsClient${D} {
`;
  for (const r of rows) {
    // The result's name in the JSDoc: a written-out type (an inline allOf, with its members' comments) is not.
    const written = r.result.replace(/<Decimals>/g, "");
    const resultName = /\n|\/\*|\*\/|\{/.test(written) ? "result (its JSON body)" : written;
    out += methodDoc(r.facts, r.operation, resultName);
    const param = isPlainBody(r.facts) ? "body" : "args";
    out += `  ${r.facts.operationId}(${param}${r.optional ? "?" : ""}: ${r.request}, options?: RequestOptions): ${r.returned};\n`;
  }
  out += `}

/** Sends one operation through the request core (validation, retries, answer parsing): the promise of its result. */
export type SendOperation = (operationId: OperationId, body: unknown, options: RequestOptions | undefined) => ApiPromise<unknown>;

${
  rows.some((r) => r.facts.pagination)
    ? `/**
 * The method table: every method of \`MerchantPaymentsClient\` sends its operation (its name) through \`send\`; the
 * promise a paginated method returns is also an async iterable over every item of every page (its \`x-pagination\`).
 */
export function bindMethods<Decimals extends DecimalMode>(send: SendOperation): MerchantPaymentsClient<Decimals> {
  const client: Record<string, unknown> = {};
  for (const id of Object.keys(operations) as OperationId[]) {
    const pagination = (operations[id] as OperationInfo).pagination;
    client[id] =
      pagination === undefined
        ? (body: unknown, options: RequestOptions | undefined) => send(id, body, options)
        : (args: unknown, options: RequestOptions | undefined) => {
            const first = send(id, args, options);
            return Object.assign(first, {
              async *[Symbol.asyncIterator]() {
                yield* (await loadBeyondJson()).pages(
                  first,
                  (cursor) => send(id, { ...(args as object), [pagination.cursor]: cursor }, options),
                  pagination,
                );
              },
            });
          };
  }
  return client as unknown as MerchantPaymentsClient<Decimals>;
}
`
    : `/** The method table: every method of \`MerchantPaymentsClient\` sends its operation (its name) through \`send\`. */
export function bindMethods<Decimals extends DecimalMode>(send: SendOperation): MerchantPaymentsClient<Decimals> {
  const client: Record<string, unknown> = {};
  for (const id of Object.keys(operations) as OperationId[]) {
    client[id] = (body: unknown, options: RequestOptions | undefined) => send(id, body, options);
  }
  return client as unknown as MerchantPaymentsClient<Decimals>;
}
`
}`;
  return out;
}
