// Runs a README command (`pnpm <script> …` in the root) as a user does and keeps what it printed, pnpm's own framing
// left out: shared by the tests of the commands' output (readme-output, readme-build-output).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

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

/** Runs `pnpm args…` in the root; resolves with its status and printed lines. `stopAfter`: SIGINT once it printed that. */
export function pnpm(
  args: string[],
  env: Record<string, string> = {},
  stopAfter?: RegExp,
): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn("pnpm", args, {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", TURBO_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: stopAfter !== undefined,
    });
    let text = "";
    const take = (chunk: Buffer) => {
      text += chunk.toString();
      if (stopAfter?.test(text) && child.pid) {
        stopAfter = undefined;
        const group = -child.pid;
        // Ctrl-C reaches the whole process group, as a terminal sends it.
        setTimeout(() => process.kill(group, "SIGINT"), 1_000);
      }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const killer = setTimeout(() => child.kill("SIGKILL"), 240_000);
    child.once("error", reject);
    child.once("close", (status) => {
      clearTimeout(killer);
      resolve({
        status,
        lines: text.split("\n").filter((line) => !isFraming(line)),
        text,
        ms: Date.now() - started,
      });
    });
  });
}
