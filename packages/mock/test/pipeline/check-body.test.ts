import { describe, expect, it } from "vitest";
import { DEFAULT_CHECKS, type RequestContext } from "../../src/checks.js";
import { checkBody } from "../../src/pipeline/check-body.js";

const bodyChecks = DEFAULT_CHECKS.filter((c) => c.stage === "body");
const context = (inspection: RequestContext["inspection"]): RequestContext => ({
  method: "POST",
  path: "/",
  headers: {},
  operation: undefined,
  announcesBody: true,
  limits: {
    maxBodyBytes: 1,
    maxDepth: 3,
    maxHeaderBytes: 1,
    headersTimeoutMs: 1,
    bodyTimeoutMs: 1,
    lingerMs: 1,
    lingerIdleMs: 1,
    lingerMaxBytes: 1,
  },
  preferences: {},
  issues: [],
  ...(inspection ? { inspection } : {}),
});

describe("check body stage", () => {
  it("refuses a malformed body with a 400, keeping the connection", () => {
    const result = checkBody(context({ kind: "malformed", reason: "Unexpected end." }), bodyChecks);
    expect(result).toEqual({
      refuse: { status: 400, detail: "The request body is not valid JSON. Unexpected end." },
    });
  });

  it("refuses a body nested too deep with its own title", () => {
    const result = checkBody(context({ kind: "too-deep", maxDepth: 3 }), bodyChecks);
    expect(result && "refuse" in result && result.refuse.title).toBe("Body nested too deep");
  });

  it("passes an empty body on", () => {
    const checked = context(undefined);
    expect(checkBody(checked, bodyChecks)).toEqual({ next: checked });
  });
});
