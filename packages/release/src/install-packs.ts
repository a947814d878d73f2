// `release:install`: the packed tarballs installed once with plain npm (under the oldest supported Node) into
// `.install/project`, before the tests that use them run. An install can take minutes on a busy machine: it has no
// test timeout, only a bound on a hang, and its failure is reported as an install failure, not as a failed test.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { nodeBinary } from "@merchant-payments/node-runtimes";
import { PACKS_LIST } from "./pack.js";
import { packageDir, tarballsDir } from "./paths.js";
import { runGroup } from "./process-group.js";

/** Where the install lives: `.install/project` (the npm project) and `.install/install.json` (what happened). */
const installDir: string = join(packageDir, ".install");
/** The npm project the tarballs are installed into. */
export const installProject: string = join(installDir, "project");
/** The record of the install, read by the tests. */
const installRecord: string = join(installDir, "install.json");

/** A bound on a hung `npm install` (20 minutes): a busy machine is slow, never this slow. */
const HANG_BOUND_MS = 20 * 60_000;

/** One packed package, as `packs.json` lists it. */
export interface Packed {
  /** The package's name. */
  name: string;
  /** Its version. */
  version: string;
  /** The tarball's file name in `tarballs/`. */
  file: string;
}

/** What the install did: npm's exit code and output, and the packs it installed (their content hash). */
export interface InstallResult {
  /** npm's exit code (null: killed at the hang bound). */
  code: number | null;
  /** npm's standard output. */
  stdout: string;
  /** npm's standard error. */
  stderr: string;
  /** The installed packs. */
  packs: Packed[];
  /** SHA-256 over the tarballs' bytes: an install of the same tarballs is reused. */
  tarballsHash: string;
  /** `node --version` of the Node npm ran under. */
  nodeVersion: string;
}

/** The oldest Node the published packages support (their `engines`): npm runs under it. */
const OLDEST_NODE: string = nodeBinary(20);

/** The packs `pnpm release:pack` wrote. */
export function readPacks(): Packed[] {
  return JSON.parse(readFileSync(join(tarballsDir, PACKS_LIST), "utf8"));
}

/** The environment of a plain npm: pnpm's own `npm_*`, `PNPM_*` and `INIT_CWD` variables left out. */
export function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_|init_cwd$)/i.test(key)),
  );
  return { ...env, NO_COLOR: "1", ...extra };
}

/** The last install's record, or undefined when there is none. */
export function readInstall(): InstallResult | undefined {
  return existsSync(installRecord) ? JSON.parse(readFileSync(installRecord, "utf8")) : undefined;
}

/** Installs the packs into `installProject` unless the same tarballs are installed there already. */
export async function installPacks(): Promise<InstallResult & { reused: boolean }> {
  const packs = readPacks();
  const tarballsHash = hashTarballs(packs);
  const previous = readInstall();
  if (previous?.code === 0 && previous.tarballsHash === tarballsHash && existsSync(installProject))
    return { ...previous, reused: true };
  await rm(installDir, { recursive: true, force: true });
  await mkdir(installProject, { recursive: true });
  await writeFile(
    join(installProject, "package.json"),
    JSON.stringify({ name: "install-check", version: "1.0.0", private: true }),
  );
  const npm = await runNpm(packs.map((p) => join(tarballsDir, p.file)));
  const nodeVersion = execFileSync(OLDEST_NODE, ["--version"], { encoding: "utf8" }).trim();
  const result: InstallResult = { ...npm, packs, tarballsHash, nodeVersion };
  await writeFile(installRecord, `${JSON.stringify(result, null, 2)}\n`);
  return { ...result, reused: false };
}

function hashTarballs(packs: Packed[]): string {
  const hash = createHash("sha256");
  for (const p of packs) hash.update(p.file).update(readFileSync(join(tarballsDir, p.file)));
  return hash.digest("hex");
}

/** npm's own script, run by OLDEST_NODE (the `npm` on PATH would run under the Node that runs this). */
function npmCli(): string {
  return realpathSync(execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim());
}

/**
 * The global npmrc of the machine's npm (`<prefix>/etc/npmrc`, beside `<prefix>/lib/node_modules/npm`): npm run
 * under another Node looks for it beside that Node instead, and would miss the machine's registry, CA file and proxy.
 */
function npmGlobalConfig(cli: string): string[] {
  const file = join(cli, "..", "..", "..", "..", "..", "etc", "npmrc");
  return existsSync(file) ? [`--globalconfig=${file}`] : [];
}

async function runNpm(
  tarballs: string[],
): Promise<Pick<InstallResult, "code" | "stdout" | "stderr">> {
  const cli = npmCli();
  const args = [
    cli,
    "install",
    ...npmGlobalConfig(cli),
    // npm's cache first: only what it lacks comes from the registry.
    "--prefer-offline",
    "--no-audit",
    "--no-fund",
    // npm's own network bounds, shorter than its defaults (5 min a fetch): a stalled fetch is retried, not waited on.
    "--fetch-timeout=60000",
    "--fetch-retries=4",
    // Every fetch is logged (kept in install.json): a slow or failed install shows what it waited on.
    "--loglevel=http",
    ...tarballs,
  ];
  const { code, stdout, stderr } = await runGroup(OLDEST_NODE, args, {
    cwd: installProject,
    env: plainEnv(),
    timeoutMs: HANG_BOUND_MS,
  });
  return { code, stdout, stderr };
}
