// @ts-check
// Serves the built site (docs/dist) on http://127.0.0.1:8080 until interrupted: DOCS_PORT and HOST choose another
// port and host. The Try-it console starts with the mock at MOCK_PORT (default 4010) on HOST. A taken port is one
// line naming it and the variable to set. Ctrl-C exits 0.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { listenErrorLine, portFromEnv } from "../../scripts/lib/ports.mjs";
import { startSiteServer } from "../src/site-server.mjs";

const root = fileURLToPath(new URL("../dist/", import.meta.url));
if (!existsSync(new URL("index.html", `file://${root}`))) {
  console.error(`No site in ${root}: run \`pnpm --filter @merchant-payments/docs build\` first.`);
  process.exit(1);
}
const host = process.env.HOST || "127.0.0.1";
const port = portFromEnv("DOCS_PORT", 8080);
const mockUrl = `http://${host.includes(":") ? `[${host}]` : host}:${portFromEnv("MOCK_PORT", 4010)}`;
let server;
try {
  server = await startSiteServer({ root, port, host, mockUrl });
} catch (error) {
  console.error(listenErrorLine(error, { what: "the docs", host, port, variable: "DOCS_PORT" }));
  process.exit(1);
}
console.log(
  `Merchant Payments API docs: ${server.url}   (its Try-it console sends to ${mockUrl}: start it with \`pnpm mock\`; Ctrl-C stops)`,
);
let stopping = false;
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => {
      console.log("\nStopped the docs server.");
      process.exit(0);
    });
  });
}
