// @ts-check
// Serves the built site over HTTP with sirv (a maintained static file server): the files under `root`, found once
// at start (nothing outside `root` can be named), `/` as `index.html`, ETags for revalidation, and the build's
// precompressed copies (`.br`, `.gz`) to a client whose Accept-Encoding allows them, with Content-Encoding set.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import sirv from "sirv";

/** The meta element through which a served page tells the Try-it console where the mock is. */
export const MOCK_URL_META = "merchant-payments-mock-url";

/**
 * `index.html` with a `<meta name="merchant-payments-mock-url">` naming `mockUrl` in its head.
 * @param {string} html
 * @param {string} mockUrl
 */
export function withMockUrl(html, mockUrl) {
  const content = mockUrl.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return html.replace("</head>", `<meta name="${MOCK_URL_META}" content="${content}">\n</head>`);
}

/**
 * Serves the files under `root` over HTTP until `close()`. GET and HEAD only (405 otherwise), 404 for anything
 * that is not a file of `root` when the server started.
 * With `mockUrl`, the page (`/` and `/index.html`) names that mock to the Try-it console, whose base URL then starts
 * there (`pnpm start` and `pnpm docs:serve` pass the mock of `MOCK_PORT` and `HOST`).
 * @param {{ root: string, port?: number, host?: string, mockUrl?: string }} options port defaults to 0 (a free
 *   port), host to 127.0.0.1, mockUrl to none (the console's own default, `http://127.0.0.1:4010`, or what the
 *   reader typed last).
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>} the base URL, ending in `/`.
 */
export async function startSiteServer({ root, port = 0, host = "127.0.0.1", mockUrl }) {
  const serveFile = sirv(root, { etag: true, dotfiles: false, brotli: true, gzip: true });
  const page = mockUrl ? withMockUrl(readFileSync(join(root, "index.html"), "utf8"), mockUrl) : "";
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const path = (req.url ?? "/").split("?")[0];
    if (page && (path === "/" || path === "/index.html")) {
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-length": Buffer.byteLength(page),
        "cache-control": "no-store",
      });
      res.end(req.method === "HEAD" ? undefined : page);
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
