// scripts/publish-packed.mjs (release.yml's publish step) against a loopback npm registry: the packed tarballs are
// published byte for byte with plain npm, a version already on the registry is skipped, each published package
// prints the "New tag:" line changesets/action reads, and every failure exits 1 without publishing over it.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type LoopbackServer,
  type ReceivedRequest,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const script = fileURLToPath(new URL("../scripts/publish-packed.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "pipelines-publish-"));
const tarballs = join(dir, "tarballs");
const REGISTRY_TOKEN = "registry-test-token";

/** The packages packed for the test: one the registry already has, one it has not. */
const PACKAGES = [
  { name: "@pipelines-test/already", version: "1.0.0" },
  { name: "@pipelines-test/fresh", version: "2.0.0" },
] as const;

let registry: LoopbackServer;

/** Packs a tiny package with `npm pack`; its tarball's file name. */
function packTiny(name: string, version: string): string {
  const source = join(dir, "src", name.replace("/", "+"));
  mkdirSync(source, { recursive: true });
  writeFileSync(
    join(source, "package.json"),
    JSON.stringify({ name, version, main: "index.js", dependencies: { semver: "7.8.6" } }),
  );
  writeFileSync(join(source, "index.js"), "module.exports = 1;\n");
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", tarballs], {
    cwd: source,
    encoding: "utf8",
  });
  return JSON.parse(out)[0].filename;
}

/** A registry answering the packument of `already` (1.0.0), 404 for the other, 200 to a publish. */
function answerAsRegistry(request: ReceivedRequest, response: import("node:http").ServerResponse) {
  const name = decodeURIComponent(request.url.slice(1).split("?")[0] ?? "");
  if (request.method === "PUT") return sendJson(response, 200, { ok: true });
  if (name !== "@pipelines-test/already") return sendJson(response, 404, { error: "Not found" });
  sendJson(response, 200, {
    name,
    "dist-tags": { latest: "1.0.0" },
    versions: {
      "1.0.0": {
        name,
        version: "1.0.0",
        dist: { tarball: `${registry.baseUrl}/x.tgz`, shasum: "0" },
      },
    },
  });
}

/** Runs the script with npm pointed at the loopback registry (CI variables removed: npm's provenance reads them). */
async function publish(...args: string[]): Promise<{ status: number | null; output: string }> {
  const { CI: _ci, GITHUB_ACTIONS: _gha, GITLAB_CI: _gitlab, ...env } = process.env;
  const userconfig = join(dir, ".npmrc");
  writeFileSync(userconfig, `//127.0.0.1:${registry.port}/:_authToken=${REGISTRY_TOKEN}\n`);
  const child = spawn(process.execPath, [script, "--dir", tarballs, ...args], {
    env: {
      ...env,
      npm_config_registry: `${registry.baseUrl}/`,
      npm_config_userconfig: userconfig,
      npm_config_cache: join(dir, "npm-cache"),
      npm_config_prefer_online: "true",
      npm_config_update_notifier: "false",
      npm_config_fetch_retries: "0",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { status, output };
}

beforeAll(async () => {
  mkdirSync(tarballs, { recursive: true });
  const packs = PACKAGES.map(({ name, version }) => ({
    name,
    version,
    file: packTiny(name, version),
  }));
  writeFileSync(join(tarballs, "packs.json"), JSON.stringify(packs, null, 2));
  registry = await startLoopbackServer();
}, 60_000);

afterAll(async () => {
  await registry?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("publish-packed.mjs", () => {
  test("publishes the version the registry lacks, byte for byte, skips the one it has, and prints New tag:", async () => {
    registry.handle(answerAsRegistry);
    const { status, output } = await publish();
    expect(output).toContain(
      "publish: @pipelines-test/already@1.0.0 is already on the registry, skipped",
    );
    expect(output).toMatch(/^New tag: @pipelines-test\/fresh@2\.0\.0$/m);
    expect(output).not.toMatch(/New tag: @pipelines-test\/already/);
    expect(status).toBe(0);
    const puts = registry.received.filter((r) => r.method === "PUT");
    expect(puts.map((r) => decodeURIComponent(r.url))).toEqual(["/@pipelines-test/fresh"]);
    expect(puts[0]?.headers.authorization).toBe(`Bearer ${REGISTRY_TOKEN}`);
    const body = JSON.parse(puts[0]?.body ?? "{}");
    const attachment = body._attachments["@pipelines-test/fresh-2.0.0.tgz"];
    const packed = readFileSync(join(tarballs, "pipelines-test-fresh-2.0.0.tgz"));
    expect(Buffer.from(attachment.data, "base64").equals(packed)).toBe(true);
    expect(body.versions["2.0.0"].dependencies).toEqual({ semver: "7.8.6" });
  }, 120_000);

  test("passes --provenance to npm publish: outside a CI provider npm refuses it, and nothing is published", async () => {
    registry.handle(answerAsRegistry);
    const { status, output } = await publish("--provenance");
    expect(status).toBe(1);
    expect(output).toMatch(
      /publish: npm publish .*pipelines-test-fresh-2\.0\.0\.tgz --access public --provenance failed: .*provenance/i,
    );
    expect(registry.received.filter((r) => r.method === "PUT")).toEqual([]);
  }, 120_000);

  test("exits 1 naming the package when the registry cannot say what it has, and publishes nothing", async () => {
    registry.handle((_request, response) => sendJson(response, 500, { error: "down" }));
    const { status, output } = await publish();
    expect(status).toBe(1);
    expect(output).toContain("publish: npm view @pipelines-test/already@1.0.0 failed");
    expect(output).toContain("publish: npm view @pipelines-test/fresh@2.0.0 failed");
    expect(registry.received.filter((r) => r.method === "PUT")).toEqual([]);
  }, 120_000);
});
