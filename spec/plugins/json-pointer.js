// JSON Pointers (RFC 6901) for the lint plugin, which runs inside Redocly and cannot import the spec model's build.

/** True for a JSON Pointer naming something inside a document: `/a/b` (not the whole document, `""`). */
export function isInnerPointer(value) {
  return typeof value === "string" && /^(\/([^~/]|~[01])*)+$/.test(value);
}

/** The unescaped segments of a JSON Pointer: `/a~1b/c` gives `["a/b", "c"]`. */
export function pointerSegments(pointer) {
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
