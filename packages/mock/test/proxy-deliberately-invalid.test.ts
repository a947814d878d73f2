// The proxy tells the caller's mistakes from the server's: a request marked deliberately invalid is forwarded and
// its documented refusal counted as expected; an unmarked one is the caller's mistake; `failOn: "responses"` fails
// the run on the server's mistakes only.
import { DELIBERATELY_INVALID_HEADER } from "@merchant-payments/kit/deliberately-invalid";
import { loadBundle, operations } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  bundledSpecPath,
  type MockServer,
  type ProxyEvent,
  startMock,
  startValidationProxy,
  type ValidationProxy,
} from "../src/index.js";
import { post } from "./helpers.js";

const USER_PATH = "/security/merchantUsers/get";
const validUser = JSON.stringify({ merchantAccountNumber: 12345678, userId: "1024" });
/** Breaks the spec: the merchant number is below its minimum. */
const invalidUser = JSON.stringify({ merchantAccountNumber: 1, userId: "1024" });
const conformingUser = operations(loadBundle(bundledSpecPath()))
  .find((op) => op.path === USER_PATH)
  ?.responses.find((r) => r.status === "200")?.content[0]?.examples[0]?.value;
const marked = (kind: string) => ({ [DELIBERATELY_INVALID_HEADER]: kind });

describe("the proxy in front of a server that refuses as documented (the mock)", () => {
  let mock: MockServer;
  let proxy: ValidationProxy;
  beforeAll(async () => {
    mock = await startMock();
    proxy = await startValidationProxy({ upstream: mock.baseUrl });
  });
  afterAll(async () => {
    await proxy?.close();
    await mock?.close();
  });
  const last = (): ProxyEvent | undefined => proxy.report().events.at(-1);

  test("forwards marked malformed JSON and counts the server's 400 as an expected refusal", async () => {
    const answer = await post(
      `${proxy.baseUrl}${USER_PATH}`,
      "{not json",
      marked("malformed-json"),
    );
    expect(answer.status).toBe(400);
    expect(last()).toMatchObject({
      outcome: "expected-refusal",
      upstreamStatus: 400,
      operationId: "getMerchantUser",
      deliberatelyInvalid: "malformed-json",
      issues: [{ check: "request body", message: expect.stringMatching(/not valid JSON/) }],
    });
  });

  test("forwards a marked request that breaks the schema and counts the server's 422 as expected", async () => {
    const answer = await post(
      `${proxy.baseUrl}${USER_PATH}`,
      invalidUser,
      marked("generated-invalid"),
    );
    expect(answer.status).toBe(422);
    expect(last()).toMatchObject({ outcome: "expected-refusal", upstreamStatus: 422 });
  });

  test("refuses a marked request outside the spec 404 itself, as expected", async () => {
    const answer = await fetch(`${proxy.baseUrl}/`, { headers: marked("probe") });
    expect(answer.status).toBe(404);
    expect(last()).toMatchObject({ outcome: "expected-refusal", status: 404 });
  });

  test("counts an unmarked request that breaks the spec as the caller's mistake, not forwarded", async () => {
    const answer = await post(`${proxy.baseUrl}${USER_PATH}`, invalidUser);
    expect(answer.status).toBe(422);
    expect(last()).toMatchObject({ outcome: "request-violation", status: 422 });
    expect(last()?.upstreamStatus).toBeUndefined();
    expect(proxy.violations.at(-1)?.blame).toBe("caller");
  });

  test("keeps the counts apart: expected refusals among the passed, the caller's mistakes, none of the server's", () => {
    expect(proxy.report().summary).toMatchObject({
      exchanges: 4,
      passed: 3,
      expectedRefusals: 3,
      failed: 1,
      requestViolations: 1,
      answerViolations: 0,
      failOn: "all",
      verdict: "failed",
    });
  });
});

describe("the proxy in front of a server that accepts anything", () => {
  let upstream: LoopbackServer;
  beforeAll(async () => {
    upstream = await startLoopbackServer((_request, response) =>
      sendJson(response, 200, conformingUser),
    );
  });
  afterAll(async () => {
    await upstream?.close();
  });

  test("counts a marked invalid request answered 200 as the server's mistake, and passes the answer on", async () => {
    const proxy = await startValidationProxy({ upstream: upstream.baseUrl });
    try {
      const answer = await post(
        `${proxy.baseUrl}${USER_PATH}`,
        invalidUser,
        marked("generated-invalid"),
      );
      expect(answer.status).toBe(200);
      expect(proxy.report().events.at(-1)).toMatchObject({ outcome: "response-violation" });
      expect(proxy.report().events.at(-1)?.issues.at(-1)).toMatchObject({
        check: "response status",
        message: expect.stringMatching(
          /marked deliberately invalid: generated-invalid.*answered 200/,
        ),
      });
      expect(proxy.report().summary).toMatchObject({ answerViolations: 1, responseViolations: 1 });
      expect(proxy.violations.at(-1)?.blame).toBe("server");
    } finally {
      await proxy.close();
    }
  });

  test("with failOn \"responses\", a caller's mistake does not fail the run; a server's does", async () => {
    const failures: string[] = [];
    const proxy = await startValidationProxy({
      upstream: upstream.baseUrl,
      failOn: "responses",
      onFailure: (event) => failures.push(event.outcome),
    });
    try {
      await post(`${proxy.baseUrl}${USER_PATH}`, invalidUser);
      await post(`${proxy.baseUrl}${USER_PATH}`, validUser);
      expect(proxy.report().summary).toMatchObject({
        requestViolations: 1,
        failed: 1,
        failOn: "responses",
        verdict: "passed",
      });
      expect(failures).toEqual([]);
      upstream.handle((_request, response) => sendJson(response, 200, { userId: 1024 }));
      await post(`${proxy.baseUrl}${USER_PATH}`, validUser);
      expect(proxy.report().summary).toMatchObject({ answerViolations: 1, verdict: "failed" });
      expect(failures).toEqual(["response-violation"]);
    } finally {
      upstream.handle((_request, response) => sendJson(response, 200, conformingUser));
      await proxy.close();
    }
  });
});
