// The client's public surface from the operations: the `MerchantPaymentsClient` interface (one method per operation,
// with JSDoc: summary, description, retry behaviour, the errors it may throw, a short example), the request and
// answer type of each operation, and the method table binding each method to the shared request core.
// @ts-check

/** @typedef {import("@merchant-payments/spec/model").Json} Json */
/** @typedef {import("@merchant-payments/spec/model").OperationSpec} OperationSpec */
/** @typedef {import("./operation-facts.mjs").OperationFacts} OperationFacts */

/**
 * The error class the client throws for a documented status (the table of `apiErrorFor` in src/errors.ts).
 * @type {Record<string, string>}
 */
const ERROR_FOR_STATUS = {
  400: "BadRequestError",
  401: "AuthenticationError",
  403: "PermissionDeniedError",
  404: "NotFoundError",
  422: "UnprocessableEntityError",
  429: "RateLimitError",
};

/**
 * The error class of a documented status key (`404`, `5XX`).
 * @param {string} status
 * @returns {string}
 */
function errorFor(status) {
  if (ERROR_FOR_STATUS[status]) return ERROR_FOR_STATUS[status];
  if (/^5/.test(status)) return "ServerError";
  return "ApiError";
}

/**
 * A JavaScript literal of an example value, short: keys unquoted where possible, long arrays cut to one item.
 * @param {Json} value
 * @param {string} [indent]
 * @returns {string}
 */
export function exampleLiteral(value, indent = "") {
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
 * @param {unknown} text
 * @returns {string[]}
 */
function docLines(text) {
  return String(text ?? "")
    .replace(/\*\//g, "*\\/")
    .split("\n")
    .map((l) => l.trimEnd());
}

/**
 * The JSDoc of one method.
 * @param {OperationFacts} facts
 * @param {OperationSpec} operation
 * @param {string} resultName
 * @returns {string}
 */
function methodDoc(facts, operation, resultName) {
  /** @type {string[]} */
  const lines = [];
  lines.push(`${facts.summary.replace(/\.?$/, ".")}`, "");
  lines.push(...docLines(facts.description), "");
  if (!/retr/i.test(facts.description))
    lines.push(
      facts.safeToRetry
        ? "Retried automatically (the spec marks it `x-safe-to-retry`) after a timeout, a connection failure, 408, 429 and 5xx, up to `maxRetries`."
        : "Never retried once the request may have reached the service (the spec marks it not `x-safe-to-retry`); only a refused connection, which proves nothing was sent, is retried.",
      "",
    );
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
  lines.push(`@param body - the request body (${facts.requestSchemaName}).`);
  lines.push(
    "@param options - per-call options (see `RequestOptions`), e.g. `{ signal, timeoutMs }`.",
  );
  lines.push(`@returns the ${resultName} of the ${facts.responseStatus} answer.`);
  lines.push("@throws {RequestValidationError} the body breaks the spec; nothing was sent.");
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

  if (facts.requestExample !== undefined) {
    lines.push("@example");
    lines.push("```ts");
    lines.push(
      `const result = await client.${facts.operationId}(${exampleLiteral(facts.requestExample)});`,
    );
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
 * @param {{
 *   factsList: readonly OperationFacts[],
 *   operationsList: readonly OperationSpec[],
 *   types: ReturnType<typeof import("./type-codegen.mjs").typeEmitter>,
 *   banner: string,
 *   modelNames: readonly string[],
 * }} input
 * @returns {string}
 */
export function emitClientModule({ factsList, operationsList, types, banner, modelNames }) {
  const D = `<Decimals extends DecimalMode = "number">`;
  const rows = factsList.map((facts, i) => ({
    facts,
    operation: /** @type {OperationSpec} */ (operationsList[i]),
    request: types.typeOf(facts.requestSchema, "in"),
    result: types.typeOf(facts.responseSchema, "out"),
  }));
  let out = `${banner}// biome-ignore-all lint: generated
import type { DecimalMode } from "../decimals.js";
import type { RequestOptions } from "../options.js";
import type { ApiPromise } from "../with-response.js";
import { type OperationId, operations } from "./operation-table.js";
import type { ${modelNames.filter((n) => rows.some((r) => new RegExp(`\\b${n}\\b`).test(`${r.request} ${r.result}`))).join(", ")} } from "./models.js";

/** The request body each method takes, by operation id. */
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
    const resultName = r.result.replace(/<Decimals>/g, "");
    out += methodDoc(r.facts, r.operation, resultName);
    out += `  ${r.facts.operationId}(body: ${r.request}, options?: RequestOptions): ApiPromise<${r.result}>;\n`;
  }
  out += `}

/** Sends one operation through the request core (validation, retries, answer parsing): the promise of its result. */
export type SendOperation = (operationId: OperationId, body: unknown, options: RequestOptions | undefined) => ApiPromise<unknown>;

/** The method table: every method of \`MerchantPaymentsClient\` sends its operation (its name) through \`send\`. */
export function bindMethods<Decimals extends DecimalMode>(send: SendOperation): MerchantPaymentsClient<Decimals> {
  const client: Record<string, unknown> = {};
  for (const id of Object.keys(operations) as OperationId[]) {
    client[id] = (body: unknown, options: RequestOptions | undefined) => send(id, body, options);
  }
  return client as unknown as MerchantPaymentsClient<Decimals>;
}
`;
  return out;
}
