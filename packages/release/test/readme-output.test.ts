// The README's commands, run as it writes them (`pnpm <script> …` in the root), say what they did within about 20
// lines and end with their verdict; a server that is not there stops verify and load at once with one line and the
// same exit status; `pnpm bench` without hyperfine is one line and exit 2; Ctrl-C of a package's serve script exits
// 0. pnpm's own framing (the `> package@ script` header, blank lines, its ELIFECYCLE line) is not the command's
// output and is left out of the count. The cheap commands run for real; `pnpm bench` only as far as its hyperfine check.
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { loadBundle, operations } from "@merchant-payments/spec";
import { getFreePort } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { workspaceRoot } from "../src/paths.js";
import { neededBump, packagesGeneratedFromSpec } from "../src/release-step.js";
import { latestReleasedSpec } from "../src/released.js";
import { MAX_LINES, pnpm, TEST_HANG_BOUND_MS } from "./readme-run.js";

/** verify's lines besides its per-operation rows and SKIP lines: seed, base URL, checks, columns, counts, coverage, verdict and their spacing. */
const VERIFY_OTHER_LINES = 10;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock?.close();
});

describe("the README's commands print their verdict last, within about 20 lines", () => {
  test(
    "`pnpm verify --base-url <mock>` (token exported): a row per operation, a SKIP line per reason, `verify: OK` last",
    async () => {
      const run = await pnpm(["verify", "--base-url", mock.baseUrl, "--seed", "7"], {
        MERCHANT_PAYMENTS_TOKEN: "any-token",
      });
      const printed = run.lines.join("\n");
      expect(run.status, printed).toBe(0);
      // A row per operation of the spec, a SKIP line per reason (each skipped operation named once), and at most
      // VERIFY_OTHER_LINES more: within 20 lines for the interface document's operations, one more per added one.
      const ids = operations().map((operation) => operation.operationId);
      const rows = run.lines.filter((line) => ids.some((id) => line.startsWith(`${id} | `)));
      expect(
        rows.map((row) => row.split(" | ")[0]),
        printed,
      ).toEqual(ids);
      const skipLines = run.lines.filter((line) => line.startsWith("SKIP "));
      const skipped = skipLines.flatMap((line) => line.slice(5, line.indexOf(": ")).split(", "));
      expect(new Set(skipped).size, printed).toBe(skipped.length);
      expect(
        skipped.every((id) => ids.includes(id)),
        printed,
      ).toBe(true);
      expect(run.lines.length - rows.length - skipLines.length, printed).toBeLessThanOrEqual(
        VERIFY_OTHER_LINES,
      );
      expect(run.lines.at(-1)).toBe("verify: OK");
    },
    TEST_HANG_BOUND_MS,
  );

  test(
    "`pnpm spec:diff`: the comparison, then its verdict and the next step last",
    async () => {
      const run = await pnpm(["spec:diff"]);
      expect(run.status, run.lines.join("\n")).toBe(0);
      expect(run.lines.length, run.lines.join("\n")).toBeLessThanOrEqual(MAX_LINES);
      // The verdict, then the next step to the end: none, or the changeset to add with the bump the change needs (a
      // spec grown by operations: minor, for the spec and every package generated from it).
      const verdict = run.lines.findIndex((line) =>
        line.startsWith("spec:diff: no breaking change"),
      );
      expect(verdict, run.lines.join("\n")).toBeGreaterThan(0);
      const released = JSON.parse(readFileSync((await latestReleasedSpec()).path, "utf8"));
      const bump = neededBump(released, loadBundle(), 0);
      expect(run.lines[verdict]).toBe(
        `spec:diff: no breaking change since the released spec${bump ? ` (a ${bump} change)` : ""}.`,
      );
      const next = run.lines.slice(verdict + 1);
      expect(next[0]).toMatch(/^next step: /);
      if (next[0]?.startsWith("next step: add")) {
        // The changeset's lines: packages generated from the spec (those no pending changeset covers), each the bump.
        const generated = await packagesGeneratedFromSpec(workspaceRoot);
        const releases = next.flatMap((line) => /^\s+"([^"]+)": (\w+)$/.exec(line)?.slice(1) ?? []);
        expect(releases.length).toBeGreaterThan(0);
        for (let i = 0; i < releases.length; i += 2) {
          expect(generated).toContain(releases[i]);
          expect(releases[i + 1]).toBe(bump);
        }
      } else expect(next).toHaveLength(1);
      expect(run.lines.join("\n")).not.toMatch(/Node\.js 20|never used/);
    },
    TEST_HANG_BOUND_MS,
  );

  test(
    "`pnpm bench` without hyperfine: one line with the install command, exit 2",
    async () => {
      // A PATH with node and pnpm only, so hyperfine is not found even where it is installed.
      const bin = mkdtempSync(join(tmpdir(), "readme-output-bin-"));
      try {
        symlinkSync(process.execPath, join(bin, "node"));
        symlinkSync("/bin/sh", join(bin, "sh"));
        const which = await pnpmPath();
        symlinkSync(which, join(bin, "pnpm"));
        const run = await pnpm(["bench"], { PATH: bin });
        expect(run.status).toBe(2);
        expect(run.lines).toEqual([
          "pnpm bench needs hyperfine (a Debian package): apt-get install -y hyperfine, then run pnpm bench again",
        ]);
      } finally {
        rmSync(bin, { recursive: true, force: true });
      }
    },
    TEST_HANG_BOUND_MS,
  );
});

describe("a server that is not there", () => {
  test.each([
    ["verify", ["verify"], "merchant-payments-verify"],
    ["load --run", ["load", "--run"], "merchant-payments-verify load"],
  ])(
    "`pnpm %s` stops at once: exit 3, one line naming the URL and `pnpm mock`",
    async (_, command, name) => {
      // A port just freed: nothing listens on it.
      const port = await getFreePort();
      const url = `http://127.0.0.1:${port}`;
      const run = await pnpm([...command, "--base-url", url], {
        MERCHANT_PAYMENTS_TOKEN: "any-token",
      });
      expect(run.status).toBe(3);
      expect(run.lines).toEqual([
        `${name}: nothing answers at ${url} (connection refused): start the mock with \`MOCK_PORT=${port} pnpm mock\` (or give --base-url the server's URL); stopped before sending anything (exit 3)`,
      ]);
    },
    TEST_HANG_BOUND_MS,
  );
});

test(
  "Ctrl-C of `pnpm --filter @merchant-payments/docs serve` exits 0 with one line",
  async () => {
    const run = await pnpm(
      ["--filter", "@merchant-payments/docs", "serve"],
      { DOCS_PORT: String(await getFreePort()) },
      /Ctrl-C stops/,
    );
    expect(run.status, run.lines.join("\n")).toBe(0);
    expect(run.lines.at(-1)).toBe("Stopped the docs server.");
    expect(run.text).not.toMatch(/ERR_PNPM|ELIFECYCLE/);
  },
  TEST_HANG_BOUND_MS,
);

/** Where `pnpm` is on this machine's PATH. */
async function pnpmPath(): Promise<string> {
  const { execFileSync } = await import("node:child_process");
  return execFileSync("sh", ["-c", "command -v pnpm"], { encoding: "utf8" }).trim();
}
