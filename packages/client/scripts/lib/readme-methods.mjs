// @ts-check
// The README's list of methods, generated: one heading and one sample call per operation of the spec (its summary,
// method and path, and its parameters' and body's examples as the argument), written between two markers of a
// README by `generate.mjs --readme <file>`, so that a new operation is listed by the build with no hand edit.
import { readFileSync, writeFileSync } from "node:fs";
import { exampleArgs } from "./client-codegen.mjs";

/** @typedef {import("./operation-facts.mjs").OperationFacts} OperationFacts */

/** The line before the generated list. */
export const METHODS_BEGIN =
  "<!-- methods:begin (written by scripts/generate.mjs --readme from the spec: do not edit by hand) -->";
/** The line after it. */
export const METHODS_END = "<!-- methods:end -->";

/**
 * A value as a TypeScript literal over several lines, as the formatter (biome) writes it: JSON, keys that are
 * identifiers unquoted, a trailing comma after the last item of a multi-line object or array.
 * @param {unknown} value
 */
function literal(value) {
  return JSON.stringify(value, null, 2)
    .replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, "$1$2:")
    .replace(/([^[{,])(?=\n\s*[\]}])/g, "$1,");
}

/**
 * The list: per operation, in spec order, a `####` heading (the method's name), its summary with its HTTP method and
 * path, and a sample call with the operation's examples.
 * @param {readonly OperationFacts[]} factsList
 * @returns {string}
 */
export function methodsSection(factsList) {
  return factsList
    .map((facts) => {
      const args = exampleArgs(facts);
      const call = `await client.${facts.operationId}(${args === undefined ? "" : literal(args)});`;
      const summary = facts.summary ? `${facts.summary.replace(/\.$/, "")}: ` : "";
      return `#### \`${facts.operationId}\`\n\n${summary}\`${facts.method} ${facts.path}\`.\n\n\`\`\`ts\n${call}\n\`\`\``;
    })
    .join("\n\n");
}

/**
 * `readme` with the text between its markers replaced by `section`; throws when the markers are missing.
 * @param {string} readme
 * @param {string} section
 */
export function withMethodsSection(readme, section) {
  const begin = readme.indexOf(METHODS_BEGIN);
  const end = readme.indexOf(METHODS_END);
  if (begin < 0 || end < begin)
    throw new Error(`the README has no "${METHODS_BEGIN}" … "${METHODS_END}" section`);
  return `${readme.slice(0, begin + METHODS_BEGIN.length)}\n\n${section}\n\n${readme.slice(end)}`;
}

/**
 * Rewrites the list in the README at `path` (only when it changed).
 * @param {string} path
 * @param {readonly OperationFacts[]} factsList
 */
export function writeMethodsSection(path, factsList) {
  const readme = readFileSync(path, "utf8");
  const next = withMethodsSection(readme, methodsSection(factsList));
  if (next !== readme) writeFileSync(path, next);
}
