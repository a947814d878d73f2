// Writing JSON Pointers (RFC 6901): escaping a segment and joining segments. Dependency-free and runtime-neutral: the
// model entry exports it, and so does its own (`@merchant-payments/spec/json-pointer`), which the client bundles.
// Reading pointers (`parsePointer`, `valueAt`) is pointer-segments.ts, exported by the model entry and the wire
// module: a bundle that writes pointers at start and reads them only in a lazy chunk (the client) shares no code.

/** Escapes one JSON Pointer segment (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Joins segments into a JSON Pointer, escaping each: `pointer("paths", "/a/b")` is `/paths/~1a~1b`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${escapePointer(String(s))}`).join("");
}
