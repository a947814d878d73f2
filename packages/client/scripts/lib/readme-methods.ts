// The README's list of methods, generated: one heading and one sample call per operation of the spec (its summary,
// method and path, and its parameters' and body's examples as the argument), written between two markers of a
// README by `generate.ts --readme <file>`, so that a new operation is listed by the build with no hand edit.
import { argumentRequired, exampleArgs } from "./client-codegen.js";
import type { OperationFacts } from "./operation-facts.js";

/** The line before the generated list. */
export const METHODS_BEGIN =
  "<!-- methods:begin (written by scripts/generate.ts --readme from the spec: do not edit by hand) -->";
/** The line after it. */
export const METHODS_END = "<!-- methods:end -->";

/** The formatter's line width (biome.json). */
const LINE_WIDTH = 100;

/**
 * A value as a TypeScript literal, as the formatter (biome) writes it: an object over several lines, keys that are
 * identifiers unquoted, an array of scalars on one line when it fits (`lead` characters already stand before it, one
 * after), else one item per line, a string member too long for its line on the next, a trailing comma after the last
 * item of a multi-line object or array.
 * @param [indent] the indentation of the line the value starts on
 */
function literal(value: unknown, indent: string = "", lead: number = indent.length): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every((item) => item === null || typeof item !== "object")) {
      const flat = `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
      if (lead + flat.length + 1 <= LINE_WIDTH) return flat;
    }
    const items = value.map((item) => `${inner}${literal(item, inner)},`);
    return `[\n${items.join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  const members = entries.map(([key, item]) => {
    const head = `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: `;
    // A string too long for the line goes on the next one, indented once more.
    if (typeof item === "string" && head.length + JSON.stringify(item).length + 1 > LINE_WIDTH)
      return `${head.trimEnd()}\n${inner}  ${JSON.stringify(item)},`;
    return `${head}${literal(item, inner, head.length)},`;
  });
  return `{\n${members.join("\n")}\n${indent}}`;
}

/**
 * The list: per operation, in spec order, a `####` heading (the method's name), its summary with its HTTP method and
 * path, and a sample call with the operation's examples.
 */
export function methodsSection(factsList: readonly OperationFacts[]): string {
  return factsList
    .map((facts) => {
      const args = exampleArgs(facts);
      const head = `await client.${facts.operationId}(`;
      const call =
        args === undefined && argumentRequired(facts)
          ? // No example to show, yet an argument is required: a value of its type, said to be one.
            `// The spec gives no example of the argument: build one of its type.\nconst argument = {} as Parameters<typeof client.${facts.operationId}>[0];\n${head}argument);`
          : `${head}${args === undefined ? "" : literal(args, "", head.length + 1)});`;
      const summary = facts.summary ? `${facts.summary.replace(/\.$/, "")}: ` : "";
      return `#### \`${facts.operationId}\`\n\n${summary}\`${facts.method} ${facts.path}\`.\n\n\`\`\`ts\n${call}\n\`\`\``;
    })
    .join("\n\n");
}

/**
 * `readme` with the text between its markers replaced by `section`; throws when the markers are missing.
 * @param section
 */
export function withMethodsSection(readme: string, section: string) {
  const begin = readme.indexOf(METHODS_BEGIN);
  const end = readme.indexOf(METHODS_END);
  if (begin < 0 || end < begin)
    throw new Error(`the README has no "${METHODS_BEGIN}" … "${METHODS_END}" section`);
  return `${readme.slice(0, begin + METHODS_BEGIN.length)}\n\n${section}\n\n${readme.slice(end)}`;
}
