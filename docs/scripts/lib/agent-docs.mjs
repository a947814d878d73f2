// @ts-check
// The site for agents and tools, generated from the spec model: `llms.txt` (the llmstxt.org format: an H1 title, a
// blockquote summary, H2 sections of `- [name](url): note` links), `llms-full.txt` (the guide and every operation's
// page in one file) and one Markdown page per operation, `operations/<operationId>.md` (summary, description,
// parameters, request and answer shapes written out, statuses, the TypeScript and curl samples the site shows, and the
// security and limits that apply).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { operations, sideEffectOf } from "@merchant-payments/spec/model";
import { schemaLines, typeText } from "./schema-markdown.mjs";

/** @typedef {Record<string, any>} Json */
/** @typedef {import("@merchant-payments/spec/model").OperationSpec} OperationSpec */

/** The folder of the per-operation pages, under the site. */
const OPERATIONS_DIR = "operations";
/** The agents' index and the whole reference in one file. */
const LLMS_FILES = /** @type {const} */ (["llms.txt", "llms-full.txt"]);

/** The page's pointer to the agents' files (a paragraph of the site's description). */
export const AGENTS_NOTE =
  "**For agents and tools:** [llms.txt](llms.txt) (an index of every operation's Markdown page), [llms-full.txt](llms-full.txt) (the whole reference as Markdown) and the [OpenAPI document](openapi.json).";

/** @param {OperationSpec} op @returns {string} the page's path, relative to the site */
export const operationPage = (op) => `${OPERATIONS_DIR}/${op.operationId}.md`;

/** @param {unknown} text @returns {string} one line */
const oneLine = (text) =>
  String(text ?? "")
    .replace(/\s+/g, " ")
    .trim();

/** The first sentence of a description, for a one-line note. @param {string} text */
const firstSentence = (text) => oneLine(text).match(/^.*?[.!?](?=\s|$)/)?.[0] ?? oneLine(text);

/** A fenced code block that the text cannot close. @param {string} lang @param {string} text */
function fenced(lang, text) {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${text.replace(/\n+$/, "")}\n${fence}`;
}

/** @param {OperationSpec} op @param {Json} document @returns {string[]} */
function parameterSection(op, document) {
  if (op.parameters.length === 0) return ["None."];
  return op.parameters.flatMap((p) => [
    `- \`${p.name}\` (${p.in}${p.required ? ", required" : ""}; ${typeText(document, p.schema)}; style \`${p.style}\`${p.explode ? ", exploded" : ""})${p.description ? `: ${oneLine(p.description)}` : ""}${"example" in p ? ` Example: \`${JSON.stringify(p.example)}\`.` : ""}`,
    ...schemaLines(document, p.schema, { indent: "  " }),
  ]);
}

/** @param {OperationSpec} op @param {Json} document @returns {string[]} */
function requestSection(op, document) {
  if (op.requestBodies.length === 0) return ["No request body."];
  return op.requestBodies.flatMap((media) => [
    `Body \`${media.mediaType}\`${op.requestBodyRequired ? " (required)" : ""}: ${typeText(document, media.schema)}`,
    "",
    ...schemaLines(document, media.schema),
    ...media.examples
      .slice(0, 1)
      .flatMap((example) => [
        "",
        `Example \`${example.name}\`:`,
        "",
        fenced("json", JSON.stringify(example.value, null, 2)),
      ]),
    "",
  ]);
}

/** @param {OperationSpec} op @param {Json} document @returns {string[]} */
function responseSection(op, document, heading = "###") {
  return op.responses.flatMap((response) => [
    `${heading} ${response.status}`,
    "",
    oneLine(response.description) || "(no description)",
    "",
    ...response.headers.map(
      (header) =>
        `- header \`${header.name}\`${header.required ? " (always sent)" : ""}: ${typeText(document, header.schema)}`,
    ),
    ...(response.headers.length ? [""] : []),
    ...(response.content.length === 0 ? ["No body."] : []),
    ...response.content.flatMap((media) => [
      `Body \`${media.mediaType}\`: ${typeText(document, media.schema)}`,
      "",
      ...schemaLines(document, media.schema),
      "",
    ]),
  ]);
}

/** @param {import("@merchant-payments/spec/model").SecuritySchemeSpec} scheme @param {Json} document */
function schemeLine(scheme, document) {
  const where =
    scheme.type === "apiKey"
      ? `an API key in the ${scheme.in} \`${scheme.name}\``
      : scheme.type === "http" && scheme.scheme === "basic"
        ? "HTTP Basic credentials in `Authorization`"
        : "a token in `Authorization: Bearer …`";
  const description = oneLine(document.components?.securitySchemes?.[scheme.key]?.description);
  return `\`${scheme.key}\` (${scheme.type}${scheme.scheme ? ` ${scheme.scheme}` : ""}): ${where}${description ? `. ${description}` : ""}`;
}

/**
 * The security and limits that apply to `op`: its credentials, retries and side effect, rate limit, error statuses,
 * and the OWASP answers that name it.
 * @param {OperationSpec} op @param {Json} document @param {readonly { paths: readonly string[], quote: string, reason: string, rules: readonly string[] }[]} answers
 */
function securitySection(op, document, answers) {
  const lines =
    op.security.length === 0
      ? ["- Credentials: none (`security: []`)."]
      : op.security.map(
          (alternative, i) =>
            `- Credentials${op.security.length > 1 ? ` (alternative ${i + 1})` : ""}: ${alternative.map((scheme) => schemeLine(scheme, document)).join("; and ")}`,
        );
  lines.push(
    `- Safe to retry: ${op.safeToRetry === true ? "yes (`x-safe-to-retry: true`): the client retries it" : "no: the client never retries it"}.`,
    `- Side effect: \`${sideEffectOf(op)}\`.`,
  );
  const tooMany = op.responses.find((r) => r.status === "429");
  if (tooMany) lines.push(`- Rate limit: \`429\`: ${oneLine(tooMany.description)}`);
  const errors = op.responses.filter((r) => !/^2/.test(r.status)).map((r) => `\`${r.status}\``);
  if (errors.length) lines.push(`- Error statuses declared: ${errors.join(", ")}.`);
  for (const answer of answers.filter((a) => a.paths.some((path) => path.startsWith(op.pointer))))
    lines.push(
      `- Left open by the interface document (${answer.rules.map((r) => `\`${r}\``).join(", ")}): "${oneLine(answer.quote)}" ${oneLine(answer.reason)}`,
    );
  return lines;
}

/**
 * The Markdown page of one operation.
 * @param {OperationSpec} op @param {Json} document @param {readonly any[]} [answers] the OWASP answers, if any
 * @param {{ level?: number, root?: string }} [where] its title's heading level (1) and the site's root relative to
 *   the page (`../`): llms-full.txt holds the pages one level down, at the root
 * @returns {string}
 */
function operationMarkdown(op, document, answers = [], { level = 1, root = "../" } = {}) {
  const [h1, h2, h3] = [0, 1, 2].map((n) => "#".repeat(level + n));
  const samples = op.codeSamples.flatMap((sample) => [
    `${h3} ${sample.label}`,
    "",
    fenced(sample.lang === "TypeScript" ? "ts" : sample.lang === "curl" ? "sh" : "", sample.source),
    "",
  ]);
  return [
    `${h1} ${op.summary || op.operationId}`,
    "",
    `\`${op.method} ${op.path}\` (operationId \`${op.operationId}\`${op.tags.length ? `, tag ${op.tags.map((t) => `\`${t}\``).join(", ")}` : ""})`,
    "",
    op.description.trim() || "(no description)",
    "",
    `${h2} Parameters`,
    "",
    ...parameterSection(op, document),
    "",
    `${h2} Request`,
    "",
    ...requestSection(op, document),
    `${h2} Answers`,
    "",
    ...responseSection(op, document, h3),
    `${h2} Security and limits`,
    "",
    ...securitySection(op, document, answers),
    "",
    `${h2} Samples`,
    "",
    ...samples,
    `Reference: [the site](${root}index.html), [all operations](${root}llms.txt), [the OpenAPI document](${root}openapi.json).`,
    "",
  ].join("\n");
}

/**
 * `llms.txt`: title, summary, a link per operation (by tag), then the other files.
 * @param {Json} document @param {readonly OperationSpec[]} ops @param {string} title
 */
function llmsTxt(document, ops, title) {
  const tags = [...new Set(ops.map((op) => op.tags[0] ?? "Operations"))];
  return [
    `# ${title}`,
    "",
    `> ${firstSentence(document.info.summary ?? document.info.description ?? title)} OpenAPI ${document.openapi}, version ${document.info.version}: ${ops.length} operations, each with a Markdown page below.`,
    "",
    "Each operation's page gives its parameters, request and answer shapes, statuses, the TypeScript (the `@merchant-payments/client` package) and curl samples the site shows, and the security and limits that apply.",
    "",
    ...tags.flatMap((tag) => [
      `## ${tag}`,
      "",
      ...ops
        .filter((op) => (op.tags[0] ?? "Operations") === tag)
        .map(
          (op) =>
            `- [${op.summary || op.operationId}](${operationPage(op)}): \`${op.method} ${op.path}\`${op.description ? `. ${firstSentence(op.description)}` : ""}`,
        ),
      "",
    ]),
    "## Reference",
    "",
    "- [llms-full.txt](llms-full.txt): the guide and every operation's page in one file",
    "- [OpenAPI document (JSON)](openapi.json): the bundled description every page is generated from",
    "- [HTML reference](index.html): the site, with a Try-it console per operation",
    "",
  ].join("\n");
}

/**
 * Writes llms.txt, llms-full.txt and `operations/<operationId>.md` for every operation of `document` into `dir`.
 * @param {string} dir the built site
 * @param {{ document: Json, title: string, guide?: string, answers?: readonly any[] }} inputs `guide`: the site's
 *   description (defaults to the document's)
 */
export function writeAgentDocs(dir, { document, title, guide, answers = [] }) {
  const ops = operations(document);
  rmSync(join(dir, OPERATIONS_DIR), { recursive: true, force: true });
  mkdirSync(join(dir, OPERATIONS_DIR), { recursive: true });
  for (const op of ops)
    writeFileSync(join(dir, operationPage(op)), operationMarkdown(op, document, answers));
  writeFileSync(join(dir, "llms.txt"), llmsTxt(document, ops, title));
  const full = [
    `# ${title}`,
    "",
    String(guide ?? document.info.description ?? "").trim(),
    "",
    // Each operation's page, its headings one level down, its links relative to the site's root.
    ...ops.map((op) => operationMarkdown(op, document, answers, { level: 2, root: "" })),
  ].join("\n");
  writeFileSync(join(dir, "llms-full.txt"), full);
}
