// A loopback server that answers as an attacker (a compromised upstream, a broken gateway) would: echoed
// credentials, a gzip bomb, an endless body, a huge string, bodies that are not JSON, duplicate keys, deep nesting,
// corrupt and truncated codings. Used by the client, proxy and verify tests of hostile answers.

import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** What the hostile server answers to every request. */
export type HostileKind =
  | "echo-credentials"
  | "gzip-bomb"
  | "endless-body"
  | "huge-string"
  | "html"
  | "empty"
  | "duplicate-keys"
  | "deep-nesting"
  | "corrupt-gzip"
  | "truncated-gzip";

/** Every kind, for tests that iterate them. */
export const HOSTILE_KINDS: readonly HostileKind[] = [
  "echo-credentials",
  "gzip-bomb",
  "endless-body",
  "huge-string",
  "html",
  "empty",
  "duplicate-keys",
  "deep-nesting",
  "corrupt-gzip",
  "truncated-gzip",
];

/** The digits the duplicate-keys answer gives its last `beneficiaryAccountNumber` (more than a double holds). */
export const DUPLICATE_WINNER_DIGITS = "12345678901234567891";

/** Bytes the gzip bomb inflates to (1 GiB), from about 1 MiB on the wire. */
export const BOMB_INFLATED_BYTES = 1024 ** 3;

/** Characters of the huge-string answer's string (12 million). */
export const HUGE_STRING_CHARS = 12_000_000;

/** One gzip member of 1 MiB of zeros; 1024 of them back to back are one valid gzip body of 1 GiB (RFC 1952). */
let bombMember: Buffer | undefined;
function gzipBomb(): Buffer[] {
  bombMember ??= gzipSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });
  return Array.from({ length: BOMB_INFLATED_BYTES / (1024 * 1024) }, () => bombMember as Buffer);
}

/** The huge-string answer, built once. */
let hugeString: Buffer | undefined;

function gzipOf(text: string): Buffer {
  return gzipSync(Buffer.from(text));
}

const JSON_TYPE = { "content-type": "application/json" };

/** Writes `chunks` with backpressure until done or the client goes away. */
function stream(res: ServerResponse, next: () => Buffer | undefined): void {
  const pump = () => {
    for (;;) {
      const chunk = next();
      if (chunk === undefined) return void res.end();
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
  };
  res.once("close", () => res.removeAllListeners("drain"));
  pump();
}

function answer(kind: HostileKind, req: IncomingMessage, res: ServerResponse): void {
  const auth = req.headers.authorization ?? "";
  switch (kind) {
    case "echo-credentials": {
      // The token in the request id and another header, and in a body that is not JSON (a parse message quotes it).
      res.writeHead(200, { ...JSON_TYPE, "x-request-id": auth, "x-echo": auth.slice(7, 30) });
      return void res.end(`{"echo": ${auth.slice(7)}`);
    }
    case "gzip-bomb": {
      const members = gzipBomb();
      let i = 0;
      res.writeHead(200, { ...JSON_TYPE, "content-encoding": "gzip" });
      stream(res, () => members[i++]);
      return;
    }
    case "endless-body": {
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      res.writeHead(200, JSON_TYPE);
      res.write('{"a":"');
      stream(res, () => {
        sent += chunk.length;
        return sent <= 1024 ** 3 ? chunk : undefined;
      });
      return;
    }
    case "huge-string": {
      hugeString ??= Buffer.from(
        `{"note":"${"x".repeat(HUGE_STRING_CHARS)}","beneficiaryAccountNumber":${DUPLICATE_WINNER_DIGITS}}`,
      );
      res.writeHead(200, JSON_TYPE);
      return void res.end(hugeString);
    }
    case "html":
      res.writeHead(200, { "content-type": "text/html" });
      return void res.end("<html><body><form>Login</form></body></html>");
    case "empty":
      res.writeHead(200, JSON_TYPE);
      return void res.end();
    case "duplicate-keys":
      res.writeHead(200, JSON_TYPE);
      return void res.end(
        `{"beneficiaryAccountNumber":1,"beneficiaryAccountNumber":${DUPLICATE_WINNER_DIGITS}}`,
      );
    case "deep-nesting":
      res.writeHead(200, JSON_TYPE);
      return void res.end(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    case "corrupt-gzip": {
      const body = gzipOf(JSON.stringify({ message: "x".repeat(10_000) }));
      for (let i = 12; i < body.length - 8; i += 7) body[i] = (body[i] as number) ^ 0x55;
      res.writeHead(200, { ...JSON_TYPE, "content-encoding": "gzip" });
      return void res.end(body);
    }
    case "truncated-gzip": {
      const body = gzipOf(JSON.stringify({ message: "x".repeat(10_000) }));
      res.writeHead(200, { ...JSON_TYPE, "content-encoding": "gzip" });
      return void res.end(body.subarray(0, body.length - 40));
    }
  }
}

/** A running hostile server: its base URL, what it answers (changeable), how to stop it. */
export interface HostileServer {
  readonly baseUrl: string;
  kind: HostileKind;
  close(): Promise<void>;
}

/**
 * Starts a hostile server on a free loopback port, answering every request as `kind`, or as the kind a request names
 * in its `x-hostile-kind` header (so that one test can send several kinds at once through a proxy).
 */
export async function startHostileServer(kind: HostileKind): Promise<HostileServer> {
  const state = { kind };
  const server: Server = createServer((req, res) => {
    req.resume();
    const named = req.headers["x-hostile-kind"];
    const kind = HOSTILE_KINDS.includes(named as HostileKind) ? (named as HostileKind) : state.kind;
    req.once("end", () => answer(kind, req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get kind() {
      return state.kind;
    },
    set kind(value: HostileKind) {
      state.kind = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A `--require` preload (for NODE_OPTIONS) that prints, at exit, the process's peak memory and longest event-loop
 * stall to stderr as `HOSTILE_PEAK {"rssBytes":…,"maxLagMs":…}`; parse it with {@link peakOf}. Stalls count from
 * the process's SIGUSR2 (send it once the process is ready) or its call of `globalThis.hostileLagReset()`.
 */
export const PEAK_PRELOAD = `
const { monitorEventLoopDelay } = require("node:perf_hooks");
const { writeSync } = require("node:fs");
const h = monitorEventLoopDelay({ resolution: 20 });
h.enable();
// Start-up (loading modules) is not a stall of the work measured: the histogram restarts once it is over, told by
// a SIGUSR2 from the test or by the process calling globalThis.hostileLagReset().
globalThis.hostileLagReset = () => h.reset();
process.on("SIGUSR2", () => h.reset());
process.on("exit", () => {
  writeSync(2, "\\nHOSTILE_PEAK " + JSON.stringify({ rssBytes: process.resourceUsage().maxRSS * 1024, maxLagMs: h.max / 1e6 }) + "\\n");
});
`;

/** The peak a process printed through {@link PEAK_PRELOAD}; undefined when it printed none. */
export function peakOf(stderr: string): { rssBytes: number; maxLagMs: number } | undefined {
  const line = /HOSTILE_PEAK (\{.*\})/.exec(stderr);
  return line ? JSON.parse(line[1] as string) : undefined;
}

/** The access token the hostile tests send: a live-looking one, so that any echo of it (or of a fragment) is caught. */
export const HOSTILE_TOKEN = "tok_live_Qz9XwVh3KpL7mNc2RtY8bJdSECRET";

/** The most memory a process under hostile answers may reach (peak RSS, bytes): generous, so a loaded CI never flakes. */
export const MAX_HOSTILE_RSS_BYTES = 400 * 1024 * 1024;

/** The longest event-loop stall allowed under hostile answers, in ms (the defects it catches stalled 9-20 s). */
export const MAX_HOSTILE_LAG_MS = 5_000;

/** A fresh temporary folder (for reports) holding {@link PEAK_PRELOAD} as `peak.cjs`, for `node --require <preload>`. */
export function hostileWorkDir(prefix: string): { dir: string; preload: string } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const preload = join(dir, "peak.cjs");
  writeFileSync(preload, PEAK_PRELOAD);
  return { dir, preload };
}

/** Every fragment of 8 characters of `token` (default {@link HOSTILE_TOKEN}) that `text` holds: [] when none. */
export function tokenFragmentsIn(text: string, token: string = HOSTILE_TOKEN): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= token.length; i++) {
    const fragment = token.slice(i, i + 8);
    if (text.includes(fragment)) found.push(fragment);
  }
  return found;
}

/**
 * What a run under hostile answers broke, in words: no peak printed (see {@link PEAK_PRELOAD}), peak RSS or the
 * longest event-loop stall over {@link MAX_HOSTILE_RSS_BYTES} / {@link MAX_HOSTILE_LAG_MS}, the token or a fragment of
 * it in `shown` (never quoted). [] when none.
 */
export function hostileRunProblems(
  peak: { rssBytes: number; maxLagMs: number } | undefined,
  shown: string,
  token: string = HOSTILE_TOKEN,
): string[] {
  const problems: string[] = [];
  if (!peak) problems.push("no peak printed");
  else {
    if (!(peak.rssBytes < MAX_HOSTILE_RSS_BYTES))
      problems.push(`peak RSS ${peak.rssBytes} B, over ${MAX_HOSTILE_RSS_BYTES} B`);
    if (!(peak.maxLagMs < MAX_HOSTILE_LAG_MS))
      problems.push(`event-loop stall ${peak.maxLagMs} ms, over ${MAX_HOSTILE_LAG_MS} ms`);
  }
  const fragments = tokenFragmentsIn(shown, token).length;
  if (fragments > 0) problems.push(`${fragments} fragments of the token shown`);
  return problems;
}
