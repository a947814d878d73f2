import { describe, expect, it } from "vitest";
import { parseCommandLine, UsageError } from "../../src/cli/parse.js";

const env = { invokedFrom: "/work/here" };

describe("mock command line", () => {
  it("defaults to the mock on port 4010 (or MOCK_PORT) and 127.0.0.1", () => {
    expect(parseCommandLine([], env)).toMatchObject({
      command: "mock",
      options: { port: 4010, host: "127.0.0.1", errors: false, dynamic: false, logLevel: "error" },
    });
    expect(parseCommandLine([], { ...env, port: "5000" })).toMatchObject({
      options: { port: 5000 },
    });
  });

  it("reads the proxy's upstream, report path (from where it was run) and fail-fast", () => {
    expect(
      parseCommandLine(["proxy", "http://up.test", "--report", "r.jsonl", "--fail-fast"], env),
    ).toMatchObject({
      command: "proxy",
      failFast: true,
      options: { upstream: "http://up.test", report: "/work/here/r.jsonl", errors: true },
    });
  });

  it("fails the proxy's run on every failure by default, on the server's only with --fail-on responses", () => {
    expect(parseCommandLine(["proxy", "http://up.test"], env)).toMatchObject({
      options: { failOn: "all" },
    });
    expect(
      parseCommandLine(["proxy", "http://up.test", "--fail-on", "responses"], env),
    ).toMatchObject({ options: { failOn: "responses" } });
    expect(() =>
      parseCommandLine(["proxy", "http://up.test", "--fail-on", "requests"], env),
    ).toThrow(/--fail-on must be one of all, responses, got requests/);
  });

  it("asks for the usage with --help (0) and for an unknown command (2)", () => {
    expect(parseCommandLine(["--help"], env)).toEqual({ command: "usage", status: 0 });
    expect(parseCommandLine(["serve"], env)).toEqual({ command: "usage", status: 2 });
  });

  it("refuses a command line it cannot run with a UsageError", () => {
    expect(() => parseCommandLine(["proxy"], env)).toThrow(UsageError);
    expect(() => parseCommandLine(["--port", "70000"], env)).toThrow(/--port must be a number/);
    expect(() => parseCommandLine(["--fault-kinds", "boom", "--fault-rate", "1"], env)).toThrow(
      /unknown fault boom/,
    );
    expect(() => parseCommandLine(["--fault-seed", "x"], env)).toThrow(/needs --fault-rate/);
  });
});
