// Type-checks several small programs as one: one TypeScript program (the workspace's tsconfig.base.json options),
// in the test's own process, instead of one `tsc` child per check. Each check gets what `tsc -p` on its file alone
// would print: the diagnostics of its file and of the files of its scope (e.g. the client sources it compiles against).
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

/** One check: a root file, and the folder whose files' diagnostics are its own (default: the file's folder). */
export interface TypeCheck {
  /** The root file, absolute. */
  readonly file: string;
  /** Files under this folder (absolute) report to this check too; default: the root file's folder. */
  readonly scope?: string;
}

/** The workspace's base compiler options (tsconfig.base.json) with `overrides` (tsconfig JSON form) over them. */
function baseOptions(overrides: Record<string, unknown>): ts.CompilerOptions {
  const configPath = join(repoRoot, "tsconfig.base.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const merged = { ...config, compilerOptions: { ...config.compilerOptions, ...overrides } };
  const parsed = ts.parseJsonConfigFileContent(merged, ts.sys, repoRoot, undefined, configPath);
  return { ...parsed.options, noEmit: true };
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => repoRoot,
  getNewLine: () => "\n",
};

/** What `typeCheckAll` returns: the program (for a test that reads its types) and each check's output. */
export interface TypeChecked {
  /** The one program of every check's file. */
  readonly program: ts.Program;
  /** Per check's file: the formatted diagnostics (tsc's text; "" when it compiles). */
  readonly outputs: ReadonlyMap<string, string>;
}

/**
 * Type-checks every check's file in one program (`overrides`: compiler options over tsconfig.base.json, in tsconfig
 * JSON form, e.g. `{ types: [] }`; `alsoRoots`: more root files, checked as part of the scope they are in).
 */
export function typeCheckAll(
  checks: readonly TypeCheck[],
  overrides: Record<string, unknown> = {},
  alsoRoots: readonly string[] = [],
): TypeChecked {
  const program = ts.createProgram(
    [...checks.map((check) => check.file), ...alsoRoots],
    baseOptions(overrides),
  );
  const roots = new Set(checks.map((check) => check.file));
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  const ofFile = new Map<string, readonly ts.Diagnostic[]>();
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile && source.fileName.includes(`${sep}node_modules${sep}`)) continue;
    ofFile.set(resolve(source.fileName), [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ]);
  }
  const outputs = new Map<string, string>();
  for (const check of checks) {
    const scope = `${check.scope ?? dirname(check.file)}${sep}`;
    const own = [...ofFile].flatMap(([name, diagnostics]) =>
      name === check.file || (name.startsWith(scope) && !roots.has(name)) ? diagnostics : [],
    );
    outputs.set(check.file, ts.formatDiagnostics([...global, ...own], formatHost));
  }
  return { program, outputs };
}
