// Two rules of the developers' guide over every package's source, the client's generator and the docs scripts:
// no function over MAX_FUNCTION_LINES lines (read with the TypeScript compiler API), and no import circle (dpdm, type
// imports included, within each package's src/ and scripts/).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { type Dependency, type DependencyTree, parseCircular } from "dpdm";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { codeFiles, isDirectory, workspaceDirs } from "./source-files.js";
import { KNOWN_LONG_FUNCTIONS, MAX_FUNCTION_LINES } from "./structure-rules.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The folders of code the rules cover: each package's src/ and scripts/, the spec's and the docs'. */
function sourceFolders(): string[] {
  const packages = workspaceDirs(root);
  return packages.flatMap((p) =>
    ["src", "scripts"]
      .filter((f) => !generatedFolders(p).has(f))
      .map((f) => join(root, p, f))
      .filter((f) => isDirectory(f)),
  );
}

/** Folders a package's own .gitignore lists (generated, e.g. the grown client's copy of the client's src/). */
function generatedFolders(pkg: string): Set<string> {
  const ignore = join(root, pkg, ".gitignore");
  if (!existsSync(ignore)) return new Set();
  return new Set(
    readFileSync(ignore, "utf8")
      .split("\n")
      .map((line) => line.trim().replace(/^\//, "").replace(/\/$/, "")),
  );
}

/** A function and how many lines it spans, named `file:Name` (`file:line` when it has no name). */
interface FunctionLength {
  name: string;
  lines: number;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(source);
  // A callback: named after the function it is written in, so that the name survives edits above it.
  for (let outer = parent; outer; outer = outer.parent)
    if (ts.isFunctionLike(outer) || ts.isVariableDeclaration(outer))
      return `${nameOf(outer, source)} (callback)`;
  return "(top-level callback)";
}

/** Every function of a file (declarations, expressions, arrows, methods, accessors) with its length in lines. */
function functionLengths(file: string): FunctionLength[] {
  const source = ts.createSourceFile(
    file,
    ts.sys.readFile(file) ?? "",
    ts.ScriptTarget.Latest,
    true,
  );
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        name: `${relative(root, file)}:${nameOf(node, source)}`,
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The import circles among the code files of `folder` (type imports included), each as `a → b → a`. dpdm's own
 * resolver does not map our `./x.js` specifiers to `x.ts`; TypeScript's does, so the tree is read with it and dpdm
 * finds the circles in it.
 */
function circlesIn(folder: string): string[] {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
  };
  const files = codeFiles(folder);
  const tree: DependencyTree = {};
  for (const file of files) {
    const issuer = relative(root, file);
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
    tree[issuer] = importedFiles
      .filter((imported) => imported.fileName.startsWith("."))
      .map((imported) => {
        const resolved = ts.resolveModuleName(imported.fileName, file, options, ts.sys);
        const target = resolved.resolvedModule?.resolvedFileName;
        return {
          issuer,
          request: imported.fileName,
          kind: "StaticImport" as Dependency["kind"],
          id: target === undefined ? null : relative(root, target),
        };
      });
  }
  return parseCircular(tree).map((circle) => [...circle, circle[0]].join(" → "));
}

describe("the structure of every package", () => {
  const files = sourceFolders().flatMap(codeFiles);

  test(`has no function over ${MAX_FUNCTION_LINES} lines but the listed ones, which do not grow`, {
    timeout: 300_000,
  }, () => {
    const long = files.flatMap(functionLengths).filter((f) => f.lines > MAX_FUNCTION_LINES);
    const unlisted = long
      .filter((f) => !(f.name in KNOWN_LONG_FUNCTIONS))
      .map((f) => `${f.name} (${f.lines})`);
    expect(unlisted.join(", "), "split these functions").toBe("");
    const grown = long
      .filter((f) => f.lines > (KNOWN_LONG_FUNCTIONS[f.name] ?? Number.POSITIVE_INFINITY))
      .map((f) => `${f.name}: ${f.lines} lines, listed at ${KNOWN_LONG_FUNCTIONS[f.name]}`);
    expect(grown, "listed long functions may only shrink").toEqual([]);
    const gone = Object.keys(KNOWN_LONG_FUNCTIONS).filter(
      (name) => !long.some((f) => f.name === name),
    );
    expect(gone, "no longer over the limit (or renamed): remove from KNOWN_LONG_FUNCTIONS").toEqual(
      [],
    );
  });

  test("measures a function written one line over the limit, and finds a circle of two files", () => {
    const dir = mkdtempSync(join(tmpdir(), "structure-"));
    try {
      const body = Array.from(
        { length: MAX_FUNCTION_LINES - 1 },
        (_, i) => `  const v${i} = ${i};`,
      );
      writeFileSync(
        join(dir, "a.ts"),
        `import { b } from "./b.js";\nexport function a(): void {\n${body.join("\n")}\n}\n`,
      );
      writeFileSync(
        join(dir, "b.ts"),
        `import { a } from "./a.js";\nexport const b = () => a();\n`,
      );
      expect(functionLengths(join(dir, "a.ts")).map((f) => f.lines)).toEqual([
        MAX_FUNCTION_LINES + 1,
      ]);
      expect(circlesIn(dir)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("has no import circle in any package's src/ or scripts/", () => {
    expect(sourceFolders().flatMap(circlesIn)).toEqual([]);
  }, 300_000);
});
