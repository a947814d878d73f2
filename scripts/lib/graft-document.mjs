// @ts-check
// Grafts a real, single-file OpenAPI 3.1 document that nobody here wrote (`spec/fixtures/real/<source>/openapi.yaml`)
// into a repository's product spec, as the root README's "Growing the spec" step 1 says: each path item becomes a
// path file under `spec/openapi/paths/<source>/`, each component a file under `spec/openapi/components/<kind>/<source>/`,
// its security schemes, tags, paths and webhooks lines of `spec/openapi/openapi.yaml`, the fixture's own code samples
// files under `spec/openapi/code_samples/`, and its answers to the OWASP findings a file of `spec/spectral/answers/`.
// The document keeps its own names. The rules the graft follows (spec/fixtures/real/README.md says why):
// - a component, security scheme or path the spec already has is renamed `<Source><Name>` (the component) or mounted
//   under `/<source>` (the path), and every reference to it follows; nothing else is renamed;
// - an operation that relies on the document's top-level `security` gets it written out (the product's own
//   top-level `security` would otherwise apply to it); one where the document has none gets `security: []`;
// - every written file carries `x-foreign-source: <source>`, the marker by which the lint's house rules
//   (spec/plugins/house-rules.js) leave the document's own names and wording alone;
// - an operation whose sample files the fixture has (`code_samples/TypeScript/<operationId>.ts`, `curl/….sh`)
//   gets `x-codeSamples` pointing to them.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, sep } from "node:path";

/** The `yaml` library (a dependency of the spec package). */
const YAML = createRequire(new URL("../../spec/package.json", import.meta.url))("yaml");

/** Where the real documents live, one folder per source (relative to the repository). */
export const REAL_DIR = "spec/fixtures/real";

/** The marker every grafted file carries: the source's folder name. */
export const FOREIGN_MARKER = "x-foreign-source";

/** The HTTP methods of a path item. */
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The source's prefix for a renamed component: its folder name in PascalCase (`museum` → `Museum`). */
export function sourcePrefix(source) {
  return source
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("");
}

/** Every real document's folder name below `root`'s `spec/fixtures/real/`, sorted. */
export function realSources(root) {
  const dir = join(root, REAL_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, "openapi.yaml")))
    .sort();
}

/** Every component name of `kind` the spec at `specDir` already has (file names below its folder, any depth). */
function takenNames(specDir, kind, product) {
  const names = new Set(Object.keys(product.components?.[kind] ?? {}));
  const walk = (/** @type {string} */ dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".yaml")) names.add(name.slice(0, -".yaml".length));
    }
  };
  walk(join(specDir, "components", kind));
  return names;
}

/** A path's file name: its segments joined by `_`, braces kept (`/special-events/{eventId}` → `special-events_{eventId}`). */
function pathFileName(path) {
  return `${path.replace(/^\//, "").replaceAll("/", "_") || "root"}.yaml`;
}

/** One `#/components/<kind>/<name>…` reference, placed by `target`. */
function rewriteRef(value, target) {
  const match = value.match(/^#\/components\/([^/]+)\/([^/]+)(\/.*)?$/);
  if (!match)
    throw new Error(`a reference the graft cannot place: ${value} (only #/components/… is)`);
  return target(match[1] ?? "", decodeURIComponent(match[2] ?? ""), match[3] ?? "");
}

/** `node` with every `#/components/<kind>/<name>…` reference rewritten by `target` (kind, name, rest) → `$ref`. */
function rewriteRefs(node, target) {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, target));
  if (node === null || typeof node !== "object") return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#"))
      out[key] = rewriteRef(value, target);
    else if (key === "discriminator" && value?.mapping)
      // A discriminator's mapping values are references too (a schema name or a `$ref` string).
      out[key] = {
        ...value,
        mapping: Object.fromEntries(
          Object.entries(value.mapping).map(([name, ref]) => [
            name,
            String(ref).startsWith("#") ? rewriteRef(String(ref), target) : ref,
          ]),
        ),
      };
    else out[key] = rewriteRefs(value, target);
  }
  return out;
}

/** The security requirements `requirements` with each scheme renamed by `schemes`. */
function renameSchemes(requirements, schemes) {
  return requirements.map((/** @type {Record<string, string[]>} */ requirement) =>
    Object.fromEntries(
      Object.entries(requirement).map(([name, scopes]) => [schemes.get(name) ?? name, scopes]),
    ),
  );
}

/** Writes `value` as YAML at `file` (refusing to overwrite a file of the spec). */
function writeYaml(root, file, value) {
  if (existsSync(file))
    throw new Error(`${relative(root, file)} exists in the product spec: cannot graft over it`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, YAML.stringify(value, { lineWidth: 0 }));
}

/** A path item with the document's top-level security written out, schemes renamed and the samples referenced. */
function graftedPathItem(item, context, webhook) {
  const out = { [FOREIGN_MARKER]: context.source, ...item };
  for (const method of METHODS) {
    const operation = out[method];
    if (!operation || typeof operation !== "object") continue;
    const copy = { ...operation };
    // A webhook's security is the receiver's business: only the operations of `paths` inherit the top level's.
    if (!webhook || operation.security)
      copy.security = renameSchemes(operation.security ?? context.security, context.schemes);
    const samples = context.samples(copy.operationId);
    if (samples.length > 0) copy["x-codeSamples"] = samples;
    out[method] = copy;
  }
  return out;
}

/**
 * Grafts the real document of `source` (a folder of `spec/fixtures/real/`) into the repository at `root`, in place.
 * @param {string} root a repository folder (a copy: its `spec/openapi/` is changed).
 * @param {string} source the document's folder name.
 * @returns {{ files: number, paths: string[], renamed: string[] }} files written, paths added, names changed.
 */
export function graftDocument(root, source) {
  const specDir = join(root, "spec", "openapi");
  const fixtureDir = join(root, REAL_DIR, source);
  const document = YAML.parse(readFileSync(join(fixtureDir, "openapi.yaml"), "utf8"));
  const entry = join(specDir, "openapi.yaml");
  const productDocument = YAML.parseDocument(readFileSync(entry, "utf8"));
  const product = productDocument.toJS();
  const prefix = sourcePrefix(source);
  /** @type {string[]} */
  const renamed = [];

  // Where each component goes: its own name unless the spec has it, then `<Prefix><Name>`.
  /** @type {Map<string, string>} */
  const placed = new Map();
  for (const [kind, members] of Object.entries(document.components ?? {})) {
    if (kind === "securitySchemes") continue;
    const taken = takenNames(specDir, kind, product);
    for (const name of Object.keys(members ?? {})) {
      let chosen = name;
      if (taken.has(name)) {
        chosen = `${prefix}${name}`;
        if (taken.has(chosen))
          throw new Error(`${source}: components/${kind}/${name} and ${chosen} are both taken`);
        renamed.push(`components/${kind}/${name} → ${chosen}`);
      }
      taken.add(chosen);
      placed.set(`${kind}/${name}`, join(specDir, "components", kind, source, `${chosen}.yaml`));
    }
  }
  const refFrom = (/** @type {string} */ file) => (kind, name, rest) => {
    const to = placed.get(`${kind}/${name}`);
    if (!to) throw new Error(`${source}: #/components/${kind}/${name} is not in the document`);
    const path = relative(dirname(file), to).split(sep).join("/");
    return rest ? `${path}#${rest}` : path.startsWith(".") ? path : `./${path}`;
  };

  // Security schemes: kept in the entry file; one the spec has is renamed.
  const productSchemes = new Set(Object.keys(product.components?.securitySchemes ?? {}));
  /** @type {Map<string, string>} */
  const schemes = new Map();
  for (const [name, scheme] of Object.entries(document.components?.securitySchemes ?? {})) {
    const chosen = productSchemes.has(name) ? `${prefix}${name}` : name;
    if (chosen !== name) renamed.push(`components/securitySchemes/${name} → ${chosen}`);
    if (productSchemes.has(chosen))
      throw new Error(`${source}: securitySchemes ${name} and ${chosen} are both taken`);
    schemes.set(name, chosen);
    productDocument.setIn(["components", "securitySchemes", chosen], scheme);
  }

  let files = 0;
  for (const [key, file] of placed) {
    const [kind, name] = key.split("/");
    const value = document.components[kind ?? ""][name ?? ""];
    const body = rewriteRefs(value, refFrom(file));
    writeYaml(root, file, { [FOREIGN_MARKER]: source, ...body });
    files += 1;
  }

  const sampleDir = join(fixtureDir, "code_samples");
  /** @type {{ from: string, to: string }[]} */
  const sampleFiles = [];
  const context = {
    source,
    schemes,
    security: document.security ?? [],
    /** @param {string} [operationId] */
    samples: (operationId) => {
      if (!operationId) return [];
      const found = [];
      for (const [lang, label, folder, ext] of [
        ["TypeScript", "TypeScript", "TypeScript", "ts"],
        ["Shell", "curl", "curl", "sh"],
      ]) {
        const from = join(sampleDir, folder, `${operationId}.${ext}`);
        if (!existsSync(from)) continue;
        const to = join(specDir, "code_samples", folder, `${operationId}.${ext}`);
        sampleFiles.push({ from, to });
        found.push({ lang, label, source: { $ref: to } });
      }
      return found;
    },
  };

  /** @type {string[]} */
  const paths = [];
  const graftItems = (/** @type {string} */ section, items, mount) => {
    for (const [key, item] of Object.entries(items ?? {})) {
      const taken = productDocument.hasIn([section, key]);
      const placedKey = taken && mount ? `/${source}${key}` : key;
      if (productDocument.hasIn([section, placedKey]))
        throw new Error(`${source}: ${section} ${key} is taken in the product spec`);
      if (placedKey !== key) renamed.push(`${section} ${key} → ${placedKey}`);
      const name = section === "paths" ? pathFileName(key) : `webhook-${key}.yaml`;
      const file = join(specDir, "paths", source, name);
      const grafted = graftedPathItem(item, context, section === "webhooks");
      const body = rewriteRefs(grafted, refFrom(file));
      // The samples' references, absolute while built, become relative to the path file.
      for (const method of METHODS)
        for (const sample of body[method]?.["x-codeSamples"] ?? [])
          sample.source.$ref = relative(dirname(file), sample.source.$ref).split(sep).join("/");
      writeYaml(root, file, body);
      files += 1;
      productDocument.setIn([section, placedKey], {
        $ref: relative(specDir, file).split(sep).join("/"),
      });
      if (section === "paths") paths.push(placedKey);
    }
  };
  graftItems("paths", document.paths, true);
  graftItems("webhooks", document.webhooks, false);

  for (const { from, to } of sampleFiles) {
    if (existsSync(to))
      throw new Error(`${relative(root, to)} exists in the product spec: cannot graft over it`);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, readFileSync(from, "utf8"));
    files += 1;
  }

  const knownTags = new Set((product.tags ?? []).map((/** @type {any} */ tag) => tag.name));
  for (const tag of document.tags ?? []) {
    if (!knownTags.has(tag.name)) productDocument.get("tags").add(productDocument.createNode(tag));
  }
  writeFileSync(entry, productDocument.toString({ lineWidth: 0 }));
  return { files, paths, renamed };
}

/** The name of a source's answers file in `spec/spectral/answers/`. */
export function answersFileName(source) {
  return `real-${basename(source)}.yaml`;
}

/**
 * Grafts every real document of `root`'s `spec/fixtures/real/` into its product spec, with each one's answers to the
 * OWASP findings (`owasp-answers.yaml`, quoting that document) copied to `spec/spectral/answers/real-<source>.yaml`.
 * @param {string} root a repository folder (a copy: its `spec/openapi/` is changed).
 * @param {string} answersDir where a user answers the OWASP findings (relative to the repository).
 * @returns {{ source: string, files: number, paths: string[], renamed: string[] }[]}
 */
export function graftRealDocuments(root, answersDir) {
  return realSources(root).map((source) => {
    const result = graftDocument(root, source);
    const answers = join(root, answersDir, answersFileName(source));
    if (existsSync(answers))
      throw new Error(`${relative(root, answers)} exists: cannot add the ${source} answers`);
    mkdirSync(dirname(answers), { recursive: true });
    writeFileSync(
      answers,
      readFileSync(join(root, REAL_DIR, source, "owasp-answers.yaml"), "utf8"),
    );
    return { source, ...result, files: result.files + 1 };
  });
}
