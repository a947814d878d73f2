// @ts-check
// Serves the built site over HTTP with sirv (a maintained static file server): the files under `root`, found once
// at start (nothing outside `root` can be named), `/` as `index.html`, ETags for revalidation, and the build's
// precompressed copies (`.br`, `.gz`) to a client whose Accept-Encoding allows them, with Content-Encoding set.
import { createServer } from "node:http";
import sirv from "sirv";

/**
 * Serves the files under `root` over HTTP until `close()`. GET and HEAD only (405 otherwise), 404 for anything
 * that is not a file of `root` when the server started.
 * @param {{ root: string, port?: number, host?: string }} options port defaults to 0 (a free port), host to 127.0.0.1.
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>} the base URL, ending in `/`.
 */
export async function startSiteServer({ root, port = 0, host = "127.0.0.1" }) {
  const serveFile = sirv(root, { etag: true, dotfiles: false, brotli: true, gzip: true });
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
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
