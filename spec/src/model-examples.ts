// The spec model's examples written back into a copy of the document, for tools that read a document's own examples
// only: Prism (the mock serves an answer's example) and Redoc (the docs show a body's example). A JSON body without
// an example of its own gets the model's (its schema's `examples`, or one composed from its properties': examples.ts),
// so that every package shows the same value.

import { type MediaSpec, operations } from "./model.js";
import { valueAt } from "./pointer-segments.js";
import { isObject, type Json } from "./refs.js";
import { isJsonMedia } from "./wire/media.js";

/**
 * A copy of `document` in which each JSON request body and answer holding no `example`/`examples` of its own gets
 * the spec model's examples as named `examples`; other media (XML, text) are left as written, as a value read from a
 * schema is no document of theirs. `document` is not changed.
 */
export function withModelExamples(document: Json): Json {
  const copy = structuredClone(document);
  for (const op of operations(document)) {
    const bodies: MediaSpec[] = [
      ...op.requestBodies,
      ...op.responses.flatMap((response) => response.content),
    ];
    for (const media of bodies) {
      const own = media.examples.some((e) => e.source === "examples" || e.source === "example");
      if (own || media.examples.length === 0 || !isJsonMedia(media.mediaType)) continue;
      const holder = valueAt(copy, media.schemaPointer.replace(/\/schema$/, ""));
      if (!isObject(holder) || "examples" in holder || "example" in holder) continue;
      holder.examples = Object.fromEntries(media.examples.map((e) => [e.name, { value: e.value }]));
    }
  }
  return copy;
}
