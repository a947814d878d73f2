// Cookie parameters, HTTP Basic and API keys in a cookie (issue 31: the generator refused them). Two operations using
// them are added to a copy of the bundled spec; the client's sources are copied, generated from that copy and
// imported as they are; each call is checked on the wire against a real loopback server.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleJsonPath, readBundle } from "@merchant-payments/spec";
import { cookiePair } from "@merchant-payments/spec/wire";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generatorCommand } from "../scripts/generator-command.mjs";
import { useTestServer } from "./helpers/server.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = join(root, `.tmp-cookies-${process.pid}`);
const server = useTestServer();

/** An operation of the added ones: a GET answered by one JSON object. */
function operation(operationId: string, parameters: unknown[], security: unknown[]) {
  return {
    get: {
      operationId,
      summary: operationId,
      "x-safe-to-retry": true,
      parameters,
      security,
      responses: {
        "200": {
          description: "The session.",
          content: {
            "application/json": {
              schema: { type: "object", properties: { id: { type: "string" } } },
            },
          },
        },
      },
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the generated client's type is not known to this file
let generated: any;

beforeAll(() => {
  const document = readBundle(bundleJsonPath) as {
    paths: Record<string, unknown>;
    components: { securitySchemes: Record<string, unknown> };
  };
  document.components.securitySchemes.BasicAuth = { type: "http", scheme: "basic" };
  document.components.securitySchemes.CookieKey = {
    type: "apiKey",
    in: "cookie",
    name: "session_key",
  };
  document.paths["/sessions/{sessionId}"] = operation(
    "readSession",
    [
      { name: "sessionId", in: "path", required: true, schema: { type: "string" } },
      { name: "tenant", in: "cookie", required: true, schema: { type: "string" } },
      { name: "theme", in: "cookie", schema: { type: "string" } },
    ],
    [{ BasicAuth: [] }],
  );
  document.paths["/sessions"] = operation(
    "listSessions",
    [{ name: "locale", in: "cookie", schema: { type: "string" } }],
    [{ CookieKey: [] }],
  );
  document.components.securitySchemes.OAuth = {
    type: "oauth2",
    flows: {
      clientCredentials: {
        tokenUrl: "https://auth.example.com/token",
        scopes: { "sessions:read": "Read sessions" },
      },
    },
  };
  document.components.securitySchemes.Oidc = {
    type: "openIdConnect",
    openIdConnectUrl: "https://auth.example.com/.well-known/openid-configuration",
  };
  document.paths["/oauth-sessions"] = operation(
    "listOauthSessions",
    [],
    [{ OAuth: ["sessions:read"] }],
  );
  document.paths["/oidc-sessions"] = operation("listOidcSessions", [], [{ Oidc: [] }]);
  // Answers beyond JSON: one offering JSON and XML, one XML alone.
  const both = operation("readStation", [], [{ OAuth: [] }]);
  const xml = { schema: { type: "object", properties: { id: { type: "string" } } } };
  Object.assign(both.get.responses["200"].content, { "application/xml": xml });
  document.paths["/stations/one"] = both;
  const onlyXml = operation("readStationXml", [], [{ OAuth: [] }]);
  onlyXml.get.responses["200"].content = { "application/xml": xml } as never;
  document.paths["/stations/xml"] = onlyXml;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, "openapi.json"), JSON.stringify(document));
  cpSync(join(root, "src"), join(tmp, "src"), {
    recursive: true,
    filter: (path) => !path.includes(join("src", "generated")),
  });
  execFileSync(
    process.execPath,
    [
      ...generatorCommand(root),
      "--spec",
      join(tmp, "openapi.json"),
      "--out",
      join(tmp, "src", "generated"),
    ],
    { stdio: "pipe", timeout: 120_000 },
  );
}, 180_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The client generated from the copy, of the test server, with the given credentials. */
async function client(options: Record<string, unknown>) {
  generated ??= await import(pathToFileURL(join(tmp, "src", "index.ts")).href);
  return generated.createMerchantPaymentsClient({
    baseUrl: server.baseUrl,
    maxRetries: 0,
    ...options,
  });
}

describe("cookie parameters", () => {
  test("are sent in one Cookie header, name=value pairs encoded, the absent one left out", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"S-1"}');
    });
    const c = await client({ apiKeys: { BasicAuth: "ops-user:pa55word" } });
    await expect(c.readSession({ sessionId: "S-1", tenant: "acme; co" })).resolves.toEqual({
      id: "S-1",
    });
    const [request] = server.received;
    expect(request?.url).toBe("/sessions/S-1");
    expect(request?.headers.cookie).toBe("tenant=acme%3B%20co");
  });

  test("a missing required one is a RequestValidationError naming it; nothing is sent", async () => {
    const c = await client({ apiKeys: { BasicAuth: "ops-user:pa55word" } });
    const before = server.received.length;
    const error = await c.readSession({ sessionId: "S-1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(generated.RequestValidationError);
    expect(error.issues).toEqual([{ path: "/tenant", message: "is required" }]);
    expect(server.received).toHaveLength(before);
  });
});

describe("HTTP Basic", () => {
  test("sends apiKeys[scheme] (user:password) base64-encoded in Authorization, and no bearer token", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"S-2"}');
    });
    const c = await client({
      token: "bearer-token-unused",
      apiKeys: { BasicAuth: "ops-user:pa55word" },
    });
    await c.readSession({ sessionId: "S-2", tenant: "acme", theme: "dark" });
    const [request] = server.received;
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from("ops-user:pa55word").toString("base64")}`,
    );
    expect(request?.headers.cookie).toBe("tenant=acme; theme=dark");
  });

  test("without its credentials the call is a TypeError naming the option; nothing is sent", async () => {
    const c = await client({ token: "bearer-token-only" });
    const before = server.received.length;
    const error = await c
      .readSession({ sessionId: "S-3", tenant: "acme" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error.message)).toContain('`apiKeys.BasicAuth` ("user:password")');
    expect(server.received).toHaveLength(before);
  });
});

describe("an API key in a cookie", () => {
  test("joins the cookie parameters in the Cookie header, encoded", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"S-4"}');
    });
    const c = await client({ apiKey: "key/with=reserved" });
    await c.listSessions({ locale: "sw-KE" });
    const [request] = server.received;
    // RFC 6265 cookie-octets (`/`, `=`) go as they are: the one cookie encoding of the spec's wire module.
    expect(request?.headers.cookie).toBe("locale=sw-KE; session_key=key/with=reserved");
    expect(request?.headers.authorization).toBeUndefined();
  });

  test("a base64 key with + / = goes out byte for byte as the spec's wire module writes it", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"S-6"}');
    });
    const key = "dGVzdC1rZXk+/w==";
    const c = await client({ apiKeys: { CookieKey: key } });
    await c.listSessions({});
    const request = server.received.at(-1);
    expect(request?.headers.cookie).toBe(cookiePair("session_key", key));
    expect(request?.headers.cookie).toBe("session_key=dGVzdC1rZXk+/w==");
  });

  test("is the Cookie header alone when no cookie parameter is given", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"S-5"}');
    });
    const c = await client({ apiKeys: { CookieKey: "cookie-api-key-1" } });
    await c.listSessions({});
    expect(server.received[0]?.headers.cookie).toBe("session_key=cookie-api-key-1");
  });
});

describe("OAuth 2 and OpenID Connect", () => {
  test.each([
    ["listOauthSessions", "/oauth-sessions"],
    ["listOidcSessions", "/oidc-sessions"],
  ])("%s takes the client's token, sent as Authorization: Bearer", async (method, path) => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"S-7"}');
    });
    const c = await client({ token: "oauth-access-token" });
    await expect(c[method]({})).resolves.toEqual({ id: "S-7" });
    const request = server.received.at(-1);
    expect(request?.url).toBe(path);
    expect(request?.headers.authorization).toBe("Bearer oauth-access-token");
  });

  test("without a token the call is a TypeError naming the token option; nothing is sent", async () => {
    const c = await client({ apiKeys: { BasicAuth: "ops-user:pa55word" } });
    const before = server.received.length;
    const error = await c.listOauthSessions({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error.message)).toContain("`token`");
    expect(server.received).toHaveLength(before);
  });
});

describe("answers beyond JSON", () => {
  test("where an operation offers JSON and XML, the client asks for JSON and parses it", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"ST-1"}');
    });
    const c = await client({ token: "oauth-access-token" });
    await expect(c.readStation({})).resolves.toEqual({ id: "ST-1" });
    expect(server.received.at(-1)?.headers.accept).toBe("application/json");
  });

  test("an application/xml answer is handed over as its text, never parsed as JSON", async () => {
    const body = '<?xml version="1.0"?><station id="ST-2"/>';
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
      res.end(body);
    });
    const c = await client({ token: "oauth-access-token" });
    await expect(c.readStationXml({})).resolves.toBe(body);
    expect(server.received.at(-1)?.headers.accept).toBe("application/xml");
  });
});
