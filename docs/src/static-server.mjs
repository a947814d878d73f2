// @ts-check
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";

/** Content types of the files a Redoc site is made of; anything else is served as bytes. */
const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/**
 * Serves the files under `root` over HTTP (GET and HEAD only; `/` serves `index.html`; never outside `root`).
 * @param {{ root: string, port?: number, host?: string }} options port defaults to 0 (a free port), host to 127.0.0.1.
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>} the base URL, ending in `/`.
 */
export async function startStaticServer({ root, port = 0, host = "127.0.0.1" }) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const file = await findFile(base, req.url ?? "/");
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    res.writeHead(200, {
      "content-type":
        CONTENT_TYPES[/** @type {keyof CONTENT_TYPES} */ (extname(file))] ??
        "application/octet-stream",
      "cache-control": "no-cache",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
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

/**
 * Maps a request URL to a regular file under `base`, or null (missing, or outside `base`).
 * @param {string} base absolute root directory
 * @param {string} url request URL (path and query)
 * @returns {Promise<string | null>}
 */
async function findFile(base, url) {
  let path;
  try {
    path = decodeURIComponent(new URL(url, "http://localhost").pathname);
  } catch {
    return null;
  }
  const candidate = resolve(join(base, path.endsWith("/") ? `${path}index.html` : path));
  if (candidate !== base && !candidate.startsWith(base + sep)) return null;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) return findFile(base, `${path}/`);
  } catch {
    // missing file
  }
  return null;
}
