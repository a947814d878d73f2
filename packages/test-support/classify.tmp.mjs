// src/test-graph.ts
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

var PROCESS_AND_NETWORK = /* @__PURE__ */ new Set([
  "child_process",
  "cluster",
  "dgram",
  "http",
  "http2",
  "https",
  "net",
  "tls",
]);
var BROWSER_SERVER_OR_PROCESS =
  /^(playwright(-core)?|puppeteer|execa|tinyexec|cross-spawn|artillery|newman)(\/|$)/;
var SERVER_HELPERS = /^@merchant-payments\/test-support(\/browser)?$/;
var LISTENS = /\b(createServer|createSecureServer)\(|\.listen\(/;
var BUILT_OUTPUT = /(^|[/"'`])(dist|bin)\//;
var BUILTINS = new Set(builtinModules);
var SKIPPED = /* @__PURE__ */ new Set(["node_modules", "dist", ".tmp", ".turbo", ".test-results"]);
function workspacePackages(root2) {
  const yaml = readFileSync(join(root2, "pnpm-workspace.yaml"), "utf8");
  const globs = [...(yaml.split(/^\S.*:/m)[1] ?? "").matchAll(/^\s+-\s+["']?([^"'\s]+)/gm)].map(
    (m) => m[1],
  );
  const dirs = globs.flatMap((glob) =>
    glob.endsWith("/*")
      ? readdirSync(join(root2, glob.slice(0, -2))).map((name) =>
          join(root2, glob.slice(0, -2), name),
        )
      : [join(root2, glob)],
  );
  const manifests = dirs
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => ({ dir, json: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }));
  const names = new Set(manifests.map(({ json }) => json.name));
  return manifests.map(({ dir, json }) => ({
    name: json.name,
    dir,
    deps: ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]
      .flatMap((field) => Object.keys(json[field] ?? {}))
      .filter((dep) => names.has(dep) && dep !== json.name),
  }));
}
function testFiles(dir) {
  const walk = (folder) =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return SKIPPED.has(name) ? [] : walk(path);
      return name.endsWith(".test.ts") ? [path] : [];
    });
  return existsSync(join(dir, "test")) ? walk(join(dir, "test")).sort() : [];
}
function resolveRelative(from, specifier) {
  const path = resolve(dirname(from), specifier);
  const candidates = [
    path,
    path.replace(/\.(m?)js$/, ".$1ts"),
    `${path}.ts`,
    join(path, "index.ts"),
  ];
  return candidates.find((p) => existsSync(p) && statSync(p).isFile());
}
function importsOf(text) {
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
function packagesNamed(text, packages, root2) {
  return packages
    .filter((p) => {
      const folder = relative(root2, p.dir).split(sep).join("/");
      const last = folder.split("/").pop();
      const byPath = new RegExp(`(^|[^\\w.-])(${escape(folder)}|(\\.\\./)+${escape(last)})/`);
      return text.includes(`${p.name}"`) || text.includes(`${p.name}/`) || byPath.test(text);
    })
    .map((p) => p.name);
}
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
var servingCache = /* @__PURE__ */ new Map();
function startsSomething(text) {
  return (
    LISTENS.test(text) ||
    importsOf(text).some(
      ({ specifier, typeOnly }) =>
        !typeOnly &&
        (/^(node:)?child_process$/.test(specifier) || BROWSER_SERVER_OR_PROCESS.test(specifier)),
    )
  );
}
function servingPackages(packages) {
  const walk = (folder) =>
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
function testFileFacts(file, own, packages, root2) {
  const names = new Set(packages.map((p) => p.name));
  const serving = servingPackages(packages);
  const modules = /* @__PURE__ */ new Set();
  const reached = /* @__PURE__ */ new Set();
  const needs = /* @__PURE__ */ new Set();
  const testDir = join(own.dir, "test") + sep;
  const visit = (path) => {
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
      if (typeOnly || !(ownTest || path.startsWith(own.dir + sep + "test"))) {
        continue;
      }
      if (serving.has(name) && name !== own.name)
        needs.add(`imports ${specifier} (its sources start servers or processes)`);
      const bare = specifier.replace(/^node:/, "");
      if (PROCESS_AND_NETWORK.has(bare.split("/")[0]) && BUILTINS.has(bare))
        needs.add(`imports node:${bare}`);
      else if (BROWSER_SERVER_OR_PROCESS.test(specifier)) needs.add(`imports ${specifier}`);
      else if (SERVER_HELPERS.test(specifier))
        needs.add(`imports ${specifier} (servers, ports, browsers)`);
    }
    if (!ownTest) {
      if (startsSomething(text)) needs.add(`${relative(root2, path)} starts a server or a process`);
      return;
    }
    for (const named of packagesNamed(text, packages, root2)) reached.add(named);
    if (BUILT_OUTPUT.test(text)) {
      needs.add(`${relative(own.dir, path)} names a dist/ or bin/ path (built output)`);
      reached.add(own.name);
    }
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
function packageTestFacts(own, packages, root2) {
  return testFiles(own.dir).map((file) => testFileFacts(file, own, packages, root2));
}

// classify.tmp.mts
var root = "/work/wt-feedback";
var pk = workspacePackages(root);
var u = 0;
var t = 0;
for (const p of pk) {
  const f = packageTestFacts(p, pk, root);
  const unit = f.filter((x) => x.needs.length === 0);
  u += unit.length;
  t += f.length;
  console.log(`${p.name}: ${unit.length}/${f.length} unit`);
  for (const x of f)
    console.log(
      `   ${x.needs.length ? "  " : "U "}${x.file.split("/test/")[1]}  ${x.needs.join("; ")}  [${x.packages.join(",")}]`,
    );
}
console.log(u, t);
