// Reads Artillery's JSON report into a per-operation summary (requests, latency percentiles, errors by kind,
// spec violations by check), judges it against the thresholds, and prints it.
import { COUNTER_PREFIX } from "./processor-data.js";

const ENDPOINT = "plugins.metrics-by-endpoint";

/** Latency percentiles in milliseconds (time to first byte, as Artillery measures `http.response_time`). */
interface Latency {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** One operation's figures. */
interface OperationLoad {
  /** The operationId, read from the report's counter names (metrics-by-endpoint and the processor key them by it). */
  readonly operationId: string;
  /** Requests that got an answer or failed in transport. */
  readonly requests: number;
  /** Answers counted by HTTP status code, e.g. `{ "200": 95, "429": 5 }`. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Latency of its answers; undefined when none came. */
  readonly latency?: Latency;
  /** Errors by kind: transport errors by code (`ECONNRESET`, `ETIMEDOUT`) and `http <status>` for 4xx/5xx. */
  readonly errors: Readonly<Record<string, number>>;
  /** Requests counted against --max-error-rate: transport errors, 5xx and 429 answers. */
  readonly failed: number;
  /** Answers that conform to the spec. */
  readonly conforming: number;
  /** Answers that do not. */
  readonly nonConforming: number;
  /** Non-conforming answers by the check that failed (`status`, `media-type`, `body`, `schema`, `header`, `invariant`). */
  readonly violations: Readonly<Record<string, number>>;
}

/** The whole run's figures. */
export interface LoadSummary {
  /** Per operation, in the order of the report's first mention. */
  readonly operations: readonly OperationLoad[];
  /** Requests of every operation: answered or failed in transport. */
  readonly requests: number;
  /** Requests counted against --max-error-rate. */
  readonly failed: number;
  /** Answers of every operation that broke the spec; any one fails the run. */
  readonly nonConforming: number;
  /** Latency over every answer (Artillery's `http.response_time`); undefined when none came. */
  readonly latency?: Latency;
}

/** Limits a run must stay within (besides zero violations). */
export interface Thresholds {
  /** Highest p99 latency in milliseconds, per operation and overall; default none. */
  readonly maxP99Ms?: number;
  /** Highest share (0 to 1) of requests failed in transport or answered 5xx or 429; default 0.01. */
  readonly maxErrorRate: number;
}

/** Default `--max-error-rate`: the share (0 to 1) of requests failed in transport or answered 5xx or 429. */
export const DEFAULT_MAX_ERROR_RATE = 0.01;

interface ArtilleryAggregate {
  counters?: Record<string, number>;
  summaries?: Record<string, Partial<Record<"p50" | "p95" | "p99" | "median", number>>>;
}

function latencyOf(
  summary: ArtilleryAggregate["summaries"] extends infer S ? S : never,
  name: string,
): Latency | undefined {
  const s = summary?.[name];
  if (!s || s.p99 === undefined) return undefined;
  return { p50: s.p50 ?? s.median ?? 0, p95: s.p95 ?? 0, p99: s.p99 };
}

function bump(record: Record<string, number>, key: string, by: number): void {
  record[key] = (record[key] ?? 0) + by;
}

/** Summarises Artillery's JSON report (the object it writes with `--output`). */
export function summarizeReport(report: unknown): LoadSummary {
  const aggregate = ((report as { aggregate?: ArtilleryAggregate })?.aggregate ??
    {}) as ArtilleryAggregate;
  const counters = aggregate.counters ?? {};
  const byOp = new Map<
    string,
    {
      statuses: Record<string, number>;
      errors: Record<string, number>;
      violations: Record<string, number>;
      conforming: number;
      nonConforming: number;
      transport: number;
    }
  >();
  const entry = (id: string) => {
    let e = byOp.get(id);
    if (!e) {
      e = {
        statuses: {},
        errors: {},
        violations: {},
        conforming: 0,
        nonConforming: 0,
        transport: 0,
      };
      byOp.set(id, e);
    }
    return e;
  };
  for (const [name, value] of Object.entries(counters)) {
    let m = new RegExp(`^${ENDPOINT}\\.(.+)\\.codes\\.(\\d+)$`).exec(name);
    if (m) {
      const e = entry(m[1] as string);
      bump(e.statuses, m[2] as string, value);
      if (Number(m[2]) >= 400) bump(e.errors, `http ${m[2]}`, value);
      continue;
    }
    m = new RegExp(`^${ENDPOINT}\\.(.+)\\.errors\\.(.+)$`).exec(name);
    if (m) {
      const e = entry(m[1] as string);
      bump(e.errors, m[2] as string, value);
      e.transport += value;
      continue;
    }
    m = new RegExp(
      `^${COUNTER_PREFIX}\\.([^.]+)\\.(conforming|non_conforming|violation\\.(.+))$`,
    ).exec(name);
    if (m) {
      const e = entry(m[1] as string);
      if (m[2] === "conforming") e.conforming += value;
      else if (m[2] === "non_conforming") e.nonConforming += value;
      else bump(e.violations, m[3] as string, value);
    }
  }
  const operations: OperationLoad[] = [...byOp.entries()].map(([operationId, e]) => {
    const answered = Object.values(e.statuses).reduce((a, b) => a + b, 0);
    const serverFailures = Object.entries(e.statuses)
      .filter(([status]) => Number(status) >= 500 || status === "429")
      .reduce((a, [, n]) => a + n, 0);
    const latency = latencyOf(aggregate.summaries, `${ENDPOINT}.response_time.${operationId}`);
    return {
      operationId,
      requests: answered + e.transport,
      statuses: e.statuses,
      ...(latency ? { latency } : {}),
      errors: e.errors,
      failed: e.transport + serverFailures,
      conforming: e.conforming,
      nonConforming: e.nonConforming,
      violations: e.violations,
    };
  });
  const sum = (f: (o: OperationLoad) => number) => operations.reduce((a, o) => a + f(o), 0);
  const latency = latencyOf(aggregate.summaries, "http.response_time");
  return {
    operations,
    requests: sum((o) => o.requests),
    failed: sum((o) => o.failed),
    nonConforming: sum((o) => o.nonConforming),
    ...(latency ? { latency } : {}),
  };
}

/** Every reason the run fails: violations, thresholds crossed, nothing sent. Empty when it passes. */
export function verdict(summary: LoadSummary, thresholds: Thresholds): string[] {
  const reasons: string[] = [];
  if (summary.requests === 0) reasons.push("no request was sent");
  for (const op of summary.operations) {
    if (op.nonConforming > 0) {
      const checks = Object.entries(op.violations)
        .map(([check, n]) => `${check} ${n}`)
        .join(", ");
      reasons.push(`${op.operationId}: ${op.nonConforming} answer(s) break the spec (${checks})`);
    }
    if (thresholds.maxP99Ms !== undefined && op.latency && op.latency.p99 > thresholds.maxP99Ms) {
      reasons.push(
        `${op.operationId}: p99 ${op.latency.p99} ms is above --max-p99-ms ${thresholds.maxP99Ms}`,
      );
    }
  }
  if (
    thresholds.maxP99Ms !== undefined &&
    summary.latency &&
    summary.latency.p99 > thresholds.maxP99Ms
  ) {
    reasons.push(
      `all operations: p99 ${summary.latency.p99} ms is above --max-p99-ms ${thresholds.maxP99Ms}`,
    );
  }
  const rate = summary.requests === 0 ? 0 : summary.failed / summary.requests;
  if (rate > thresholds.maxErrorRate) {
    reasons.push(
      `error rate ${(rate * 100).toFixed(2)}% (${summary.failed} of ${summary.requests}: transport errors, 5xx, 429) is above --max-error-rate ${thresholds.maxErrorRate}`,
    );
  }
  return reasons;
}

function kinds(record: Readonly<Record<string, number>>): string {
  const entries = Object.entries(record);
  return entries.length === 0 ? "-" : entries.map(([k, n]) => `${k} ${n}`).join(", ");
}

/** The summary as console lines: a row per operation, then the totals. */
export function formatLoadSummary(summary: LoadSummary): string {
  const header = [
    "operation",
    "requests",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "non-conforming",
    "errors",
    "violations",
  ];
  const rows = summary.operations.map((op) => [
    op.operationId,
    String(op.requests),
    op.latency ? String(op.latency.p50) : "-",
    op.latency ? String(op.latency.p95) : "-",
    op.latency ? String(op.latency.p99) : "-",
    String(op.nonConforming),
    kinds(op.errors),
    kinds(op.violations),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (r[i] as string).length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join("  ")
      .trimEnd();
  const l = summary.latency;
  return [
    line(header),
    ...rows.map(line),
    `total: ${summary.requests} requests, ${summary.nonConforming} non-conforming, ${summary.failed} failed (transport, 5xx, 429)${l ? `, p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms` : ""}`,
  ].join("\n");
}
