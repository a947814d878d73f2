// Where the install test gets its tarballs: `pnpm pack` of the mock and the client into a fresh folder.
// (One small helper, so that a release folder can replace it: set MERCHANT_PAYMENTS_TARBALLS to a folder
// holding the packed tarballs and they are used as they are.)
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package folders packed, by package name. */
const PACKAGES: Record<string, string> = {
  "@merchant-payments/mock": fileURLToPath(new URL("..", import.meta.url)),
  "@merchant-payments/client": fileURLToPath(new URL("../../client", import.meta.url)),
};

/** Absolute paths of the tarballs of the mock and the client, by package name. */
export function packedTarballs(): Record<string, string> {
  const folder =
    process.env.MERCHANT_PAYMENTS_TARBALLS ?? mkdtempSync(join(tmpdir(), "mock-tarballs-"));
  const out: Record<string, string> = {};
  for (const [name, dir] of Object.entries(PACKAGES)) {
    const prefix = `${name.replace("@", "").replace("/", "-")}-`;
    const find = () =>
      readdirSync(folder).find((file) => file.startsWith(prefix) && file.endsWith(".tgz"));
    if (!process.env.MERCHANT_PAYMENTS_TARBALLS) {
      if (!existsSync(join(dir, "dist")))
        throw new Error(`${name} is not built (${dir}dist is missing)`);
      execFileSync("pnpm", ["pack", "--pack-destination", folder], {
        cwd: dir,
        stdio: "pipe",
        timeout: 60_000,
      });
    }
    const file = find();
    if (!file) throw new Error(`no tarball of ${name} in ${folder}`);
    out[name] = join(folder, file);
  }
  return out;
}
