// Runs a README command (`pnpm <script> …` in the root) as a user does and keeps what it printed, pnpm's own framing
// left out: shared by the tests of the commands' output (readme-output, readme-build-output).

import { fileURLToPath } from "node:url";
import { runGroup } from "../src/process-group.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** Lines a successful command may print (the "about 20"). */
export const MAX_LINES = 20;

/** One run of a command. */
export interface Run {
  readonly status: number | null;
  /** What the command printed, stdout and stderr interleaved, pnpm's framing left out. */
  readonly lines: string[];
  /** Everything printed, pnpm's framing included. */
  readonly text: string;
  readonly ms: number;
}

/**
 * Lines that are not the command's own: pnpm's header (`> package@ script`, `> the script line`), blank lines, its
 * failure notice, and the one line the quiet build step prints when turbo takes longer than a moment.
 */
function isFraming(line: string): boolean {
  return (
    line.trim() === "" ||
    line.startsWith("> ") ||
    /ELIFECYCLE|ERR_PNPM_/.test(line) ||
    /^Building .* \(turbo; a second run with nothing changed is cached\)…$/.test(line)
  );
}

/**
 * A bound on a hang of one command: generous, since a cached `pnpm build` of a grown spec can take minutes on a
 * machine other work keeps busy. The whole process tree goes with it (a process group of its own).
 */
export const COMMAND_HANG_BOUND_MS = 420_000;

/** A test's bound: the command's, and a minute to start and judge it. */
export const TEST_HANG_BOUND_MS = COMMAND_HANG_BOUND_MS + 60_000;

/**
 * Runs `pnpm args…` in the root, in a process group of its own (stopped whole when it ends or hangs); resolves with
 * its status and printed lines. `stopAfter`: Ctrl-C (SIGINT to the whole group, as a terminal sends it) once it
 * printed that.
 */
export async function pnpm(
  args: string[],
  env: Record<string, string> = {},
  stopAfter?: RegExp,
): Promise<Run> {
  let seen = "";
  let stopping = false;
  const result = await runGroup("pnpm", args, {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", TURBO_TELEMETRY_DISABLED: "1", ...env },
    timeoutMs: COMMAND_HANG_BOUND_MS,
    onOutput: (text, interrupt) => {
      seen += text;
      if (!stopping && stopAfter?.test(seen)) {
        stopping = true;
        setTimeout(() => interrupt("SIGINT"), 1_000);
      }
    },
  });
  const text = result.output;
  return {
    status: result.code,
    lines: text.split("\n").filter((line) => !isFraming(line)),
    text,
    ms: result.ms,
  };
}
