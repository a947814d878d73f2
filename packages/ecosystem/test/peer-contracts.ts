// What the peer contract suites share (Redocly Respect; Portman run by newman): the two specs they run on, a copy of
// each whose only server is the mock, the judgement of a run against its list of known peer limits (every failing
// check must be a listed limit of an operation the spec has, and every such limit must still fail, else the list is
// stale), and the suite itself (`peerSuite`: the set-up and one test per spec).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type MockServer, startMock } from "@merchant-payments/mock";
import type { OperationSpec } from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operationsOf } from "./shapes.js";
import { publishedSpec, scratch, stepLimitMs } from "./support.js";

/** What a peer test may take beside its tool's steps (starting, reading reports), in milliseconds. */
const PEER_TEST_BOUND_MS = 60_000;

const require = createRequire(import.meta.url);

/** The specs the suites run on: the product spec, and the grown fixture (one operation of every OpenAPI shape). */
const PEER_SPECS = {
  product: publishedSpec,
  grown: require.resolve("@merchant-payments/spec/fixtures/grown.json"),
} as const;

/** Which of {@link PEER_SPECS}. */
export type PeerSpec = keyof typeof PEER_SPECS;

/** Why a peer tool fails checks, and the tool's own issue where there is one. */
interface LimitReason {
  /** Why the tool fails it (what it sends or checks wrongly), and what the mock answers. */
  readonly reason: string;
  /** The tool's issue about it, where one exists. */
  readonly issue?: string;
}

/** A check a peer tool gets wrong on one operation of our spec and mock, named by its operationId. */
interface OperationLimit extends LimitReason {
  /** The operation it fails on: the limit is expected on every spec that has it (the grown fixture, a grown product). */
  readonly operationId: string;
  /** The failing checks, each as the suite names it (`<workflow or request> :: <check>`), exactly. */
  readonly checks: readonly string[];
}

/**
 * A check a peer tool gets wrong on every operation of a shape (a binary answer, a deepObject parameter, a multipart
 * body…): expected of any operation of that shape, whatever its name, on any spec (one grown by operations nobody
 * here wrote included).
 */
interface ShapeLimit extends LimitReason {
  /** The shape, in words. */
  readonly shape: string;
  /** Whether `op` has the shape. */
  readonly applies: (op: OperationSpec) => boolean;
  /** The checks the tool fails on `op`, each as the suite names it (`<workflow or request> :: <check>`). */
  readonly checks: (op: OperationSpec) => readonly string[];
}

/** A peer tool's known limit: on a named operation, or on every operation of a shape. */
export type PeerLimit = OperationLimit | ShapeLimit;

/** The operations a run's spec has, as the judgement reads them (a shape limit reads the rest of the model). */
export type JudgedOperation = Pick<OperationSpec, "operationId"> & Partial<OperationSpec>;

/** The checks `limits` expect to fail on a spec with `ops`. */
function expectedFailures(ops: readonly JudgedOperation[], limits: readonly PeerLimit[]): string[] {
  const present = new Set(ops.map((op) => op.operationId));
  return limits.flatMap((limit) =>
    "operationId" in limit
      ? present.has(limit.operationId)
        ? [...limit.checks]
        : []
      : (ops as readonly OperationSpec[]).filter(limit.applies).flatMap((op) => limit.checks(op)),
  );
}

/** A peer suite's run on one spec: how many checks ran, and the names of those that failed. */
export interface PeerRun {
  readonly checks: number;
  readonly failed: readonly string[];
}

/**
 * The failures of `run` no limit lists, and the listed checks that no longer fail (stale entries): the limits of the
 * operations in `ops` (those of the spec the run was on: named, or of a listed shape) are expected.
 */
export function judgePeerRun(
  run: PeerRun,
  ops: readonly JudgedOperation[],
  limits: readonly PeerLimit[],
): { unexplained: string[]; stale: string[] } {
  const listed = new Set(expectedFailures(ops, limits));
  const failed = new Set(run.failed);
  return {
    unexplained: [...failed].filter((check) => !listed.has(check)).sort(),
    stale: [...listed].filter((check) => !failed.has(check)).sort(),
  };
}

/** A scratch folder with a mock per spec, each spec copied there with the mock as its only server. */
interface PeerWorkspace {
  /** The scratch folder. */
  dir: string;
  /** The mock serving `spec`. */
  mock(spec: PeerSpec): MockServer;
  /** The copy of `spec` (JSON) whose `servers` is the mock's URL alone. */
  specFile(spec: PeerSpec): string;
}

/** Registers the set-up of a peer suite: in `beforeAll` a scratch folder and a mock per spec; `afterAll` removes them. */
function usePeerWorkspace(name: string): PeerWorkspace {
  let work: Awaited<ReturnType<typeof scratch>> | undefined;
  const mocks = new Map<PeerSpec, MockServer>();
  const files = new Map<PeerSpec, string>();
  beforeAll(async () => {
    work = await scratch(name);
    for (const spec of Object.keys(PEER_SPECS) as PeerSpec[]) {
      const mock = await startMock({ spec: PEER_SPECS[spec] });
      mocks.set(spec, mock);
      const document = JSON.parse(readFileSync(PEER_SPECS[spec], "utf8"));
      document.servers = [{ url: mock.baseUrl }];
      const file = join(work.dir, `${spec}.json`);
      writeFileSync(file, JSON.stringify(document, null, 2));
      files.set(spec, file);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...mocks.values()].map((mock) => mock.close()));
    await work?.remove();
  });
  const get = <T>(map: Map<PeerSpec, T>, spec: PeerSpec): T => {
    const value = map.get(spec);
    if (value === undefined) throw new Error("the peer workspace is set up in beforeAll");
    return value;
  };
  return {
    get dir() {
      if (!work) throw new Error("the peer workspace is set up in beforeAll");
      return work.dir;
    },
    mock: (spec) => get(mocks, spec),
    specFile: (spec) => get(files, spec),
  };
}

/** Runs a peer tool on one spec of a {@link PeerWorkspace}: its checks and the failed ones. */
export type PeerRunner = (workspace: PeerWorkspace, spec: PeerSpec) => Promise<PeerRun>;

/**
 * Registers a peer suite: `title`'s describe block, a {@link PeerWorkspace} named `name`, and for each spec a test
 * that `runner` ran checks and that every failure is a listed limit of an operation of that spec, each still failing.
 */
export function peerSuite(
  name: string,
  title: string,
  runner: PeerRunner,
  limits: readonly PeerLimit[],
): void {
  describe(title, () => {
    const workspace = usePeerWorkspace(name);
    for (const spec of Object.keys(PEER_SPECS) as PeerSpec[]) {
      const document = JSON.parse(readFileSync(PEER_SPECS[spec], "utf8"));
      const ops = operationsOf(document);
      test(
        `${spec} spec: every check passes but the tool's listed limits on its operations, each still failing`,
        async () => {
          const result = await runner(workspace, spec);
          expect(result.checks).toBeGreaterThan(0);
          expect(judgePeerRun(result, ops, limits)).toEqual({
            unexplained: [],
            stale: [],
          });
        },
        // A bound on a hang: the tool's steps, each bounded by the spec's size.
        PEER_TEST_BOUND_MS + 2 * stepLimitMs(ops.length),
      );
    }
  });
}
