import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Writes into `dir` an executable `curl` that prints its arguments as a JSON array and does nothing else, so a
 * sample's curl line can be run (with `dir` first on PATH) and its arguments read back.
 */
export function writeFakeCurl(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const fake = join(dir, "curl");
  writeFileSync(
    fake,
    `#!${process.execPath}\nprocess.stdout.write(JSON.stringify(process.argv.slice(2)));\n`,
  );
  chmodSync(fake, 0o755);
}
