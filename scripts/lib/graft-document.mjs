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

/** @typedef {(kind: string, name: string, rest: string) => string} RefTarget where a component reference goes. */

/** The HTTP methods of a path item. */
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The source's prefix for a renamed component: its folder name in PascalCase (`museum` → `Museum`). */
export function sourcePrefix(/** @type {string} */ source) {
  return source
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((/** @type {string} */ word) => (word[0] ?? "").toUpperCase() + word.slice(1))
    .join("");
}

/** Every real document's folder name below `root`'s `spec/fixtures/real/`, sorted. */
export function realSources(/** @type {string} */ root) {
  const dir = join(root, REAL_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, "openapi.yaml")))
    .sort();
}

/** Every component name of `kind` the spec at `specDir` already has (file names below its folder, any depth). */
function takenNames(
  /** @type {string} */ specDir,
  /** @type {string} */ kind,
  /** @type {Record<string, any>} */ product,
) {
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
function pathFileName(/** @type {string} */ path) {
  return `${path.replace(/^\//, "").replaceAll("/", "_") || "root"}.yaml`;
}

/** One `#/components/<kind>/<name>…` reference, placed by `target`. */
/** @returns {string} */
function rewriteRef(/** @type {string} */ value, /** @type {RefTarget} */ target) {
  const match = value.match(/^#\/components\/([^/]+)\/([^/]+)(\/.*)?$/);
  if (!match)
    throw new Error(`a reference the graft cannot place: ${value} (only #/components/… is)`);
  return target(match[1] ?? "", decodeURIComponent(match[2] ?? ""), match[3] ?? "");
}

/** `node` with every `#/components/<kind>/<name>…` reference rewritten by `target` (kind, name, rest) → `$ref`. */
/** @returns {any} */
function rewriteRefs(/** @type {any} */ node, /** @type {RefTarget} */ target) {
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
function renameSchemes(
  /** @type {Record<string, string[]>[]} */ requirements,
  /** @type {Map<string, string>} */ schemes,
) {
  return requirements.map((/** @type {Record<string, string[]>} */ requirement) =>
    Object.fromEntries(
      Object.entries(requirement).map(([name, scopes]) => [schemes.get(name) ?? name, scopes]),
    ),
  );
}

/** Writes `value` as YAML at `file` (refusing to overwrite a file of the spec). */
function writeYaml(
  /** @type {string} */ root,
  /** @type {string} */ file,
  /** @type {unknown} */ value,
) {
  if (existsSync(file))
    throw new Error(`${relative(root, file)} exists in the product spec: cannot graft over it`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, YAML.stringify(value, { lineWidth: 0 }));
}

/**
 * @typedef {Record<string, any>} Node a node of an OpenAPI document (parsed YAML).
 * @typedef {object} Graft what one graft works on and has done so far.
 * @property {string} root the repository.
 * @property {string} specDir its `spec/openapi/`.
 * @property {string} source the document's folder name.
 * @property {string} prefix the source's prefix for a renamed name.
 * @property {Node} document the document.
 * @property {any} entry the product's entry file (a YAML document that keeps comments and layout).
 * @property {Node} product the entry file's value.
 * @property {Map<string, string>} placed where each component goes (`<kind>/<name>` → file).
 * @property {Map<string, string>} schemes each security scheme's name in the spec.
 * @property {{ from: string, to: string }[]} samples the sample files to copy.
 * @property {string[]} renamed the names changed, as printed.
 * @property {string[]} paths the paths added.
 * @property {number} files the files written.
 */

/** Places every component of the document (not written yet): its own name unless taken, then `<Prefix><Name>`. */
function placeComponents(/** @type {Graft} */ graft) {
  for (const [kind, members] of Object.entries(graft.document.components ?? {})) {
    if (kind === "securitySchemes") continue;
    const taken = takenNames(graft.specDir, kind, graft.product);
    for (const name of Object.keys(members ?? {})) {
      let chosen = name;
      if (taken.has(name)) {
        chosen = `${graft.prefix}${name}`;
        if (taken.has(chosen))
          throw new Error(
            `${graft.source}: components/${kind}/${name} and ${chosen} are both taken`,
          );
        graft.renamed.push(`components/${kind}/${name} → ${chosen}`);
      }
      taken.add(chosen);
      graft.placed.set(
        `${kind}/${name}`,
        join(graft.specDir, "components", kind, graft.source, `${chosen}.yaml`),
      );
    }
  }
}

/** The reference, from `file`, to a placed component (`rest`: a pointer inside it). */
function refFrom(/** @type {Graft} */ graft, /** @type {string} */ file) {
  return (/** @type {string} */ kind, /** @type {string} */ name, /** @type {string} */ rest) => {
    const to = graft.placed.get(`${kind}/${name}`);
    if (!to)
      throw new Error(`${graft.source}: #/components/${kind}/${name} is not in the document`);
    const path = relative(dirname(file), to).split(sep).join("/");
    return rest ? `${path}#${rest}` : path.startsWith(".") ? path : `./${path}`;
  };
}

/** Writes each security scheme to a marked file of its own, referenced from the entry file (renamed when taken). */
function graftSchemes(/** @type {Graft} */ graft) {
  const taken = new Set(Object.keys(graft.product.components?.securitySchemes ?? {}));
  for (const [name, scheme] of Object.entries(graft.document.components?.securitySchemes ?? {})) {
    const chosen = taken.has(name) ? `${graft.prefix}${name}` : name;
    if (taken.has(chosen))
      throw new Error(`${graft.source}: securitySchemes ${name} and ${chosen} are both taken`);
    if (chosen !== name) graft.renamed.push(`components/securitySchemes/${name} → ${chosen}`);
    graft.schemes.set(name, chosen);
    const file = join(
      graft.specDir,
      "components",
      "securitySchemes",
      graft.source,
      `${chosen}.yaml`,
    );
    writeYaml(graft.root, file, { [FOREIGN_MARKER]: graft.source, ...scheme });
    graft.files += 1;
    graft.entry.setIn(["components", "securitySchemes", chosen], {
      $ref: relative(graft.specDir, file).split(sep).join("/"),
    });
  }
}

/** Writes each placed component to its marked file, its references re-pointed. */
function writeComponents(/** @type {Graft} */ graft) {
  for (const [key, file] of graft.placed) {
    const [kind = "", name = ""] = key.split("/");
    const body = rewriteRefs(graft.document.components[kind][name], refFrom(graft, file));
    writeYaml(graft.root, file, { [FOREIGN_MARKER]: graft.source, ...body });
    graft.files += 1;
  }
}

/** The `x-codeSamples` of an operation whose samples the fixture has (each recorded for copying). */
function samplesOf(/** @type {Graft} */ graft, /** @type {string | undefined} */ operationId) {
  if (!operationId) return [];
  const found = [];
  for (const [lang, label, folder, ext] of /** @type {const} */ ([
    ["TypeScript", "TypeScript", "TypeScript", "ts"],
    ["Shell", "curl", "curl", "sh"],
  ])) {
    const from = join(
      graft.root,
      REAL_DIR,
      graft.source,
      "code_samples",
      folder,
      `${operationId}.${ext}`,
    );
    if (!existsSync(from)) continue;
    const to = join(graft.specDir, "code_samples", folder, `${operationId}.${ext}`);
    graft.samples.push({ from, to });
    found.push({ lang, label, source: { $ref: to } });
  }
  return found;
}

/**
 * A path item with the document's top-level security written out on its operations (a webhook's only when it has
 * its own: a webhook's security is the receiver's business), schemes renamed and the samples referenced.
 */
function graftedPathItem(
  /** @type {Graft} */ graft,
  /** @type {Node} */ item,
  /** @type {boolean} */ webhook,
) {
  /** @type {Node} */
  const out = { [FOREIGN_MARKER]: graft.source, ...item };
  for (const method of METHODS) {
    const operation = out[method];
    if (!operation || typeof operation !== "object") continue;
    const copy = { ...operation };
    if (!webhook || operation.security)
      copy.security = renameSchemes(
        operation.security ?? graft.document.security ?? [],
        graft.schemes,
      );
    const samples = samplesOf(graft, copy.operationId);
    if (samples.length > 0) copy["x-codeSamples"] = samples;
    out[method] = copy;
  }
  return out;
}

/** Writes the path items of `paths` or `webhooks` to marked path files and adds them to the entry file. */
function graftItems(/** @type {Graft} */ graft, /** @type {"paths" | "webhooks"} */ section) {
  for (const [key, item] of Object.entries(graft.document[section] ?? {})) {
    // A path the spec has is mounted under /<source>; a webhook's name cannot be (it is not a path).
    const mounted =
      graft.entry.hasIn([section, key]) && section === "paths" ? `/${graft.source}${key}` : key;
    if (graft.entry.hasIn([section, mounted]))
      throw new Error(`${graft.source}: ${section} ${key} is taken in the product spec`);
    if (mounted !== key) graft.renamed.push(`${section} ${key} → ${mounted}`);
    const name = section === "paths" ? pathFileName(key) : `webhook-${key}.yaml`;
    const file = join(graft.specDir, "paths", graft.source, name);
    const body = rewriteRefs(
      graftedPathItem(graft, item, section === "webhooks"),
      refFrom(graft, file),
    );
    // The samples' references, absolute while built, become relative to the path file.
    for (const method of METHODS)
      for (const sample of body[method]?.["x-codeSamples"] ?? [])
        sample.source.$ref = relative(dirname(file), sample.source.$ref).split(sep).join("/");
    writeYaml(graft.root, file, body);
    graft.files += 1;
    graft.entry.setIn([section, mounted], {
      $ref: relative(graft.specDir, file).split(sep).join("/"),
    });
    if (section === "paths") graft.paths.push(mounted);
  }
}

/**
 * Grafts the real document of `source` (a folder of `spec/fixtures/real/`) into the repository at `root`, in place.
 * @param {string} root a repository folder (a copy: its `spec/openapi/` is changed).
 * @param {string} source the document's folder name.
 * @returns {{ files: number, paths: string[], renamed: string[] }} files written, paths added, names changed.
 */
export function graftDocument(root, source) {
  const specDir = join(root, "spec", "openapi");
  const entryFile = join(specDir, "openapi.yaml");
  const entry = YAML.parseDocument(readFileSync(entryFile, "utf8"));
  /** @type {Graft} */
  const graft = {
    root,
    specDir,
    source,
    prefix: sourcePrefix(source),
    document: YAML.parse(readFileSync(join(root, REAL_DIR, source, "openapi.yaml"), "utf8")),
    entry,
    product: entry.toJS(),
    placed: new Map(),
    schemes: new Map(),
    samples: [],
    renamed: [],
    paths: [],
    files: 0,
  };
  placeComponents(graft);
  graftSchemes(graft);
  writeComponents(graft);
  graftItems(graft, "paths");
  graftItems(graft, "webhooks");
  for (const { from, to } of graft.samples) {
    if (existsSync(to))
      throw new Error(`${relative(root, to)} exists in the product spec: cannot graft over it`);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, readFileSync(from, "utf8"));
    graft.files += 1;
  }
  const knownTags = new Set((graft.product.tags ?? []).map((/** @type {Node} */ tag) => tag.name));
  for (const tag of graft.document.tags ?? [])
    if (!knownTags.has(tag.name)) entry.get("tags").add(entry.createNode(tag));
  writeFileSync(entryFile, entry.toString({ lineWidth: 0 }));
  return { files: graft.files, paths: graft.paths, renamed: graft.renamed };
}

/** The name of a source's answers file in `spec/spectral/answers/`. */
function answersFileName(/** @type {string} */ source) {
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
