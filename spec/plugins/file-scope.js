// Preprocessors `merchant-payments/own-files-only` and `merchant-payments/foreign-files-only`: the lint's two passes
// over one spec that holds operations of another API (a path item file marked `x-foreign-source: <source>`, as
// `scripts/lib/graft-document.mjs` writes them; see spec/fixtures/real/README.md). The first keeps only the spec's own
// path items and webhooks, so that the house rules (lint/own-files.yaml: camelCase operationIds, every property
// described, x-safe-to-retry, problem details…) judge only what was written here; the second keeps only the marked
// ones, which lint/foreign-files.yaml checks for validity (structure, references, examples against their schemas)
// without the house rules, so that a document of another API keeps its names and wording. Only `pnpm lint` uses
// them: `redocly.yaml` (the bundle's and editors' config) has none.

/** The marker a path item file of another API carries. */
export const FOREIGN_MARKER = "x-foreign-source";

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether the path item or security scheme `item` (maybe a `$ref`) comes from another API's document. */
function isForeign(ctx, item) {
  if (!isObject(item)) return false;
  if (typeof item.$ref === "string") {
    const resolved = ctx.resolve(item);
    return isObject(resolved.node) && FOREIGN_MARKER in resolved.node;
  }
  return FOREIGN_MARKER in item;
}

/** A visitor removing from a map the entries (path items, webhooks, security schemes) for which `drop(foreign)` holds. */
function pruner(drop) {
  return {
    enter(node, ctx) {
      for (const key of Object.keys(node)) if (drop(isForeign(ctx, node[key]))) delete node[key];
    },
  };
}

/** Keeps the spec's own path items, webhooks and security schemes (those without the marker). */
export const OwnFilesOnly = () => {
  const prune = pruner((foreign) => foreign);
  return { Paths: prune, WebhooksMap: prune, NamedSecuritySchemes: prune };
};

/**
 * Keeps the path items and webhooks of other APIs' documents (those with the marker); every security scheme stays,
 * as the spec's top-level `security` names its own.
 */
export const ForeignFilesOnly = () => {
  const prune = pruner((foreign) => !foreign);
  return { Paths: prune, WebhooksMap: prune };
};
