// @ts-check
// The docs' "Security and limits" section: what the interface document leaves open (token lifetime and scopes, rate
// limits, field lengths and formats, error statuses), read from the spec and from the answers to the OWASP API
// Security ruleset (@merchant-payments/spec/owasp-answers), and what the toolkit does meanwhile, read from the
// client's `clientDefaults` and the mock's limits in force. Pure: the build gathers the inputs.
import { parsePointer, valueAt } from "@merchant-payments/spec/model";

/** Heading of the section (and its sidebar entry). */
export const SECURITY_HEADING = "Security and limits";

/**
 * @typedef {import("@merchant-payments/spec/owasp-answers").OwaspAnswer} OwaspAnswer
 */
/**
 * @typedef {Record<string, any>} Json
 */
/**
 * The client's defaults (`clientDefaults` of @merchant-payments/client).
 * @typedef {object} ClientLimits
 * @property {number} timeoutMs per-attempt timeout, in milliseconds
 * @property {number} maxResponseBytes largest answer body read, in bytes
 * @property {number} maxRetries retries of operations the spec marks safe
 * @property {{ baseDelayMs: number, maxDelayMs: number, maxRetryAfterMs: number }} backoff delays, in milliseconds
 */
/**
 * The mock's limits in force (`limits` of a started mock).
 * @typedef {object} MockLimits
 * @property {number} maxBodyBytes largest request body, in bytes
 * @property {number} maxDepth deepest JSON nesting
 * @property {number} maxHeaderBytes largest request head, in bytes
 * @property {number} headersTimeoutMs time to send the head, in milliseconds
 * @property {number} bodyTimeoutMs time to send the body, in milliseconds
 */
/**
 * @typedef {object} SecurityInputs
 * @property {Json} document the bundled spec
 * @property {readonly OwaspAnswer[]} answers the OWASP answers
 * @property {Record<string, string>} topics headings by topic, in page order
 * @property {ClientLimits} client the client's defaults
 * @property {MockLimits} mock the mock's limits
 */

/** @param {number} n @returns {string} with thousands separators */
const grouped = (n) => n.toLocaleString("en-US");

/** @param {number} bytes @returns {string} e.g. "52,428,800 bytes (50 MiB)" */
export function formatBytes(bytes) {
  const mib = bytes / 1024 / 1024;
  const unit =
    mib >= 1 ? `${Number(mib.toFixed(1))} MiB` : `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${grouped(bytes)} bytes (${unit})`;
}

/** @param {number} ms @returns {string} e.g. "30,000 ms (30 s)" */
export function formatMs(ms) {
  return ms >= 1000 ? `${grouped(ms)} ms (${Number((ms / 1000).toFixed(1))} s)` : `${ms} ms`;
}

/** @param {string} text @returns {string} safe in a Markdown table cell */
const cell = (text) => text.replaceAll("|", "\\|").replace(/\s+/g, " ").trim();

/**
 * The bundle's value at a `$ref` of its own (`#/components/…`), or `value` itself.
 * @param {Json} document
 * @param {any} value
 * @returns {any}
 */
function localTarget(document, value) {
  const ref = value?.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return value;
  return parsePointer(ref.slice(1)).reduce((node, key) => node?.[key], document);
}

/**
 * A reader's name of a place inside a path item: the operation by its operationId, then what the pointer reaches
 * by the section it is in, e.g. "`listTransactions` `limit` parameter", "`getTransaction` 200 answer",
 * "`getTransaction` 200 answer's `Retry-After` header", "`createRefund` request body", "`createRefund` security".
 * @param {Json} document the bundled spec
 * @param {string} path the path (the pointer's second segment)
 * @param {string | undefined} method the operation's method, or `parameters` (the path item's own parameters)
 * @param {string | undefined} section `responses`, `parameters`, `requestBody`, `security`…
 * @param {string[]} rest the pointer's segments after the section
 * @returns {string}
 */
function operationPlaceName(document, path, method, section, rest) {
  const item = document.paths?.[path];
  const parameterName = (
    /** @type {any[] | undefined} */ list,
    /** @type {string | undefined} */ index,
  ) => {
    const parameter = localTarget(document, list?.[Number(index)]);
    return `\`${parameter?.name ?? index}\` parameter`;
  };
  // The path item's own parameters: `/paths/<path>/parameters/<index>/…`.
  if (method === "parameters") return `\`${path}\` ${parameterName(item?.parameters, section)}`;
  const operation = item?.[method ?? ""];
  const id = `\`${operation?.operationId ?? path}\``;
  if (section === undefined) return id;
  if (section === "responses") {
    const [status, part, header] = rest;
    if (status === undefined) return `${id} answers`;
    if (part === "headers" && header) return `${id} ${status} answer's \`${header}\` header`;
    return `${id} ${status} answer`;
  }
  if (section === "parameters") return `${id} ${parameterName(operation?.parameters, rest[0])}`;
  if (section === "requestBody") return `${id} request body`;
  return `${id} ${section}`;
}

/**
 * A reader's name of a place in the spec, e.g. "`Transaction.sourceAccountNumber`" or "`getTransaction` 200 answer".
 * @param {Json} document the bundled spec
 * @param {string} path a JSON Pointer into it
 * @returns {string}
 */
export function placeName(document, path) {
  const parts = parsePointer(path);
  const [root, kind, name, sub, ...rest] = parts;
  if (root === "paths" && kind) return operationPlaceName(document, kind, name, sub, rest);
  if (root !== "components" || !name)
    return path === "/components/headers" ? "`components.headers`" : `\`${path}\``;
  if (kind === "schemas") {
    if (sub === "properties" && rest[0]) return `\`${name}.${rest[0]}\``;
    if ((sub === "anyOf" || sub === "oneOf") && rest[0] !== undefined) {
      const branch = document.components.schemas[name]?.[sub]?.[Number(rest[0])];
      return `\`${name}\` (${branch?.title?.toLowerCase() ?? `branch ${Number(rest[0]) + 1}`})`;
    }
    return `\`${name}\``;
  }
  if (kind === "parameters")
    return `\`${document.components.parameters[name]?.name ?? name}\` header`;
  if (kind === "headers") return `\`${name}\` header`;
  if (kind === "responses") return `\`${name}\` answer${sub === "headers" ? " headers" : ""}`;
  if (kind === "securitySchemes") return `\`${name}\` security scheme`;
  return `\`${path}\``;
}

/**
 * The error statuses this description declares, in order, e.g. ["400", "401", …, "5XX"].
 * @param {Json} document
 * @returns {string[]}
 */
export function declaredErrorStatuses(document) {
  const statuses = new Set();
  for (const item of Object.values(document.paths ?? {}))
    for (const operation of Object.values(item ?? {}))
      for (const status of Object.keys(operation?.responses ?? {}))
        if (!/^2/.test(status)) statuses.add(status);
  return [...statuses].sort();
}

/**
 * What the spec itself says about one topic, before the table of answers.
 * @param {string} topic
 * @param {Json} document
 * @returns {string[]}
 */
function specSays(topic, document) {
  if (topic === "authentication")
    return Object.entries(document.components?.securitySchemes ?? {}).map(
      ([name, scheme]) =>
        `\`${name}\` (${scheme.type} ${scheme.scheme ?? ""}): ${cell(scheme.description ?? "")}`,
    );
  if (topic === "rate-limits") {
    const tooMany = document.components?.responses?.TooManyRequests;
    return tooMany ? [`\`429\`: ${cell(tooMany.description)}`] : [];
  }
  if (topic === "errors")
    return [
      `Statuses this description declares on its operations (the service's own are not shown): ${declaredErrorStatuses(
        document,
      )
        .map((status) => `\`${status}\``)
        .join(", ")}; their bodies are problem details (\`Problem\`: ${cell(
        document.components?.schemas?.Problem?.description ?? "",
      )})`,
    ];
  return [];
}

/**
 * The table of one topic's answers: each OWASP rule overridden, where, the quoted document's words (the interface
 * document's, or for operations added beyond it those of the document their answers file names) and our reason.
 * @param {readonly OwaspAnswer[]} answers
 * @param {Json} document
 * @returns {string[]}
 */
function answersTable(answers, document) {
  return [
    "| OWASP rule | Where | What the document says | Why the spec states nothing more |",
    "| --- | --- | --- | --- |",
    ...answers.map(
      (answer) =>
        `| ${answer.rules.map((rule) => `\`${rule}\``).join("<br>")} | ${answer.paths
          .map((path) => placeName(document, path))
          .join(
            ", ",
          )} | ${cell(answer.document.title)}, §${cell(answer.section)}: "${cell(answer.quote)}" | ${cell(answer.reason)} |`,
    ),
  ];
}

/**
 * What the toolkit does on its side while the service's limits are unknown.
 * @param {ClientLimits} client
 * @param {MockLimits} mock
 * @returns {string[]}
 */
function toolkitSide(client, mock) {
  return [
    "### What this toolkit does meanwhile",
    "",
    "Nothing below is a limit of the service. These are the toolkit's own bounds, read from the code that applies them when this page was built.",
    "",
    "| Where | What | Default |",
    "| --- | --- | --- |",
    `| \`@merchant-payments/client\` | time for each attempt, answer body included (\`timeoutMs\`) | ${formatMs(client.timeoutMs)} |`,
    `| \`@merchant-payments/client\` | largest answer body read, as received and decoded (\`maxResponseBytes\`: the spec's largest \`maxItems\` × 1 KiB + 1 MiB) | ${formatBytes(client.maxResponseBytes)} |`,
    `| \`@merchant-payments/client\` | retries, of operations the spec marks safe to retry only (\`maxRetries\`) | ${client.maxRetries} |`,
    `| \`@merchant-payments/client\` | backoff between retries (\`backoff.baseDelayMs\` … \`maxDelayMs\`) | ${formatMs(client.backoff.baseDelayMs)} … ${formatMs(client.backoff.maxDelayMs)} |`,
    `| \`@merchant-payments/client\` | longest \`Retry-After\` waited before a retry; a longer one ends the retries (\`backoff.maxRetryAfterMs\`) | ${formatMs(client.backoff.maxRetryAfterMs)} |`,
    `| the mock (\`pnpm mock\`, \`startMock()\`) | largest request body (\`limits.maxBodyBytes\`, from the spec) | ${formatBytes(mock.maxBodyBytes)} |`,
    `| the mock | deepest nesting of a JSON body (\`limits.maxDepth\`) | ${mock.maxDepth} |`,
    `| the mock | largest request head (\`limits.maxHeaderBytes\`) | ${formatBytes(mock.maxHeaderBytes)} |`,
    `| the mock | time to send the head, then the body (\`limits.headersTimeoutMs\`, \`limits.bodyTimeoutMs\`) | ${formatMs(mock.headersTimeoutMs)}, ${formatMs(mock.bodyTimeoutMs)} |`,
    "",
    "The client checks every request against this description before sending it, so it enforces the bounds the interface document states (see Limits above) and no other. Each default can be changed: through the client's options and the mock's `limits` option.",
    "",
  ];
}

/**
 * The section's Markdown.
 * @param {SecurityInputs} inputs
 * @returns {string}
 */
export function securityAndLimitsMarkdown({ document, answers, topics, client, mock }) {
  const lines = [
    `## ${SECURITY_HEADING}`,
    "",
    "The interface document of the service leaves open the security facts below. This description invents none of them: the OWASP API Security ruleset for Spectral (`@stoplight/spectral-owasp-ruleset`), which `pnpm lint` runs on this description, asks for each, and each of its findings here is answered by the sentence of the document that leaves the fact open. Findings that a fact of the document settles were fixed in the description instead (for example `format: int32` on the merchant account number).",
    "",
    "### What the interface document leaves open",
    "",
  ];
  for (const [topic, heading] of Object.entries(topics)) {
    const ofTopic = answers.filter((answer) => answer.topic === topic);
    if (ofTopic.length === 0) continue;
    lines.push(`#### ${heading}`, "");
    for (const said of specSays(topic, document)) lines.push(`- ${said}`);
    if (specSays(topic, document).length > 0) lines.push("");
    lines.push(...answersTable(ofTopic, document), "");
  }
  lines.push(...toolkitSide(client, mock));
  return lines.join("\n");
}
