// The workspace's test files and what each one needs, read from their imports (TypeScript's pre-processor, through
// the package's own modules) and the paths their own test modules name: which ones form the unit tier (no server,
// browser, child process or build output) and which ones a set of changed files can affect (`pnpm test:changed`).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** One package of the workspace. */
export interface WorkspacePackage {
  /** The package's name (`@merchant-payments/mock`). */
  name: string;
  /** Its folder, absolute. */
  dir: string;
  /** The workspace packages it depends on (any dependency field), by name. */
  deps: string[];
}

/** What one test file reaches: its modules, the builtins and packages they import, and what it needs to run. */
export interface TestFileFacts {
  /** The test file, absolute. */
  file: string;
  /** Every module of its own package it reaches through relative imports (itself included), absolute. */
  modules: string[];
  /** The workspace packages it imports or names by path or name, by name (its own package when it names its output). */
  packages: string[];
  /** Why it is not a unit test (empty: it is one). */
  needs: string[];
}

/** Builtins whose import means a server, a socket or a child process. */
const PROCESS_AND_NETWORK = new Set([
  "child_process",
  "cluster",
  "dgram",
  "http",
  "http2",
  "https",
  "net",
  "tls",
]);

/** Outside packages that drive a browser, serve, or spawn: importing one means the file is not a unit test. */
const BROWSER_SERVER_OR_PROCESS =
  /^(playwright(-core)?|puppeteer|execa|tinyexec|cross-spawn|artillery|newman|esbuild|tsup|rollup|vite)(\/|$)/;

/** Entries of test-support that start servers or browsers (the vitest preset and this graph are fine). */
const SERVER_HELPERS = /^@merchant-payments\/test-support(\/browser)?$/;

/** A library module that starts a server (`createServer(`, `.listen(`). */
const LISTENS = /\b(createServer|createSecureServer)\(|\.listen\(/;

/** Paths a test module names when it runs built output: a package's `dist/` or `bin/`. */
const BUILT_OUTPUT = /(^|[/"'`])(dist|bin)\//;

/** A path to the package's own built output (`../dist/x.js`, `"bin/x.js"`, `"dist"`): the file runs every source of it. */
const OWN_BUILT_OUTPUT = /["'`](\.\.?\/)*(dist|bin)[/"'`]/;

const BUILTINS = new Set(builtinModules);
const SKIPPED = new Set(["node_modules", "dist", ".tmp", ".turbo", ".test-results"]);

/** The workspace's packages (the folders pnpm-workspace.yaml lists: `dir` or `dir/*`), read from their package.json. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const yaml = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const globs = [...(yaml.split(/^\S.*:/m)[1] ?? "").matchAll(/^\s+-\s+["']?([^"'\s]+)/gm)].map(
    (m) => m[1] as string,
  );
  const dirs = globs.flatMap((glob) =>
    glob.endsWith("/*")
      ? readdirSync(join(root, glob.slice(0, -2))).map((name) =>
          join(root, glob.slice(0, -2), name),
        )
      : [join(root, glob)],
  );
  const manifests = dirs
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => ({ dir, json: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }));
  const names = new Set(manifests.map(({ json }) => json.name as string));
  return manifests.map(({ dir, json }) => ({
    name: json.name,
    dir,
    deps: ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]
      .flatMap((field) => Object.keys(json[field] ?? {}))
      .filter((dep) => names.has(dep) && dep !== json.name),
  }));
}

/** The package and every workspace package it depends on, directly or not, by name. */
export function dependencyClosure(packages: WorkspacePackage[], name: string): Set<string> {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const seen = new Set<string>();
  const visit = (n: string) => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const dep of byName.get(n)?.deps ?? []) visit(dep);
  };
  visit(name);
  return seen;
}

/** The package's test files (`test/**\/*.test.ts`), absolute, sorted. */
export function testFiles(dir: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return SKIPPED.has(name) ? [] : walk(path);
      return name.endsWith(".test.ts") ? [path] : [];
    });
  return existsSync(join(dir, "test")) ? walk(join(dir, "test")).sort() : [];
}

/** The file a relative specifier of `from` names (`./x.js` is `./x.ts` in the sources), or undefined. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const path = resolve(dirname(from), specifier);
  const candidates = [
    path,
    path.replace(/\.(m?)js$/, ".$1ts"),
    `${path}.ts`,
    join(path, "index.ts"),
  ];
  return candidates.find((p) => existsSync(p) && statSync(p).isFile());
}

/** A module's imports (static, dynamic, `require`, re-exports), by TypeScript's pre-processor, with whether each is type-only. */
function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const typeOnly = new Set(
    [...text.matchAll(/^\s*(?:import|export)\s+type\s[^;]*?from\s+["']([^"']+)["']/gm)].map(
      (m) => m[1],
    ),
  );
  const valued = new Set(
    [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?["']([^"']+)["']/gm)].map(
      (m) => m[1],
    ),
  );
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((name, index, all) => all.indexOf(name) === index)
    .map((specifier) => ({
      specifier,
      typeOnly: typeOnly.has(specifier) && !valued.has(specifier),
    }));
}

/** The workspace packages a test module names in its text: `@merchant-payments/x`, or a path into a package's folder. */
function packagesNamed(text: string, packages: WorkspacePackage[], root: string): string[] {
  return packages
    .filter((p) => {
      const folder = relative(root, p.dir).split(sep).join("/");
      const last = folder.split("/").pop() as string;
      const byPath = new RegExp(
        `(^|[^\\w.-])(${escapeRegExp(folder)}|(\\.\\./)+${escapeRegExp(last)})[/"'\`]`,
      );
      return text.includes(`${p.name}"`) || text.includes(`${p.name}/`) || byPath.test(text);
    })
    .map((p) => p.name);
}

/** `text` with the characters a regular expression reads specially escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The bare package name of a specifier (`@scope/name/sub` is `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

const servingCache = new Map<string, boolean>();

/** Whether a module starts a server or a process: it listens, or imports child_process or a spawning package. */
function startsSomething(text: string): boolean {
  return (
    LISTENS.test(text) ||
    importsOf(text).some(
      ({ specifier, typeOnly }) =>
        !typeOnly &&
        (/^(node:)?child_process$/.test(specifier) || BROWSER_SERVER_OR_PROCESS.test(specifier)),
    )
  );
}

/** The workspace packages whose sources (`src/`, generated code aside) start servers or processes, by name. */
function servingPackages(packages: WorkspacePackage[]): Set<string> {
  const walk = (folder: string): string[] =>
    !existsSync(folder)
      ? []
      : readdirSync(folder).flatMap((name) => {
          const path = join(folder, name);
          if (statSync(path).isDirectory())
            return SKIPPED.has(name) || name === "generated" ? [] : walk(path);
          return /\.(m?ts|m?js)$/.test(name) ? [path] : [];
        });
  for (const p of packages) {
    if (servingCache.has(p.dir)) continue;
    servingCache.set(
      p.dir,
      walk(join(p.dir, "src")).some((file) => startsSomething(readFileSync(file, "utf8"))),
    );
  }
  return new Set(packages.filter((p) => servingCache.get(p.dir)).map((p) => p.name));
}

/** What `file` (a test file of the package `own`) reaches and needs. */
export function testFileFacts(
  file: string,
  own: WorkspacePackage,
  packages: WorkspacePackage[],
  root: string,
): TestFileFacts {
  const names = new Set(packages.map((p) => p.name));
  const serving = servingPackages(packages);
  const modules = new Set<string>();
  const reached = new Set<string>();
  const needs = new Set<string>();
  const testDir = join(own.dir, "test") + sep;
  const visit = (path: string) => {
    if (modules.has(path)) return;
    modules.add(path);
    const text = readFileSync(path, "utf8");
    const ownTest = path.startsWith(testDir);
    for (const { specifier, typeOnly } of importsOf(text)) {
      if (specifier.startsWith(".")) {
        const target = resolveRelative(path, specifier);
        if (target && !target.includes(`${sep}node_modules${sep}`) && /\.(m?ts|m?js)$/.test(target))
          visit(target);
        continue;
      }
      const name = packageOf(specifier);
      if (names.has(name)) reached.add(name);
      if (typeOnly || !ownTest) {
        continue;
      }
      if (serving.has(name) && name !== own.name)
        needs.add(`imports ${specifier} (its sources start servers or processes)`);
      const bare = specifier.replace(/^node:/, "");
      if (PROCESS_AND_NETWORK.has(bare.split("/")[0] as string) && BUILTINS.has(bare))
        needs.add(`imports node:${bare}`);
      else if (BROWSER_SERVER_OR_PROCESS.test(specifier)) needs.add(`imports ${specifier}`);
      else if (SERVER_HELPERS.test(specifier))
        needs.add(`imports ${specifier} (servers, ports, browsers)`);
    }
    for (const named of packagesNamed(text, packages, root)) reached.add(named);
    if (!ownTest) {
      if (startsSomething(text)) needs.add(`${relative(root, path)} starts a server or a process`);
      return;
    }
    if (BUILT_OUTPUT.test(text))
      needs.add(`${relative(own.dir, path)} names a dist/ or bin/ path (built output)`);
    if (OWN_BUILT_OUTPUT.test(text)) reached.add(own.name);
    if (/\binject\(/.test(text))
      needs.add(`${relative(own.dir, path)} reads a global setup (inject)`);
  };
  visit(file);
  return {
    file,
    modules: [...modules].sort(),
    packages: [...reached].sort(),
    needs: [...needs].sort(),
  };
}

/** Every test file of the package with its facts. */
export function packageTestFacts(
  own: WorkspacePackage,
  packages: WorkspacePackage[],
  root: string,
): TestFileFacts[] {
  return testFiles(own.dir).map((file) => testFileFacts(file, own, packages, root));
}

/** The package's unit test files (they need no server, browser, child process or build output), relative to it. */
export function unitTestFiles(packageDir: string, root: string): string[] {
  const packages = workspacePackages(root);
  const own = packages.find((p) => resolve(p.dir) === resolve(packageDir));
  if (!own) throw new Error(`${packageDir} is not a package of the workspace at ${root}`);
  return packageTestFacts(own, packages, root)
    .filter((facts) => facts.needs.length === 0)
    .map((facts) => relative(own.dir, facts.file).split(sep).join("/"));
}

/** The package a file belongs to (the deepest package folder holding it), or undefined for the workspace's own files. */
function packageOfFile(packages: WorkspacePackage[], file: string): WorkspacePackage | undefined {
  return packages
    .filter((p) => file.startsWith(p.dir + sep))
    .sort((a, b) => b.dir.length - a.dir.length)[0];
}

/** Whether a changed file is a module the import graph follows (anything else counts as read by every test). */
function isModule(file: string): boolean {
  return /\.(m?ts|m?js|cjs)$/.test(file) && !/(^|[/\\])(vitest|tsup)\.config\.ts$/.test(file);
}

/**
 * The test files of `own` (absolute) that a change of the files `changed` (absolute) can affect: those whose own
 * modules include a changed module; those that import or name a package (its built output, its folder) whose files
 * changed or which depends on one that did; every one when a file of `own` that is no module changed (a fixture,
 * the spec's YAML, a config), or a file of the workspace's own (no package's) that is no module.
 */
export function affectedTestFiles(
  own: WorkspacePackage,
  packages: WorkspacePackage[],
  root: string,
  changed: string[],
): string[] {
  const facts = packageTestFacts(own, packages, root);
  const changedModules = new Set(changed.filter(isModule));
  const everything = changed.some((file) => {
    if (isModule(file)) return false;
    const pkg = packageOfFile(packages, file);
    return pkg === undefined ? !file.endsWith(".md") : pkg.name === own.name;
  });
  if (everything) return facts.map((f) => f.file);
  const changedPackages = new Set(
    changed
      .filter((file) => !file.startsWith(join(own.dir, "test") + sep))
      .map((file) => packageOfFile(packages, file)?.name)
      .filter((name): name is string => name !== undefined),
  );
  const touches = (name: string) =>
    [...dependencyClosure(packages, name)].some((dep) => changedPackages.has(dep));
  return facts
    .filter((f) => f.modules.some((m) => changedModules.has(m)) || f.packages.some(touches))
    .map((f) => f.file);
}

/** The files changed since `base` (committed, staged, unstaged and untracked), absolute, by git. */
export function changedFiles(root: string, base: string): string[] {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
      .split("\n")
      .filter(Boolean);
  const top = git(root, "rev-parse", "--show-toplevel")[0] as string;
  const mergeBase = git(top, "merge-base", base, "HEAD")[0] as string;
  return [
    ...new Set([
      ...git(top, "diff", "--name-only", mergeBase),
      ...git(top, "ls-files", "--others", "--exclude-standard"),
    ]),
  ].map((file) => join(top, file));
}
