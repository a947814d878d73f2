import type { Issue } from "@merchant-payments/spec/model";
import { describe, expectTypeOf, test } from "vitest";
import {
  FAULT_KINDS,
  type FaultKind,
  type FaultOptions,
  type LogLevel,
  type MockServer,
  type ProxyReport,
  type RequestCheck,
  type RequestPart,
  type StartMockOptions,
  startMock,
  startValidationProxy,
  type ValidationProxy,
} from "../src/index.js";

describe("the public types", () => {
  test("startMock resolves to a server with baseUrl, port, limits and close()", () => {
    expectTypeOf(startMock).returns.resolves.toEqualTypeOf<MockServer>();
    expectTypeOf<MockServer["baseUrl"]>().toEqualTypeOf<string>();
    expectTypeOf<MockServer["port"]>().toEqualTypeOf<number>();
    expectTypeOf<MockServer["close"]>().returns.resolves.toBeVoid();
    expectTypeOf<MockServer["limits"]["maxBodyBytes"]>().toEqualTypeOf<number>();
  });

  test("fault kinds are a closed set, and options only take them", () => {
    expectTypeOf(FAULT_KINDS).toEqualTypeOf<readonly FaultKind[]>();
    expectTypeOf<FaultKind>().toEqualTypeOf<
      "unavailable" | "rate-limited" | "latency" | "drop" | "reset"
    >();
    const faults: FaultOptions = {
      rate: 0.1,
      kinds: ["reset"],
      operations: { getTransaction: { rate: 1 } },
    };
    expectTypeOf(faults).toMatchTypeOf<StartMockOptions["faults"]>();
    // @ts-expect-error: not a fault kind
    const wrong: FaultOptions = { kinds: ["timeout"] };
    void wrong;
  });

  test("log levels exclude debug (bodies are never logged)", () => {
    expectTypeOf<LogLevel>().toEqualTypeOf<"off" | "error" | "warn" | "info">();
    // @ts-expect-error: no debug level
    const debug: LogLevel = "debug";
    void debug;
  });

  test("the proxy resolves to a running server with a report", () => {
    expectTypeOf(startValidationProxy).returns.resolves.toEqualTypeOf<ValidationProxy>();
    expectTypeOf<ValidationProxy["report"]>().returns.toEqualTypeOf<ProxyReport>();
    expectTypeOf<ProxyReport["summary"]["failed"]>().toEqualTypeOf<number>();
  });

  test("a request's issue is in a parameter's place, the body or the credentials", () => {
    expectTypeOf<RequestPart>().toEqualTypeOf<
      "path" | "query" | "header" | "cookie" | "body" | "credentials"
    >();
  });

  test("a custom check returns a refusal or undefined", () => {
    expectTypeOf<ReturnType<RequestCheck["check"]>>().toEqualTypeOf<
      | {
          status: number;
          detail: string;
          title?: string;
          issues?: readonly Issue<RequestPart>[];
          headers?: Record<string, string>;
          extensions?: Record<string, unknown>;
        }
      | undefined
    >();
  });
});
