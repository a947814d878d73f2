// @ts-check
// Serves the built site over HTTP with sirv (a maintained static file server): the files under `root`, found once
// at start (nothing outside `root` can be named), `/` as `index.html`, ETags for revalidation, and the build's
// precompressed copies (`.br`, `.gz`) to a client whose Accept-Encoding allows them, with Content-Encoding set. The
// hashed files (`redoc.<hash>.js`, ...) are kept by browsers for a year (`immutable`); every other file is
// revalidated (`no-cache`, answered 304 while its ETag holds). The mock's URL reaches the Try-it console through
// `/config.json` (from memory, `no-cache`), so the page itself is served as built, compressed, in every mode.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import sirv from "sirv";
import { CONFIG_FILE, HASHED_NAME } from "../scripts/lib/delivery.mjs";

/** Cache-Control of a content-hashed file: its name changes with its content. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Cache-Control of every other file: kept, but revalidated before each use. */
export const REVALIDATE = "no-cache";

/**
 * The body of `/config.json` naming `mockUrl` to the Try-it console.
 * @param {string} mockUrl
 */
export function configJson(mockUrl) {
  return `${JSON.stringify({ mockUrl })}\n`;
}

/**
 * Answers `/config.json` from memory: 200 with an ETag, or 304 when the client has it.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} body
 */
function sendConfig(req, res, body) {
  const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
  const headers = { etag, "cache-control": REVALIDATE };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Serves the files under `root` over HTTP until `close()`. GET and HEAD only (405 otherwise), 404 for anything
 * that is not a file of `root` when the server started.
 * With `mockUrl`, `/config.json` names that mock to the Try-it console, whose base URL then starts there (`pnpm start`
 * and `pnpm docs:serve` pass the mock of `MOCK_PORT` and `HOST`).
 * @param {{ root: string, port?: number, host?: string, mockUrl?: string }} options port defaults to 0 (a free
 *   port), host to 127.0.0.1, mockUrl to none (the console's own default, `http://127.0.0.1:4010`, or what the
 *   reader typed last).
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>} the base URL, ending in `/`.
 */
export async function startSiteServer({ root, port = 0, host = "127.0.0.1", mockUrl }) {
  const serveFile = sirv(root, {
    etag: true,
    dotfiles: false,
    brotli: true,
    gzip: true,
    extensions: ["html", "md"],
    setHeaders: (res, pathname) =>
      res.setHeader("Cache-Control", HASHED_NAME.test(pathname) ? IMMUTABLE : REVALIDATE),
  });
  const config = mockUrl ? configJson(mockUrl) : undefined;
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const path = (req.url ?? "/").split("?")[0];
    if (config && path === `/${CONFIG_FILE}`) {
      sendConfig(req, res, config);
      return;
    }
    serveFile(req, res, () => {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
    });
  });
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ok(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}/`,
    port: actualPort,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
