// The command-line pieces `merchant-payments-verify` and its `load` command share: strict parsing, the spec model's
// UsageError, the base URL, whole numbers, paths relative to where the user typed the command, secrets read from a
// file or the environment, and the spec to check against (`--spec`).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { checkBaseUrl } from "@merchant-payments/kit/base-url";
import { UsageError } from "@merchant-payments/kit/usage-error";
import { loadBundle } from "@merchant-payments/spec";
import { API_KEY_VARIABLE, BASIC_CREDENTIALS_VARIABLE, TOKEN_VARIABLE } from "./variables.js";

export { UsageError };

/** The environment the commands read (`MERCHANT_PAYMENTS_TOKEN`, `MERCHANT_PAYMENTS_API_KEY`, `INIT_CWD`). */
export type Env = Readonly<Record<string, string | undefined>>;

export { API_KEY_VARIABLE, BASIC_CREDENTIALS_VARIABLE, TOKEN_VARIABLE };

/** The options `parseStrict` takes (node:util's). */
export type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/** What `parseStrict` returns for `T`: the parsed values, typed by the options. */
export type ParsedValues<T extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T; strict: true; allowPositionals: false }>
>["values"];

/** `parseArgs`, strict (unknown options and stray arguments refused), its errors as UsageError. */
export function parseStrict<T extends OptionsConfig>(
  args: readonly string[],
  options: T,
): ParsedValues<T> {
  try {
    return parseArgs({ args: [...args], strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * The base URL by the workspace's one base-URL check (`@merchant-payments/kit/base-url`: absolute http(s), no
 * whitespace, credentials, fragment or query), without trailing slashes; UsageError naming the rule broken.
 */
export function baseUrlOption(text: string | undefined): string {
  const base = checkBaseUrl(text);
  if (!base.ok) throw new UsageError(`--base-url ${base.problem}`);
  return base.prefix;
}

/** `--name`'s number, at least `min` (a whole number unless `integer` is false); undefined when not given. */
export function numberOption(
  name: string,
  text: string | undefined,
  min: number,
  integer = true,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  const shape = integer ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
  if (
    !shape.test(text.trim()) ||
    !Number.isFinite(value) ||
    (integer && !Number.isSafeInteger(value)) ||
    value < min
  ) {
    throw new UsageError(
      `--${name} must be ${integer ? "a whole number" : "a number"} of at least ${min}, got ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/**
 * `path` resolved against where the user ran the command (`INIT_CWD`, set by pnpm and npm when `pnpm verify` runs
 * the package's script elsewhere), else the current folder.
 */
export function fromInvocation(env: Env, path: string): string {
  return resolve(env.INIT_CWD || process.cwd(), path);
}

/** A secret: the file's trimmed text when `--<option>` names one, else the environment variable; UsageError when unreadable. */
export function secretOption(
  option: string,
  file: string | undefined,
  env: Env,
  variable: string,
): string | undefined {
  if (file === undefined) return env[variable] || undefined;
  try {
    return readFileSync(fromInvocation(env, file), "utf8").trim();
  } catch (error) {
    throw new UsageError(
      `--${option}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
    );
  }
}

/** The OpenAPI document of `--spec` (JSON or YAML), or undefined for the bundled spec; UsageError when unreadable. */
export function specOption(file: string | undefined, env: Env): unknown {
  if (file === undefined) return undefined;
  try {
    return loadBundle(fromInvocation(env, file));
  } catch (error) {
    throw new UsageError(`--spec: cannot read ${file}: ${(error as Error).message}`);
  }
}
