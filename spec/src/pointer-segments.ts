// Reading JSON Pointers (RFC 6901): a pointer's unescaped segments and the value it names. Exported by the wire
// module and the model; apart from json-pointer.ts (writing them) so that the client's entry, which only writes them,
// and its lazy chunk, which reads them, share no code.

/** The unescaped segments of a JSON Pointer: `/a~1b/c` gives `["a/b", "c"]`; `""` gives `[]`. */
export function parsePointer(jsonPointer: string): string[] {
  if (jsonPointer === "") return [];
  return jsonPointer
    .slice(1)
    .split("/")
    .map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value `jsonPointer` names inside `value` (array items by index), or undefined when a segment is missing. */
export function valueAt(value: unknown, jsonPointer: string): unknown {
  let node = value;
  for (const key of parsePointer(jsonPointer)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
