// Resolving local $refs of a bundled OpenAPI document, and facts read from its schemas.

/** Helpers bound to one spec document. */
export function schemaTools(spec) {
  /** Resolves a local $ref ("#/components/...") against the spec. */
  function deref(node) {
    let n = node;
    for (let guard = 0; n && typeof n.$ref === "string"; guard++) {
      if (guard > 50) throw new Error(`$ref loop at ${node.$ref}`);
      if (!n.$ref.startsWith("#/")) throw new Error(`Only local $refs are supported: ${n.$ref}`);
      n = n.$ref
        .slice(2)
        .split("/")
        .reduce((o, k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
      if (n === undefined) throw new Error(`Unresolved $ref ${node.$ref}`);
    }
    return n;
  }
  const refName = (node) => (node?.$ref ? node.$ref.split("/").pop() : undefined);

  /** Property paths (through nested objects) of the `format: date` strings of a request schema. */
  function dateFieldPaths(schemaIn, prefix = [], depth = 0) {
    const schema = deref(schemaIn);
    if (depth > 10) return [];
    const out = [];
    for (const [k, sub] of Object.entries(schema.properties ?? {})) {
      const p = deref(sub);
      if (p.type === "string" && p.format === "date") out.push([...prefix, k]);
      else if (p.properties) out.push(...dateFieldPaths(p, [...prefix, k], depth + 1));
    }
    return out;
  }

  return { deref, refName, dateFieldPaths };
}
