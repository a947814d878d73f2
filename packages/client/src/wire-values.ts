// Values the spec lets a caller or the service give in another form, brought to the one the other side expects:
// request fields at data paths (`format: date` fields by dates.ts; `x-accepts-integer` fields, a number sent as a
// string, by integer-strings.ts, loaded lazily) and `x-normalize-to-object` answers (a bare value is handed over in
// the object form). Which fields and answers comes from the generated table.

/**
 * `body` with the value at each of `paths` (property names) replaced by `change(value, path)`, copying only the objects
 * on the way to a value that changes; `body` itself when nothing changes (a path that does not exist changes nothing).
 */
export function replaceAtPaths<T>(
  body: T,
  paths: readonly (readonly string[])[],
  change: (value: unknown, path: readonly string[]) => unknown,
): T {
  const replace = (node: unknown, path: readonly string[], i: number): unknown => {
    if (node === null || typeof node !== "object") return node;
    const key = path[i] as string;
    const value = (node as Record<string, unknown>)[key];
    const next = i < path.length - 1 ? replace(value, path, i + 1) : change(value, path);
    return next === value ? node : { ...node, [key]: next };
  };
  return paths.reduce((out, path) => replace(out, path, 0) as T, body);
}

/**
 * An answer in its object form: `{ [property]: "…" }` as sent; a bare JSON string, or any other JSON value, as
 * `{ [property]: text }`. `data` is the parsed text (the client refuses a text that is not JSON before this, as it does for every JSON answer).
 */
export function toObjectForm(data: unknown, text: string, property: string): unknown {
  if (typeof data === "string") return { [property]: data };
  if (
    data !== null &&
    typeof data === "object" &&
    typeof (data as Record<string, unknown>)[property] === "string"
  ) {
    return data;
  }
  return { [property]: text };
}
