// @ts-check
// Grows a repository's product spec (`spec/openapi/`) by the grown test fixture's own operations
// (`spec/fixtures/grown/`): the fixture's path, component and code-sample files are copied into `spec/openapi/` with
// their references re-pointed, and its paths, tags and security schemes are added to `spec/openapi/openapi.yaml`; its
// answers to the OWASP ruleset's findings on those operations (`owasp-answers.yaml`, quoting the fixture's README) are
// copied to `spec/spectral/answers/`.
// The result is what a user gets by adding operations of every common shape to the product spec, as the README's
// "Growing the spec" section says: spec files alone.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";

/** The `yaml` library (a dependency of the spec package), which keeps comments and layout when it edits a file. */
const YAML = createRequire(new URL("../../spec/package.json", import.meta.url))("yaml");

/** The fixture's folders whose files are copied into the product spec (same layout on both sides). */
export const GROWN_FOLDERS = ["paths", "components", "code_samples"];

/** Where a user answers the OWASP findings of the operations they add (relative to the repository). */
export const ANSWERS_DIR = "spec/spectral/answers";

/** The name of the fixture's answers file there. */
export const GROWN_ANSWERS_FILE = "grown-fixture.yaml";

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir) {
  /** @type {string[]} */
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      found.push(...filesBelow(path).map((file) => join(name, file)));
    else found.push(name);
  }
  return found;
}

/**
 * Rewrites every `$ref` file part of `text` (a file that lived at `from`) so that it reaches the same file from `to`,
 * where files below `fixtureDir` have moved to the same place below `specDir`.
 */
function repointRefs(text, from, to, fixtureDir, specDir) {
  return text.replace(/(\$ref:\s*["']?)([^"'#\s]+)/g, (whole, prefix, target) => {
    if (/^[a-z]+:/i.test(target)) return whole;
    let absolute = resolve(dirname(from), target);
    if (absolute.startsWith(fixtureDir + sep))
      absolute = join(specDir, relative(fixtureDir, absolute));
    return `${prefix}${relative(dirname(to), absolute).split(sep).join("/")}`;
  });
}

/** Adds the entries of `extra` (a YAML map node) missing from `target`'s map at `path`; returns the added keys. */
function mergeMissing(document, path, extra) {
  /** @type {string[]} */
  const added = [];
  for (const pair of extra?.items ?? []) {
    const key = String(pair.key.value ?? pair.key);
    if (document.hasIn([...path, key])) continue;
    document.setIn([...path, key], pair.value);
    added.push(key);
  }
  return added;
}

/**
 * Grows the product spec of the repository at `root` by the fixture's operations, in place.
 * @param {string} root a repository folder (a copy: its `spec/openapi/` is changed).
 * @returns {{ files: number, paths: string[] }} how many files were copied and which paths were added.
 */
export function growSpec(root) {
  const specDir = join(root, "spec", "openapi");
  const fixtureDir = join(root, "spec", "fixtures", "grown");

  let files = 0;
  for (const folder of GROWN_FOLDERS) {
    for (const file of filesBelow(join(fixtureDir, folder))) {
      const from = join(fixtureDir, folder, file);
      const to = join(specDir, folder, file);
      if (existsSync(to))
        throw new Error(
          `${relative(root, to)} exists in the product spec: cannot add the fixture's`,
        );
      mkdirSync(dirname(to), { recursive: true });
      let text = repointRefs(readFileSync(from, "utf8"), from, to, fixtureDir, specDir);
      // The fixture's samples import the client generated from the fixture; in the product they use the product's.
      if (folder === "code_samples")
        text = text.replaceAll("@merchant-payments/grown-client", "@merchant-payments/client");
      writeFileSync(to, text);
      files += 1;
    }
  }

  const entry = join(specDir, "openapi.yaml");
  const product = YAML.parseDocument(readFileSync(entry, "utf8"));
  const fixture = YAML.parseDocument(readFileSync(join(fixtureDir, "openapi.yaml"), "utf8"));
  const knownTags = new Set((product.get("tags")?.items ?? []).map((tag) => tag.get("name")));
  for (const tag of fixture.get("tags")?.items ?? []) {
    if (!knownTags.has(tag.get("name"))) product.get("tags").add(tag);
  }
  const paths = mergeMissing(product, ["paths"], fixture.get("paths"));
  for (const path of paths) {
    const ref = product.getIn(["paths", path, "$ref"]);
    const from = join(fixtureDir, "openapi.yaml");
    const moved = repointRefs(`$ref: ${ref}`, from, entry, fixtureDir, specDir).replace(
      /^\$ref: /,
      "",
    );
    product.setIn(["paths", path, "$ref"], moved);
  }
  mergeMissing(
    product,
    ["components", "securitySchemes"],
    fixture.getIn(["components", "securitySchemes"]),
  );
  writeFileSync(entry, product.toString({ lineWidth: 0 }));

  const answers = join(root, ANSWERS_DIR, GROWN_ANSWERS_FILE);
  if (existsSync(answers))
    throw new Error(`${relative(root, answers)} exists: cannot add the fixture's OWASP answers`);
  mkdirSync(dirname(answers), { recursive: true });
  writeFileSync(answers, readFileSync(join(fixtureDir, "owasp-answers.yaml"), "utf8"));
  return { files: files + 1, paths };
}

/**
 * The README's "Growing the spec" steps (after its `<!-- growing-the-spec -->` marker): the spec files and folders
 * step 1 names (`spec/…` in backticks), and the command of step 2's `sh` block.
 * @param {string} readme the root README's text.
 * @returns {{ places: string[], command: string }}
 */
export function growingSteps(readme) {
  const start = readme.indexOf("<!-- growing-the-spec -->");
  if (start < 0) throw new Error("README.md has no <!-- growing-the-spec --> section");
  const section = readme.slice(start, readme.indexOf("\n## ", start));
  const stepOne = section.slice(0, section.indexOf("\n2. "));
  const places = [...stepOne.matchAll(/`(spec\/[^`]*)`/g)].map((match) => match[1] ?? "");
  const command = section.match(/```sh\n\s*(.+)\n\s*```/)?.[1]?.trim();
  if (!command) throw new Error("the README's growing-the-spec section has no sh command block");
  return { places, command };
}

/** The places of the spec package that `growSpec` writes: each folder it copies into, the entry file, the answers. */
export const GROWN_PLACES = [
  ...GROWN_FOLDERS.map((folder) => `spec/openapi/${folder}/`),
  "spec/openapi/openapi.yaml",
  `${ANSWERS_DIR}/`,
];
