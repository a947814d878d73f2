// Every command of the root README's command table works as written: `pnpm <name> …` runs the root script <name>
// (not a pnpm built-in of the same name, as `pnpm docs` once did) with the arguments appended, and that script names
// files and packages that exist. Checked by running pnpm itself with a script shell that prints the line it was
// given instead of running it, so nothing is built or served. A name that is no script must be a bin pnpm can run.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { runGroup } from "../src/process-group.js";
import { COMMAND_HANG_BOUND_MS, TEST_HANG_BOUND_MS } from "./readme-run.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const readme = readFileSync(join(root, "README.md"), "utf8");
const scripts = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

/** Sample values for the placeholders of the table (`<upstream>`, `<url>`, `<token>`). */
const SAMPLES: Record<string, string> = {
  upstream: "http://127.0.0.1:9",
  url: "http://127.0.0.1:9",
  token: "sample-token",
};

/** The commands of the README's tables: the first cell of every row that is a `pnpm …` command (padded or not). */
function tableCommands(text: string): string[] {
  return [...text.matchAll(/^\| `(pnpm [^`]+)` *\|/gm)].map((match) => match[1] as string);
}

const commands = tableCommands(readme).map((written) => {
  const [, name = "", ...rest] = written.split(/\s+/);
  const args = rest.map((word) =>
    word.replace(/^<(\w+)>$/, (_, key: string) => SAMPLES[key] ?? key),
  );
  return { written, name, args };
});

const fakeShell = join(mkdtempSync(join(tmpdir(), "readme-commands-")), "print-script.sh");
writeFileSync(fakeShell, '#!/bin/sh\nprintf "RAN:%s\\n" "$2"\n');
chmodSync(fakeShell, 0o755);

/** Runs pnpm in the root with the printing script shell (its process tree stopped with it); its status and output. */
async function pnpm(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runGroup("pnpm", args, {
    cwd: root,
    env: { ...process.env, npm_config_script_shell: fakeShell },
    timeoutMs: COMMAND_HANG_BOUND_MS,
  });
  return { status: code ?? 1, stdout, stderr };
}

describe("the root README's command table", () => {
  test("lists the commands (the table was found)", () => {
    expect(commands.map((c) => c.name)).toEqual(
      expect.arrayContaining(["build", "test", "mock", "mock:proxy", "verify", "docs:serve"]),
    );
  });

  // Concurrent: each is a pnpm start-up, and nothing is built or served.
  test.concurrent.each(commands.filter((c) => c.name in scripts))(
    "`$written` runs the root script $name with its arguments",
    async ({ name, args }) => {
      const run = await pnpm([name, ...args]);
      expect(run.status, run.stderr).toBe(0);
      const ran = /^RAN:(.*)$/m.exec(run.stdout)?.[1];
      expect(ran, `pnpm ran something else:\n${run.stdout}${run.stderr}`).toBe(
        [scripts[name], ...args].join(" "),
      );
    },
    TEST_HANG_BOUND_MS,
  );

  test.concurrent.each(commands.filter((c) => !(c.name in scripts)))(
    "`$written` is a bin pnpm runs (not a script, not a built-in)",
    async ({ name }) => {
      expect(existsSync(join(root, "node_modules", ".bin", name))).toBe(true);
      const run = await pnpm([name, "--help"]);
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout).not.toContain("RAN:");
    },
    TEST_HANG_BOUND_MS,
  );

  test("every script that runs a built command names a package and a file that exist", () => {
    const packages = new Set(
      ["spec", "docs", ...readdirPackages()].map(
        (dir) =>
          (JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as { name: string })
            .name,
      ),
    );
    const runners = Object.entries(scripts).filter(([, line]) =>
      line.includes("scripts/run-built.mjs"),
    );
    expect(runners.length).toBeGreaterThan(0);
    for (const [name, line] of runners) {
      const [, pkg = "", file = ""] = /run-built\.mjs (\S+) (\S+)/.exec(line) ?? [];
      expect(packages.has(pkg), `${name}: ${pkg}`).toBe(true);
      expect(existsSync(join(root, file)), `${name}: ${file}`).toBe(true);
    }
  });
});

/** The workspace's package folders under packages/. */
function readdirPackages(): string[] {
  return readdirSync(join(root, "packages"))
    .filter((dir) => existsSync(join(root, "packages", dir, "package.json")))
    .map((dir) => `packages/${dir}`);
}

describe("the root README's Growing the spec steps", () => {
  const start = readme.indexOf("<!-- growing-the-spec -->");
  const section = readme.slice(start, readme.indexOf("\n## ", start));

  test("are marked, and name in step 1 the spec's folders, entry file and OWASP answers folder, which exist", () => {
    expect(start).toBeGreaterThan(0);
    const stepOne = section.slice(0, section.indexOf("\n2. "));
    const places = [...stepOne.matchAll(/`(spec\/[^`]*)`/g)].map((m) => m[1] ?? "");
    expect(places).toEqual(
      expect.arrayContaining([
        "spec/openapi/paths/",
        "spec/openapi/openapi.yaml",
        "spec/spectral/answers/",
      ]),
    );
    for (const place of places) expect(existsSync(join(root, place)), place).toBe(true);
  });

  test("run in step 2 root scripts only, ending with the whole pnpm test", () => {
    const command = section.match(/```sh\n\s*(.+)\n\s*```/)?.[1]?.trim() ?? "";
    const names = command.split("&&").map((part) => part.trim().split(/\s+/));
    expect(names.length).toBeGreaterThan(0);
    for (const [tool, name] of names) {
      expect(tool).toBe("pnpm");
      expect(Object.keys(scripts), `pnpm ${name}`).toContain(name);
    }
    expect(names.at(-1)).toEqual(["pnpm", "test"]);
  });

  test("are what pnpm test:grown runs on its copy", () => {
    expect(scripts["test:grown"]).toBe("node scripts/grown-product.mjs");
    const script = readFileSync(join(root, "scripts", "grown-product.mjs"), "utf8");
    expect(script).toContain("growingSteps(");
    expect(script).toContain("steps.command");
  });
});
