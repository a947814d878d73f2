// The mock on a document written elsewhere (test/fixtures/foreign-api.yaml): only documented statuses (a 415 or
// 406 where the operation documents it, else its documented 400), XML and other text answers served from their
// examples as text and chosen by Accept (q-values honoured), OAuth 2 and OpenID Connect taking a Bearer token; the
// validation proxy checking XML answers by media type and refusing with documented statuses.
import { fileURLToPath } from "node:url";
import { type LoopbackServer, startLoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type MockServer,
  startMock,
  startValidationProxy,
  type ValidationProxy,
} from "../src/index.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/foreign-api.yaml", import.meta.url));
const BEARER = { authorization: "Bearer any-token" };
const STATIONS_XML =
  "<stations><station><id>efdbb9d1-02c2-4bc3-afb7-6788d8782b1e</id><name>Berlin Hauptbahnhof</name></station></stations>\n";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ spec: FIXTURE, errors: true });
});
afterAll(async () => {
  await mock?.close();
});

async function call(method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type") ?? "", text };
}

describe("a body of a media type the operation does not take", () => {
  test("is the documented 415 where the operation documents one", async () => {
    const got = await call("POST", "/bookings", { ...BEARER, "content-type": "text/html" }, "<p/>");
    expect(got.status).toBe(415);
    expect(JSON.parse(got.text).type).toBe("https://example.com/probs/unsupported");
  });

  test("is the documented 400 where it documents no 415, naming the operation and the pointer", async () => {
    const got = await call("POST", "/trips", { ...BEARER, "content-type": "text/html" }, "<p/>");
    expect(got.status).toBe(400);
    expect(got.type).toBe("application/problem+json");
    const problem = JSON.parse(got.text);
    expect(problem.status).toBe(400);
    expect(problem.detail).toContain("Content-Type text/html is not one this operation accepts");
    expect(problem.detail).toContain(
      "POST /trips (/paths/~1trips/post/responses) documents no 415",
    );
  });
});

describe("an Accept header no answer satisfies, without Prefer", () => {
  test("is the documented 406 where the operation documents one", async () => {
    const got = await call(
      "POST",
      "/bookings",
      { ...BEARER, accept: "text/html", "content-type": "application/json" },
      JSON.stringify({ tripId: "t1", passengerName: "Ann" }),
    );
    expect(got.status).toBe(406);
    expect(JSON.parse(got.text).type).toBe("https://example.com/probs/not-acceptable");
  });

  test("is the documented 400 where it documents no 406, naming the operation and the pointer", async () => {
    const got = await call("GET", "/stations", { ...BEARER, accept: "text/html" });
    expect(got.status).toBe(400);
    const problem = JSON.parse(got.text);
    expect(problem.detail).toContain("No answer of the spec matches the Accept header sent");
    expect(problem.detail).toContain(
      "GET /stations (/paths/~1stations/get/responses) documents no 406",
    );
    expect(JSON.stringify(problem)).not.toMatch(/stoplight|prism\/errors/i);
  });
});

describe("structured answers that are not JSON", () => {
  test("an application/xml answer is its example, as text, when Accept asks for XML", async () => {
    const got = await call("GET", "/stations", { ...BEARER, accept: "application/xml" });
    expect(got.status).toBe(200);
    expect(got.type).toMatch(/^application\/xml/);
    expect(got.text).toBe(STATIONS_XML);
  });

  test("Accept's q-values choose between JSON and XML; no Accept is the first documented (JSON)", async () => {
    const xml = await call("GET", "/stations", {
      ...BEARER,
      accept: "application/json;q=0.5, application/xml",
    });
    expect(xml.type).toMatch(/^application\/xml/);
    expect(xml.text).toBe(STATIONS_XML);
    const json = await call("GET", "/stations", {
      ...BEARER,
      accept: "application/xml;q=0.2, application/json;q=0.9",
    });
    expect(json.type).toMatch(/^application\/json/);
    expect(JSON.parse(json.text).data[0].name).toBe("Berlin Hauptbahnhof");
    const first = await call("GET", "/stations", BEARER);
    expect(first.type).toMatch(/^application\/json/);
    expect(JSON.parse(first.text).data).toHaveLength(1);
  });

  test("text/plain and a +xml media type are served from their example and named example as text", async () => {
    const plain = await call("GET", "/stations/berlin/notice", { accept: "text/plain" });
    expect(plain.status).toBe(200);
    expect(plain.type).toMatch(/^text\/plain/);
    expect(plain.text).toBe("Platform 4 closed until Monday.");
    const atom = await call("GET", "/stations/berlin/notice", { accept: "application/atom+xml" });
    expect(atom.type).toMatch(/^application\/atom\+xml/);
    expect(atom.text).toBe(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>Notices</title></feed>',
    );
  });

  test("--dynamic still serves an XML answer from its example, never a JSON value", async () => {
    const dynamic = await startMock({ spec: FIXTURE, dynamic: true, seed: "1" });
    try {
      const response = await fetch(`${dynamic.baseUrl}/stations`, {
        headers: { ...BEARER, accept: "application/xml" },
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
      expect(await response.text()).toBe(STATIONS_XML);
    } finally {
      await dynamic.close();
    }
  });
});

describe("OAuth 2 and OpenID Connect", () => {
  test("an oauth2 operation takes any Bearer token and answers a missing one its documented 401", async () => {
    expect((await call("GET", "/stations", BEARER)).status).toBe(200);
    const none = await call("GET", "/stations", {});
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text).detail).toContain("a Bearer token in Authorization");
    expect((await call("GET", "/stations", { authorization: "Basic dTpw" })).status).toBe(401);
  });

  test("an openIdConnect operation takes a Bearer token and answers a missing one 401", async () => {
    const body = JSON.stringify({ tripId: "t1", passengerName: "Ann" });
    const json = { "content-type": "application/json" };
    expect((await call("POST", "/bookings", { ...BEARER, ...json }, body)).status).toBe(201);
    expect((await call("POST", "/bookings", json, body)).status).toBe(401);
  });

  test("a missing token where the operation documents no 401 is its documented 400, naming the operation", async () => {
    const body = JSON.stringify({ origin: "berlin", destination: "paris" });
    const json = { "content-type": "application/json" };
    expect((await call("POST", "/trips", { ...BEARER, ...json }, body)).status).toBe(201);
    const none = await call("POST", "/trips", json, body);
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text).detail).toContain(
      "POST /trips (/paths/~1trips/post/responses) documents no 401",
    );
  });
});

describe("the validation proxy on the same document", () => {
  let upstream: LoopbackServer;
  let overMock: ValidationProxy;
  let overUpstream: ValidationProxy;
  beforeAll(async () => {
    upstream = await startLoopbackServer();
    overMock = await startValidationProxy({
      upstream: mock.baseUrl,
      spec: FIXTURE,
      onViolations: () => {},
    });
    overUpstream = await startValidationProxy({
      upstream: upstream.baseUrl,
      spec: FIXTURE,
      onViolations: () => {},
    });
  });
  afterAll(async () => {
    await Promise.all([overMock?.close(), overUpstream?.close(), upstream?.close()]);
  });
  const fetchVia = async (
    proxy: ValidationProxy,
    path: string,
    headers: Record<string, string>,
  ) => {
    const response = await fetch(`${proxy.baseUrl}${path}`, {
      headers,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, text: await response.text() };
  };
  const lastEvent = (proxy: ValidationProxy) => proxy.report().events.at(-1);

  test("passes an XML answer of a documented media type, checked for its media type and never parsed as JSON", async () => {
    const got = await fetchVia(overMock, "/stations", { ...BEARER, accept: "application/xml" });
    expect(got).toEqual({ status: 200, text: STATIONS_XML });
    expect(lastEvent(overMock)).toMatchObject({ outcome: "ok", issues: [] });
    upstream.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/xml" }).end("{not json, not xml");
    });
    expect((await fetchVia(overUpstream, "/stations", BEARER)).status).toBe(200);
    expect(lastEvent(overUpstream)).toMatchObject({ outcome: "ok", issues: [] });
  });

  test("an answer of a media type the operation does not document is the server's violation", async () => {
    upstream.handle((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" }).end("<html/>");
    });
    expect((await fetchVia(overUpstream, "/stations", BEARER)).status).toBe(502);
    expect(lastEvent(overUpstream)).toMatchObject({
      outcome: "response-violation",
      issues: [expect.objectContaining({ check: "response media-type" })],
    });
  });

  test("refuses a request without its Bearer token with the documented 401, else the documented 400", async () => {
    expect((await fetchVia(overUpstream, "/stations", {})).status).toBe(401);
    const trip = await fetch(`${overUpstream.baseUrl}/trips`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ origin: "berlin", destination: "paris" }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(trip.status).toBe(400);
    expect(lastEvent(overUpstream)).toMatchObject({ outcome: "request-violation", status: 400 });
  });
});
