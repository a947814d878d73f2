// @ts-check
// The answers to the OWASP API Security ruleset's findings (@stoplight/spectral-owasp-ruleset) on the bundle that the
// spec does not fix: each is an override of a rule at exact places, with the sentence of the interface document
// (spec/interface/merchant-payments-service-interface.md) that leaves the asked-for fact open. The spec invents no
// limit, format, header or status to please the ruleset. Findings fixed in the spec itself are not listed here (see
// spec/README.md). Read by the project ruleset (spec/.spectral.js), by test/owasp.test.ts (every finding of the pure
// ruleset answered, no override stale, every quote in the document) and by the docs' "Security and limits" page.
// Operations added beyond the interface document's (see the root README's "Growing the spec") are answered in YAML
// files of spectral/answers/, each quoting the document it names (the format is in spectral/answers/README.md);
// `owaspAnswers` holds both.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

/** The bundle the ruleset is run on, relative to the spec package (and to the project ruleset). */
export const OWASP_LINTED_BUNDLE = "dist/openapi.json";

/** The interface document the quotes come from, relative to the spec package. */
export const INTERFACE_DOCUMENT = "interface/merchant-payments-service-interface.md";

/** The folder of answers files (operations added beyond the interface document's), relative to the spec package. */
export const OWASP_ANSWERS_DIR = "spectral/answers";

/** The document the answers of this module quote: the service's interface document. */
export const INTERFACE_DOCUMENT_SOURCE = Object.freeze({
  path: INTERFACE_DOCUMENT,
  title: "The interface document",
});

/** What a reader looks for, in the order the docs page lists them. */
export const OWASP_TOPICS = {
  authentication: "Token lifetime, scopes and access",
  "rate-limits": "Rate limits and quotas",
  errors: "Error statuses, bodies and codes",
  "lengths-and-formats": "Field lengths, ranges and formats",
};

const STRING_LIMIT = "owasp:api4:2023-string-limit";
const STRING_RESTRICTED = "owasp:api4:2023-string-restricted";
const INTEGER_FORMAT = "owasp:api4:2023-integer-format";
const INTEGER_LIMIT = "owasp:api4:2023-integer-limit";
const ARRAY_LIMIT = "owasp:api4:2023-array-limit";
const BOTH_STRING_RULES = [STRING_LIMIT, STRING_RESTRICTED];
const BOTH_INTEGER_RULES = [INTEGER_FORMAT, INTEGER_LIMIT];

/** The document's sentence on types: no length for `string`, no width or range for `integer`. */
const TYPES_SENTENCE =
  "Types: `integer`, `string`, `boolean`, `number<decimal>` (decimal number), `string<date-time>` (ISO 8601 timestamp with UTC designator), `string<date>` (ISO 8601 calendar date), `string<email>`.";
const BATCH_FIELDS_NOT_SHOWN =
  "Required-ness, bounds and formats of the header and element fields individually: not shown.";
const ERROR_MODEL_NOT_SHOWN =
  "Error status codes, error body shape and error codes for invalid input, unknown records or authorization failure: not shown.";

/** @param {string} name a component schema @param {...string} properties its properties @returns {string[]} */
const props = (name, ...properties) =>
  properties.map((property) => `/components/schemas/${name}/properties/${property}`);
/** @param {string} path an operation's path @returns {string} its POST's responses, as a JSON Pointer */
const responsesOf = (path) =>
  `/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/post/responses`;

/** The eight operations' paths, as the interface document writes them (section 4). */
const OPERATION_PATHS = [
  "/collections/getTransaction",
  "/core/MerchantAnalytics/GetConnectorSummaryCountMetrics",
  "/core/MerchantAnalytics/GetConnectorSummarySumMetrics",
  "/core/MerchantAnalytics/GetDisbursementMetrics",
  "/disbursements/batch/addJson",
  "/security/merchantUsers/get",
  "/merchants/fees/calculate",
  "/merchants/webhooks/delete",
];

/**
 * @typedef {object} OwaspAnswer
 * @property {string[]} rules the OWASP rules overridden (each must report at every one of `paths`)
 * @property {string[]} paths JSON Pointers into the bundle where the rules report
 * @property {keyof typeof OWASP_TOPICS} topic what the reader looks for
 * @property {string} section the section of the quoted document
 * @property {string} quote a sentence (or the part of a field's line) of the quoted document, verbatim
 * @property {string} reason why the spec states nothing more here
 * @property {{ path: string, title: string }} document the quoted document (path relative to the spec package)
 */

/** @type {Omit<OwaspAnswer, "document">[]} */
const interfaceDocumentAnswers = [
  {
    rules: ["owasp:api2:2023-jwt-best-practices"],
    paths: ["/components/securitySchemes/BearerAuth/description"],
    topic: "authentication",
    section: "5",
    quote:
      "Obtaining the token, its lifetime, scopes and which users may call which operation: not shown.",
    reason:
      "The document says the token is a JWT access token and nothing about how it is issued, signed or checked: the description cannot claim conformance to RFC 8725.",
  },
  {
    rules: ["owasp:api4:2023-rate-limit"],
    paths: [
      ...OPERATION_PATHS.map((path) => `${responsesOf(path)}/200`),
      ...[
        "BadRequest",
        "Unauthorized",
        "Forbidden",
        "NotFound",
        "NotAcceptable",
        "UnsupportedMediaType",
        "UnprocessableEntity",
      ].map((name) => `/components/responses/${name}`),
      "/components/responses/TooManyRequests/headers",
    ],
    topic: "rate-limits",
    section: "8",
    quote: "Rate limits and quotas: not shown.",
    reason:
      "No rate-limit header (RateLimit, X-RateLimit-Limit, …) is shown on any answer, so none is declared; a 429 says when to retry with Retry-After.",
  },
  {
    rules: ["owasp:api8:2023-define-error-responses-500"],
    paths: OPERATION_PATHS.map(responsesOf),
    topic: "errors",
    section: "7",
    quote: ERROR_MODEL_NOT_SHOWN,
    reason:
      "The document shows no error status; this description declares the 5XX range (a gateway or the service failing) with its problem details, and adds no separate 500.",
  },
  {
    rules: ["owasp:api8:2023-define-cors-origin"],
    paths: ["/components/responses/TooManyRequests/headers", "/components/headers"],
    topic: "errors",
    section: "7",
    quote: ERROR_MODEL_NOT_SHOWN,
    reason:
      "The only headers declared are those of this description's 429 answer (Retry-After, also in components.headers); the document shows no answer headers and no cross-origin policy, so no Access-Control-Allow-Origin is declared.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: [
      "/components/schemas/Problem/properties/title",
      "/components/schemas/Problem/properties/detail",
    ],
    topic: "errors",
    section: "7",
    quote: ERROR_MODEL_NOT_SHOWN,
    reason:
      "The problem details are this description's declaration of error bodies; their text is the service's, of no shown length or form.",
  },
  {
    rules: [STRING_LIMIT],
    paths: [
      "/components/schemas/Problem/properties/type",
      "/components/schemas/Problem/properties/instance",
    ],
    topic: "errors",
    section: "7",
    quote: ERROR_MODEL_NOT_SHOWN,
    reason: "URI references of this description's problem details (RFC 9457): no length is shown.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: ["/components/headers/RetryAfter/schema"],
    topic: "rate-limits",
    section: "8",
    quote: "Rate limits and quotas: not shown.",
    reason:
      "Retry-After on this description's 429 answer: seconds or an HTTP date (RFC 9110); the service's own rate limiting is not shown.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: ["/components/parameters/AcceptLanguage/schema"],
    topic: "lengths-and-formats",
    section: "1",
    quote:
      "The request header `Accept-Language` is optional. It is a string, default `en`, and names the preferred language of the response.",
    reason:
      "A string with a default: no length, no pattern and no set of supported languages is given.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: ["/components/parameters/AcceptJson/schema"],
    topic: "lengths-and-formats",
    section: "4.5",
    quote: "Optional request header `accept: application/json`.",
    reason: "One value is shown; the header's other values are not, so none is refused.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props("TransactionLookupRequest", "transactionReferenceNumber"),
    topic: "lengths-and-formats",
    section: "4.1",
    quote: "transactionReferenceNumber (string, required, unique reference of the transaction)",
    reason: "A required string: no length or format is given.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: ["SummaryType", "FeeType", "ChannelType"].map(
      (name) => `/components/schemas/${name}/anyOf/1`,
    ),
    topic: "lengths-and-formats",
    section: "2.10",
    quote: "The full allowed sets of summaryType, feeType and channelType: not shown.",
    reason:
      "The known values are an enum; the second branch keeps the set open, as the document gives the values as examples only.",
  },
  {
    rules: [STRING_LIMIT],
    paths: props("MetricsRequest", "fromDate", "toDate"),
    topic: "lengths-and-formats",
    section: "4.2",
    quote: "fromDate (date, required, ISO 8601, start of period)",
    reason: "Calendar dates (`format: date`); no further bound is given.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props(
      "Transaction",
      "sourceAccountNumber",
      "sourceCustomerName",
      "connectorName",
      "sourceReferenceNumber",
      "transactionStatusName",
      "transactionReferenceNumber",
      "sourceCurrencyCode",
      "transactionDescription",
      "beneficiaryCurrencyCode",
      "beneficiaryName",
    ),
    topic: "lengths-and-formats",
    section: "2, 2.2",
    quote: TYPES_SENTENCE,
    reason:
      "Typed `string` in the transaction's field table, with no length, pattern or allowed values (currency codes included: no standard is named).",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props("Transaction", "transactionStatusCode"),
    topic: "lengths-and-formats",
    section: "3",
    quote: "Other transaction status codes: not shown.",
    reason: "`S` (Success) is the only code shown, so no enum is declared.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props("Transaction", "transactionTypeName", "responseCode", "responseMessage"),
    topic: "lengths-and-formats",
    section: "2.2",
    quote: "Allowed values of responseCode, responseMessage and transactionTypeName: not shown.",
    reason: "Strings of the payment system with no length or allowed values given.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props("Transaction", "bridgeReferenceNumber"),
    topic: "lengths-and-formats",
    section: "2.2",
    quote: "bridge reference of the transaction (UUID-formatted in the sample)",
    reason:
      "Only the sample is UUID-formatted; the field is typed `string`, so `format: uuid` would be a guess.",
  },
  {
    rules: [...BOTH_INTEGER_RULES, ...BOTH_STRING_RULES],
    paths: props("Transaction", "beneficiaryAccountNumber"),
    topic: "lengths-and-formats",
    section: "2.2",
    quote:
      "integer per the field table; a string in the sample response (a consumer must tolerate both)",
    reason: "An integer or a string, with no range, width, length or format given for either.",
  },
  {
    rules: [STRING_LIMIT],
    paths: [
      ...props("Transaction", "transactionDate", "dateCreated"),
      ...props("MerchantUser", "emailAddress", "dateCaptured", "dateModified"),
    ],
    topic: "lengths-and-formats",
    section: "2",
    quote: TYPES_SENTENCE,
    reason:
      "Typed `string<date-time>` or `string<email>` (declared with `format`); the document gives no maximum length.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: [
      ...props("ConnectorSummaryCount", "summaryType", "connectorName", "currencyCode"),
      ...props("ConnectorSummarySum", "connectorName", "currencyCode"),
      ...props("FeeCalculation", "currencyCode"),
    ],
    topic: "lengths-and-formats",
    section: "2, 2.3, 2.4, 2.8",
    quote: TYPES_SENTENCE,
    reason:
      "Typed `string` in the field tables of the analytics and fee answers, with no length, pattern or allowed values.",
  },
  {
    rules: BOTH_INTEGER_RULES,
    paths: [
      ...props(
        "ConnectorSummaryCount",
        "successfulTransactions",
        "failedTransactions",
        "totalTransactions",
      ),
      ...props(
        "DisbursementMetrics",
        "numberOfSuccessfulTransactions",
        "numberOfFailedTransactions",
        "numberOfTransactions",
      ),
    ],
    topic: "lengths-and-formats",
    section: "2, 2.3, 2.5",
    quote: TYPES_SENTENCE,
    reason: "Counts typed `integer`, with no range or width given.",
  },
  {
    rules: [ARRAY_LIMIT],
    paths: ["/components/schemas/ConnectorSummaryCountList"],
    topic: "lengths-and-formats",
    section: "4.2",
    quote:
      "Response 200: JSON array of connector summary by count objects (2.3); one element per connector.",
    reason: "One element per connector; the number of connectors is not given.",
  },
  {
    rules: [ARRAY_LIMIT],
    paths: ["/components/schemas/ConnectorSummarySumList"],
    topic: "lengths-and-formats",
    section: "4.3",
    quote: "Response 200: JSON array of connector summary by sum objects (2.4).",
    reason: "An array of per-connector sums; the number of connectors is not given.",
  },
  {
    rules: [STRING_LIMIT],
    paths: props("DisbursementBatchHeader", "scheduledDate", "capturedBy"),
    topic: "lengths-and-formats",
    section: "2.6",
    quote: BATCH_FIELDS_NOT_SHOWN,
    reason:
      "A date and an e-mail address as seen (`format: date`, `format: email`); their bounds are not shown.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props(
      "DisbursementBatchItem",
      "beneficiaryName",
      "beneficiaryAccountNumber",
      "transactionDescription",
      "sourceReferenceNumber",
    ),
    topic: "lengths-and-formats",
    section: "2.6",
    quote: BATCH_FIELDS_NOT_SHOWN,
    reason: "Strings of a batch element; their bounds and formats are not shown.",
  },
  {
    rules: BOTH_INTEGER_RULES,
    paths: props("DisbursementBatchItem", "connectorId"),
    topic: "lengths-and-formats",
    section: "2.6",
    quote: BATCH_FIELDS_NOT_SHOWN,
    reason: "An integer of a batch element; its bounds and format are not shown.",
  },
  {
    rules: BOTH_INTEGER_RULES,
    paths: props("DisbursementBatchResult", "merchantAccountNumber", "batchNumber"),
    topic: "lengths-and-formats",
    section: "2.6",
    quote: "Response: merchantAccountNumber (integer), batchNumber (integer).",
    reason: "The batch answer's two integers are typed, not bounded.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props("MerchantUserRequest", "userId"),
    topic: "lengths-and-formats",
    section: "4.6",
    quote: "The integer form of userId appears in a sample request; the declared type is string.",
    reason: "A required string: no length or format is given.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props(
      "MerchantUser",
      "userId",
      "firstName",
      "lastName",
      "phoneNumber",
      "roleName",
      "statusName",
      "capturedBy",
      "modifiedBy",
    ),
    topic: "lengths-and-formats",
    section: "2, 2.7",
    quote: TYPES_SENTENCE,
    reason:
      "Typed `string` in the merchant user's field table (e-mails of `capturedBy` and `modifiedBy` too, which may be empty), with no length or format.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: props("WebhookDeleteRequest", "eventCode"),
    topic: "lengths-and-formats",
    section: "6",
    quote:
      "The list of event codes, creation of subscriptions, delivery format, payload, signing and retries of events: not shown.",
    reason:
      "Event codes are strings (`payment.success` is a sample); their list and form are not shown.",
  },
  {
    rules: [STRING_LIMIT],
    paths: props("WebhookDeleteRequest", "deletedBy"),
    topic: "lengths-and-formats",
    section: "4.8",
    quote: "deletedBy (string<email>, required, e-mail of the user deleting)",
    reason: "An e-mail address (`format: email`) with no maximum length given.",
  },
  {
    rules: BOTH_STRING_RULES,
    paths: [
      ...props("WebhookDeletionMessage", "message"),
      "/components/schemas/WebhookDeletion/oneOf/1",
    ],
    topic: "lengths-and-formats",
    section: "4.8",
    quote:
      "Response 200: a confirmation text that the merchant webhook was deleted; its declared shape is an object with one string field `message`, while the sample shows it as a bare JSON string.",
    reason: "A confirmation text, in either shape, of no given length or form.",
  },
];

/** A malformed answers file of spectral/answers/: names the file and what is wrong. */
export class OwaspAnswersFileError extends Error {
  /** @param {string} file the file, relative to the spec package @param {string} problem what is wrong */
  constructor(file, problem) {
    super(`${file}: ${problem}`);
    this.name = "OwaspAnswersFileError";
    /** The file, relative to the spec package. */
    this.file = file;
  }
}

/** @param {unknown} value @returns {value is string[]} a non-empty list of non-empty strings */
const isStringList = (value) =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((item) => typeof item === "string" && item.length > 0);

/**
 * The answers of one answers file's text, checked field by field.
 * @param {string} text the file's YAML
 * @param {string} file its path relative to the spec package (for errors)
 * @returns {OwaspAnswer[]}
 */
export function parseAnswersFile(text, file) {
  /** @type {any} */
  let data;
  try {
    data = YAML.parse(text);
  } catch (error) {
    throw new OwaspAnswersFileError(file, `not YAML (${/** @type {Error} */ (error).message})`);
  }
  const fail = (/** @type {string} */ problem) => {
    throw new OwaspAnswersFileError(file, problem);
  };
  if (typeof data?.document !== "string" || data.document.length === 0)
    fail("`document` (the quoted document, relative to the spec package) is missing");
  if (typeof data.title !== "string" || data.title.length === 0)
    fail("`title` (the quoted document's name, as the docs page shows it) is missing");
  if (!Array.isArray(data.answers) || data.answers.length === 0)
    fail("`answers` is not a non-empty list");
  const document = { path: data.document, title: data.title };
  return data.answers.map((/** @type {any} */ answer, /** @type {number} */ index) => {
    const at = `answers[${index}]`;
    if (
      !isStringList(answer?.rules) ||
      !answer.rules.every((/** @type {string} */ rule) => rule.startsWith("owasp:"))
    )
      fail(`${at}.rules is not a non-empty list of owasp: rules`);
    if (
      !isStringList(answer.paths) ||
      !answer.paths.every((/** @type {string} */ path) => path.startsWith("/"))
    )
      fail(`${at}.paths is not a non-empty list of JSON Pointers`);
    if (!Object.hasOwn(OWASP_TOPICS, answer.topic))
      fail(`${at}.topic is not one of ${Object.keys(OWASP_TOPICS).join(", ")}`);
    for (const field of ["section", "quote", "reason"])
      if (typeof answer[field] !== "string" || answer[field].trim().length === 0)
        fail(`${at}.${field} is missing`);
    const { rules, paths, topic, section, quote, reason } = answer;
    return { rules, paths, topic, section, quote, reason, document };
  });
}

/**
 * The spec package's folder: beside this module, or (where a bundler hides the module's place, as Spectral's ruleset
 * bundler does for spec/.spectral.js) the working folder, which spectral/run-spectral.js sets to the spec package.
 * @returns {string}
 */
function specPackageDir() {
  try {
    return fileURLToPath(new URL("..", import.meta.url));
  } catch {
    return process.cwd();
  }
}

/**
 * The answers of every `*.yaml` file of spectral/answers/, in file-name order.
 * @param {string} [specDir] the spec package's folder (default: this module's package)
 * @returns {OwaspAnswer[]}
 */
export function readAnswersFiles(specDir = specPackageDir()) {
  const dir = join(specDir, OWASP_ANSWERS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .flatMap((name) =>
      parseAnswersFile(readFileSync(join(dir, name), "utf8"), `${OWASP_ANSWERS_DIR}/${name}`),
    );
}

/**
 * The specialized components of the linted bundle (the build's resolution of `$dynamicRef`, src/dynamic-refs.ts), by
 * the pointer of the component each copies (its `x-specialized-from`): a finding on a component is one on its copies.
 * Each copy is its pointer and its schema (a request view lacks the `readOnly` properties of its component).
 * @param {string} [specDir] the spec package's folder
 * @returns {Map<string, { pointer: string, schema: unknown }[]>}
 */
export function specializedComponents(specDir = specPackageDir()) {
  const path = join(specDir, OWASP_LINTED_BUNDLE);
  /** @type {Map<string, { pointer: string, schema: unknown }[]>} */
  const copies = new Map();
  if (!existsSync(path)) return copies;
  const schemas = JSON.parse(readFileSync(path, "utf8")).components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    const from = schema?.["x-specialized-from"];
    if (typeof from !== "string") continue;
    const pointer = `/components/schemas/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    copies.set(from.slice(1), [...(copies.get(from.slice(1)) ?? []), { pointer, schema }]);
  }
  return copies;
}

/**
 * True when the JSON Pointer `rest` (`""` or `/a/b`) names a value inside `node`.
 * @param {unknown} node @param {string} rest @returns {boolean}
 */
function holdsPlace(node, rest) {
  let at = node;
  for (const segment of rest.split("/").slice(1)) {
    const name = segment.replaceAll("~1", "/").replaceAll("~0", "~");
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, name)) return false;
    at = /** @type {Record<string, unknown>} */ (at)[name];
  }
  return true;
}

/**
 * `answer` with each of its places inside a component also at the same place of every copy specialized from it
 * that has that place.
 * @param {OwaspAnswer} answer @param {Map<string, { pointer: string, schema: unknown }[]>} copies
 * @returns {OwaspAnswer}
 */
export function withCopies(answer, copies) {
  const more = answer.paths.flatMap((path) =>
    [...copies].flatMap(([from, made]) =>
      path === from || path.startsWith(`${from}/`)
        ? made
            .filter((copy) => holdsPlace(copy.schema, path.slice(from.length)))
            .map((copy) => copy.pointer + path.slice(from.length))
        : [],
    ),
  );
  return more.length === 0 ? answer : { ...answer, paths: [...answer.paths, ...more] };
}

/** Every answer: the interface document's operations' (this module), then those of spectral/answers/. */
export const owaspAnswers = (() => {
  const copies = specializedComponents();
  return [
    ...interfaceDocumentAnswers.map((answer) => ({
      ...answer,
      document: INTERFACE_DOCUMENT_SOURCE,
    })),
    ...readAnswersFiles(),
  ].map((answer) => withCopies(answer, copies));
})();

/**
 * The answers as Spectral `overrides` of a ruleset beside the spec package: one per answer, each rule `off` at
 * exactly its places in `bundle` (each JSON Pointer written as a URI fragment, as Spectral matches it).
 * @param {string} [bundle] the linted file, relative to the ruleset's folder
 * @returns {{ files: string[], rules: Record<string, "off"> }[]}
 */
export function owaspOverrides(bundle = OWASP_LINTED_BUNDLE) {
  return owaspAnswers.map((answer) => ({
    // Spectral compares a place as a URI fragment (`{` of a path template as `%7B`, @stoplight/json's pathToPointer).
    // A pointer's `#` and `$` (a callback's runtime expression, `{$request.body#/url}`) are percent-encoded too:
    // Spectral reads the first `#` as the end of the file name and matches the rest as encoded.
    files: answer.paths.map(
      (path) => `${bundle}#${encodeURI(path).replaceAll("#", "%23").replaceAll("$", "%24")}`,
    ),
    rules: Object.fromEntries(answer.rules.map((rule) => [rule, "off"])),
  }));
}
