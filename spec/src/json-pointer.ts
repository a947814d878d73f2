// JSON Pointers (RFC 6901): escaping a segment, joining segments, splitting a pointer and the value it names.
// Dependency-free and runtime-neutral (`@merchant-payments/spec/json-pointer`): the client bundles it; the spec model
// re-exports it.

/** Escapes one JSON Pointer segment (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Joins segments into a JSON Pointer, escaping each: `pointer("paths", "/a/b")` is `/paths/~1a~1b`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${escapePointer(String(s))}`).join("");
}

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
