// Fault injection for consumers' tests: a seeded share of requests answered with a 503, a 429 with
// Retry-After, added latency, a dropped connection, or a connection reset in the middle of the body.
import { FAULT_KINDS, type Fault, type FaultKind, isFaultKind } from "./fault-kinds.js";
import type { Preferences } from "./preferences.js";

/** How often and how a set of operations fails. */
export interface FaultRule {
  /** Share of requests answered with a fault, from 0 to 1; default 0 (none). */
  rate?: number;
  /** The faults to pick from, equally likely; default every kind. */
  kinds?: readonly FaultKind[];
  /** Added latency of a `latency` fault, in milliseconds; default 1000. */
  latencyMs?: number;
  /** `Retry-After` of a `rate-limited` fault, in seconds; default 1. */
  retryAfterSeconds?: number;
}

/** `startMock({ faults })`: a rule for every operation, rules per operation, and the seed of the draw. */
export interface FaultOptions extends FaultRule {
  /** Seed of the draw, so that a run picks the same requests again; default 1. */
  seed?: string | number;
  /** Rules by operationId that replace the top-level rule's fields for that operation; default none. */
  operations?: Readonly<Record<string, FaultRule>>;
}

/** A 32-bit hash of a seed (FNV-1a), the start state of the generator. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast, seedable generator of numbers in [0, 1). */
function generator(seed: string | number): () => number {
  let state = hashSeed(String(seed));
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Checks fault options; throws a RangeError naming the wrong field. */
export function validateFaultOptions(options: FaultOptions, operationIds: readonly string[]): void {
  const validateRule = (rule: FaultRule, where: string) => {
    if (rule.rate !== undefined && !(rule.rate >= 0 && rule.rate <= 1))
      throw new RangeError(`${where}rate must be from 0 to 1, got ${rule.rate}`);
    for (const kind of rule.kinds ?? [])
      if (!isFaultKind(kind))
        throw new RangeError(
          `${where}kinds: unknown fault ${JSON.stringify(kind)} (known: ${FAULT_KINDS.join(", ")})`,
        );
    if (rule.kinds && rule.kinds.length === 0)
      throw new RangeError(`${where}kinds must not be empty`);
    for (const key of ["latencyMs", "retryAfterSeconds"] as const) {
      const value = rule[key];
      if (value !== undefined && !(Number.isInteger(value) && value >= 0))
        throw new RangeError(`${where}${key} must be a non-negative integer, got ${value}`);
    }
  };
  validateRule(options, "faults.");
  for (const [id, rule] of Object.entries(options.operations ?? {})) {
    if (!operationIds.includes(id))
      throw new RangeError(`faults.operations: ${id} is not an operation of the spec`);
    validateRule(rule, `faults.operations.${id}.`);
  }
}

/** Decides, request by request, which fault (if any) to inject. */
export function createFaultPlan(options: FaultOptions | undefined) {
  const random = generator(options?.seed ?? 1);
  return function faultFor(
    operationId: string | undefined,
    preferences: Preferences,
  ): Fault | undefined {
    const rule: FaultRule = {
      ...options,
      ...(operationId === undefined ? {} : options?.operations?.[operationId]),
    };
    const latencyMs = preferences.latencyMs ?? rule.latencyMs ?? 1000;
    const retryAfterSeconds = preferences.retryAfterSeconds ?? rule.retryAfterSeconds ?? 1;
    if (preferences.fault) return { kind: preferences.fault, latencyMs, retryAfterSeconds };
    const rate = rule.rate ?? 0;
    if (rate <= 0) return undefined;
    if (random() >= rate) return undefined;
    const kinds = rule.kinds ?? FAULT_KINDS;
    const kind = kinds[Math.floor(random() * kinds.length)] ?? "unavailable";
    return { kind, latencyMs, retryAfterSeconds };
  };
}
