// The names of the components the bundle's rewrites add under `components.schemas` (dynamic-refs.ts's specialized
// copies, read-write-views.ts's views), and references to them.
import { escapePointer } from "./json-pointer.js";
import { parsePointer } from "./pointer-segments.js";
import type { JsonObject } from "./refs.js";

/** The component's name when `ref` is `#/components/schemas/<name>`, else undefined. */
export function schemaComponentName(ref: string): string | undefined {
  const segments = parsePointer(ref.slice(1));
  const isComponent =
    segments.length === 3 && segments[0] === "components" && segments[1] === "schemas";
  return isComponent ? String(segments[2]) : undefined;
}

/** The `$ref` of the component `name` of `components.schemas`. */
export function schemaComponentRef(name: string): string {
  return `#/components/schemas/${escapePointer(name)}`;
}

/** `name`, or `name2`, `name3`… when a component has it. */
export function uniqueName(name: string, taken: JsonObject): string {
  if (!Object.hasOwn(taken, name)) return name;
  let n = 2;
  while (Object.hasOwn(taken, `${name}${n}`)) n++;
  return `${name}${n}`;
}
