// The client against a hostile server, on both transports, each run in a child process so that its peak memory and
// event-loop stalls are measured: every answer ends in a typed error (or the exact result) within the timeout, in a
// few hundred MB, with the event loop responsive and the token nowhere in anything the client reports or logs.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadBundle, operations } from "@merchant-payments/spec";
import {
  DUPLICATE_WINNER_DIGITS,
  getFreePort,
  HOSTILE_TOKEN,
  type HostileKind,
  type HostileServer,
  hostileRunProblems,
  PEAK_PRELOAD,
  peakOf,
  startHostileServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { isBodyCall } from "./helpers/operation-shapes.js";
import { STAND_IN_API_KEYS } from "./helpers/stand-in-keys.js";

const TIMEOUT_MS = 10_000;
/** Generous bounds: a loaded CI machine must not flake them; the defects they catch were 9-20 s and 2.1 GB. */
const MARGIN_MS = 10_000;
// A stall of the whole budget would be the 1 GiB synchronous inflate (9-20 s); parsing 12 MB takes ~1.5 s at load 18.

const ENTRIES = {
  fetch: fileURLToPath(new URL("../dist/index.js", import.meta.url)),
  node: fileURLToPath(new URL("../dist/index.node.js", import.meta.url)),
} as const;

/** Every operation of the spec model with its first request example: no hand-kept list. */
/** The operations called with their JSON request example alone (`isBodyCall`), each with that example. */
const CALLS = operations(loadBundle())
  .filter(isBodyCall)
  .map((op) => [op.operationId, op.request?.examples[0]?.value ?? {}] as const);
const LOOKUP = CALLS.find(([id]) => id === "getTransaction") as (typeof CALLS)[number];

/** The peak-memory preload, inlined at the top of the child (its exit handler prints HOSTILE_PEAK). */
const PEAK_PRELOAD_IMPORT = `import { createRequire } from "node:module"; const require = createRequire(import.meta.url);\n${PEAK_PRELOAD}`;

/** The child: calls each operation once, prints what the client gave (errors as JSON and inspected) and its logs. */
const CHILD = `
import { inspect } from "node:util";
const { createMerchantPaymentsClient } = await import(process.env.CLIENT_ENTRY);
const cfg = JSON.parse(process.env.HOSTILE_CONFIG);
const logs = [];
const logger = Object.fromEntries(["error", "warn", "info", "debug"].map((l) => [l, (...a) => logs.push(a)]));
const client = createMerchantPaymentsClient({ baseUrl: cfg.baseUrl, token: cfg.token, ...(cfg.apiKeys ? { apiKeys: cfg.apiKeys } : {}), timeoutMs: cfg.timeoutMs, maxRetries: 0, logger, logLevel: "debug" });
const results = [];
globalThis.hostileLagReset();
for (const [op, body] of cfg.calls) {
  const started = performance.now();
  try {
    const { data, requestId, response } = await client[op](body).withResponse();
    results.push({ op, ok: true, ms: performance.now() - started, beneficiaryAccountNumber: data?.beneficiaryAccountNumber, requestId, headers: [...response.headers] });
  } catch (e) {
    results.push({ op, ok: false, ms: performance.now() - started, name: e?.name, mayHaveBeenProcessed: e?.mayHaveBeenProcessed, shown: JSON.stringify(e) + inspect(e, { depth: 8 }) });
  }
}
process.stdout.write(JSON.stringify({ results, logs: inspect(logs, { depth: 8 }) }));
`;

interface CallResult {
  op: string;
  ok: boolean;
  ms: number;
  name?: string;
  mayHaveBeenProcessed?: boolean;
  beneficiaryAccountNumber?: unknown;
}

/** Runs the child against `baseUrl`; its results, peak memory and longest event-loop stall. */
function runClient(
  transport: keyof typeof ENTRIES,
  baseUrl: string,
  calls: readonly (readonly [string, unknown])[],
) {
  return new Promise<{ results: CallResult[]; rssBytes: number; maxLagMs: number; output: string }>(
    (resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["--input-type=module", "-e", `${PEAK_PRELOAD_IMPORT}\n${CHILD}`],
        {
          env: {
            ...process.env,
            NODE_OPTIONS: "",
            CLIENT_ENTRY: ENTRIES[transport],
            HOSTILE_CONFIG: JSON.stringify({
              baseUrl,
              token: HOSTILE_TOKEN,
              ...(Object.keys(STAND_IN_API_KEYS).length > 0 ? { apiKeys: STAND_IN_API_KEYS } : {}),
              timeoutMs: TIMEOUT_MS,
              calls,
            }),
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c) => {
        stdout += c;
      });
      child.stderr.on("data", (c) => {
        stderr += c;
      });
      const killer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS * calls.length + 30_000);
      child.once("error", reject);
      child.once("close", () => {
        clearTimeout(killer);
        const peak = peakOf(stderr);
        try {
          const parsed = JSON.parse(stdout) as { results: CallResult[] };
          if (!peak) throw new Error(`no peak printed: ${stderr.slice(0, 500)}`);
          resolve({ results: parsed.results, ...peak, output: stdout + stderr });
        } catch (error) {
          reject(new Error(`child failed: ${(error as Error).message}\n${stderr.slice(0, 2000)}`));
        }
      });
    },
  );
}

/** Every bound of a hostile answer: time, memory, event loop, and the token nowhere (nor 8 characters of it). */
function expectBounded(run: Awaited<ReturnType<typeof runClient>>, label: string): void {
  const figures = run.results.map((r) => `${r.op} ${Math.round(r.ms)} ms`).join(", ");
  console.log(
    `${label}: peak RSS ${(run.rssBytes / 2 ** 20).toFixed(0)} MB, longest event-loop stall ${run.maxLagMs.toFixed(0)} ms; ${figures}`,
  );
  for (const r of run.results)
    expect(r.ms, `${r.op} took ${r.ms} ms`).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  expect(hostileRunProblems(run, run.output)).toEqual([]);
}

const EXPECTED: Partial<Record<HostileKind, string>> = {
  "echo-credentials": "UnexpectedResponseError",
  "gzip-bomb": "ResponseTooLargeError",
  "endless-body": "ResponseTooLargeError",
  "deep-nesting": "UnexpectedResponseError",
  "corrupt-gzip": "UnexpectedResponseError",
  "truncated-gzip": "UnexpectedResponseError",
};

// Each test starts a child process and reads up to the answer limit: generous, for a loaded CI machine.
vi.setConfig({ testTimeout: 60_000 });

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer("html");
});
afterAll(() => server?.close());

describe.each(["fetch", "node"] as const)(
  "the %s transport against a hostile server",
  (transport) => {
    test.each(Object.entries(EXPECTED))(
      "%s ends in %s, bounded, the token nowhere",
      async (kind, name) => {
        server.kind = kind as HostileKind;
        const run = await runClient(transport, server.baseUrl, [LOOKUP]);
        expectBounded(run, `${transport} ${kind}`);
        expect(run.results[0]).toMatchObject({ ok: false, name, mayHaveBeenProcessed: true });
      },
    );

    test.each(["html", "empty"] as const)(
      "a 2xx %s body is an UnexpectedResponseError for every operation called with its JSON body",
      async (kind) => {
        server.kind = kind;
        const run = await runClient(transport, server.baseUrl, CALLS);
        expectBounded(run, `${transport} ${kind}`);
        expect(run.results.map((r) => [r.op, r.name])).toEqual(
          CALLS.map(([op]) => [op, "UnexpectedResponseError"]),
        );
      },
    );

    test.each(["huge-string", "duplicate-keys"] as const)(
      "%s: the result keeps the exact digits of the integer JSON.parse kept",
      async (kind) => {
        server.kind = kind;
        const run = await runClient(transport, server.baseUrl, [LOOKUP]);
        expectBounded(run, `${transport} ${kind}`);
        expect(run.results[0]).toMatchObject({
          ok: true,
          beneficiaryAccountNumber: DUPLICATE_WINNER_DIGITS,
        });
      },
    );

    test("nothing listening: a ConnectionError that says nothing was sent", async () => {
      const run = await runClient(transport, `http://127.0.0.1:${await getFreePort()}`, [LOOKUP]);
      expectBounded(run, `${transport} nothing listening`);
      expect(run.results[0]).toMatchObject({
        ok: false,
        name: "ConnectionError",
        mayHaveBeenProcessed: false,
      });
    });
  },
);
