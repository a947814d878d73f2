import { afterAll, describe, expect, it } from "vitest";
import { applyFault, describeFault } from "../../src/pipeline/fault.js";
import { startStageServer } from "./stage-server.js";

const fault = (kind: "drop" | "latency" | "unavailable" | "rate-limited" | "reset") => ({
  kind,
  latencyMs: 50,
  retryAfterSeconds: 7,
});
const server = await startStageServer((req) => {
  const kind = new URL(req.url ?? "/", "http://x").searchParams.get("kind");
  return applyFault(kind ? fault(kind as Parameters<typeof fault>[0]) : undefined, req);
});

describe("fault stage", () => {
  afterAll(() => server.close());

  it("carries on without a fault, and after a latency fault", async () => {
    await fetch(`${server.baseUrl}/`);
    await fetch(`${server.baseUrl}/?kind=latency`);
    expect(server.results.slice(-2)).toEqual([
      { next: { reset: false } },
      { next: { reset: false } },
    ]);
  });

  it("refuses with a 503 for unavailable, and a 429 with Retry-After for rate-limited", async () => {
    await fetch(`${server.baseUrl}/?kind=unavailable`);
    await fetch(`${server.baseUrl}/?kind=rate-limited`);
    const [unavailable, limited] = server.results.slice(-2);
    expect(unavailable && "refuse" in unavailable && unavailable.refuse.status).toBe(503);
    expect(limited && "refuse" in limited && limited.refuse).toMatchObject({
      status: 429,
      headers: { "retry-after": "7" },
    });
  });

  it("asks for a reset answer, and drops the connection for drop", async () => {
    await fetch(`${server.baseUrl}/?kind=reset`);
    expect(server.results.at(-1)).toEqual({ next: { reset: true } });
    await expect(fetch(`${server.baseUrl}/?kind=drop`)).rejects.toThrow();
    expect(server.results.at(-1)).toEqual({ dropped: true });
  });

  it("logs a latency fault with its milliseconds", () => {
    expect(describeFault(fault("latency"))).toBe("fault latency 50 ms");
  });
});
