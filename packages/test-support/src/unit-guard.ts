// The unit tier's setup file (`pnpm test:unit`, vitest.unit.config.ts): a unit test that starts a child process,
// opens a server or a socket, or fetches over the network fails with UnitTierViolation, naming what it did, so the
// classifier (test-graph.ts) can never put a server, browser or process test into the tier unnoticed.
import childProcess from "node:child_process";
import http from "node:http";
import https from "node:https";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import tls from "node:tls";

/** What a unit-tier test did that the tier forbids. */
export class UnitTierViolation extends Error {
  override name = "UnitTierViolation";
  constructor(what: string) {
    super(
      `A unit-tier test called ${what}: the unit tier runs no child process, server, socket or network call. ` +
        "The classifier (packages/test-support/src/test-graph.ts) must see why this file needs one.",
    );
  }
}

/** The functions the guard replaces, by module. */
const FORBIDDEN = {
  child_process: [
    "spawn",
    "spawnSync",
    "exec",
    "execSync",
    "execFile",
    "execFileSync",
    "fork",
  ] as const,
  net: ["createServer", "connect", "createConnection"] as const,
  http: ["createServer", "request", "get"] as const,
  https: ["createServer", "request", "get"] as const,
  tls: ["createServer", "connect"] as const,
};

/** Replaces the process, server and socket functions and `fetch` with ones that throw UnitTierViolation. */
export function installUnitGuard(): void {
  const modules: Record<keyof typeof FORBIDDEN, Record<string, unknown>> = {
    child_process: childProcess as unknown as Record<string, unknown>,
    net: net as unknown as Record<string, unknown>,
    http: http as unknown as Record<string, unknown>,
    https: https as unknown as Record<string, unknown>,
    tls: tls as unknown as Record<string, unknown>,
  };
  for (const [module, names] of Object.entries(FORBIDDEN) as [
    keyof typeof FORBIDDEN,
    readonly string[],
  ][]) {
    for (const name of names) {
      modules[module][name] = () => {
        throw new UnitTierViolation(`node:${module} ${name}()`);
      };
    }
  }
  // ESM importers of the builtins see the replaced functions too.
  syncBuiltinESMExports();
  globalThis.fetch = async (input: string | URL | Request) => {
    throw new UnitTierViolation(`fetch(${String(input instanceof Request ? input.url : input)})`);
  };
}

installUnitGuard();
