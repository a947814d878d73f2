import { describe, expect, it } from "vitest";
import { PROBLEM_MEDIA_TYPE, refusalAnswer, refusals } from "../src/problems.js";
import { loadSpec } from "../src/spec-source.js";

const spec = loadSpec();

describe("refusal catalog", () => {
  it("answers every refusal as problem+json with the refusal's own headers", () => {
    const answer = refusalAnswer(
      spec,
      refusals.injectedFault({ kind: "rate-limited", latencyMs: 0, retryAfterSeconds: 3 }),
    );
    expect(answer.headers).toEqual({ "retry-after": "3", "content-type": PROBLEM_MEDIA_TYPE });
    expect(JSON.parse(answer.body as string)).toMatchObject({ status: 429 });
  });

  it("gives a refusal with a title of its own the about:blank type", () => {
    const body = JSON.parse(refusalAnswer(spec, refusals.tooDeep(4)).body as string);
    expect(body).toMatchObject({ type: "about:blank", title: "Body nested too deep", status: 400 });
  });

  it("lists at most five messages in the detail and 100 violations in the extension", () => {
    const violations = Array.from({ length: 120 }, (_, i) => ({
      check: "schema" as const,
      path: `/items/${i}`,
      message: `m${i}`,
    }));
    const refusal = refusals.upstreamNonConforming(200, violations);
    expect(refusal.detail).toBe(
      "The upstream's answer (200) does not conform to the spec: /items/0 m0; /items/1 m1; /items/2 m2; /items/3 m3; /items/4 m4; and 115 more.",
    );
    expect((refusal.extensions as { violations: unknown[] }).violations.length).toBe(100);
  });
});
