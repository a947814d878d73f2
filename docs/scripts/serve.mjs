// @ts-check
// Serves the built site (docs/dist) on http://127.0.0.1:8080 (PORT and HOST override) until interrupted.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startSiteServer } from "../src/site-server.mjs";

const root = fileURLToPath(new URL("../dist/", import.meta.url));
if (!existsSync(new URL("index.html", `file://${root}`))) {
  console.error(`No site in ${root}: run \`pnpm --filter @merchant-payments/docs build\` first.`);
  process.exit(1);
}
const server = await startSiteServer({
  root,
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? "127.0.0.1",
});
console.log(`Merchant Payments API docs: ${server.url}`);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
