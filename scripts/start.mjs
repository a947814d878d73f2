// @ts-check
// `pnpm start`: lint and build what the mock and the docs need (one cached turbo step, quiet unless it fails), then
// serve the mock and the docs site in this process and print their URLs last. MOCK_PORT (default 4010), DOCS_PORT
// (default 8080) and HOST (default 127.0.0.1) choose where. Ctrl-C stops both and exits 0.
// `--no-build` serves what is already built (the tests use it; the build is turbo's business).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { listenErrorLine, portFromEnv } from "./lib/ports.mjs";
import { quietBuild, ROOT } from "./lib/quiet-build.mjs";

const MOCK = "@merchant-payments/mock";
const DOCS = "@merchant-payments/docs";

const host = process.env.HOST || "127.0.0.1";
const mockPort = portFromEnv("MOCK_PORT", 4010);
const docsPort = portFromEnv("DOCS_PORT", 8080);

if (!process.argv.includes("--no-build")) {
  const built = await quietBuild({
    tasks: ["build", "lint"],
    packages: [`${MOCK}...`, `${DOCS}...`],
    what: "the spec, the client, the mock and the docs",
  });
  if (built !== 0) process.exit(built);
}

for (const file of ["packages/mock/dist/index.js", "docs/dist/index.html"]) {
  if (!existsSync(new URL(file, `file://${ROOT}`))) {
    console.error(
      `${file} is not built: run \`pnpm start\` without --no-build (or \`pnpm build\`).`,
    );
    process.exit(1);
  }
}

const { startMock } = await import(new URL("packages/mock/dist/index.js", `file://${ROOT}`).href);
const { startSiteServer } = await import(
  new URL("docs/src/site-server.mjs", `file://${ROOT}`).href
);

/** @type {Array<{ close(): Promise<void> }>} */
const running = [];
/** @param {string} line */
async function fail(line) {
  console.error(line);
  await Promise.all(running.map((server) => server.close()));
  process.exit(1);
}

let mock;
try {
  mock = await startMock({ port: mockPort, host, logLevel: "error" });
  running.push(mock);
} catch (error) {
  await fail(
    listenErrorLine(error, { what: "the mock", host, port: mockPort, variable: "MOCK_PORT" }),
  );
}
let docs;
try {
  docs = await startSiteServer({
    root: fileURLToPath(new URL("docs/dist/", `file://${ROOT}`)),
    port: docsPort,
    host,
    mockUrl: mock.baseUrl,
  });
  running.push(docs);
} catch (error) {
  await fail(
    listenErrorLine(error, { what: "the docs", host, port: docsPort, variable: "DOCS_PORT" }),
  );
}

console.log(`
Merchant Payments toolkit
  mock  ${mock.baseUrl}   createMerchantPaymentsClient({ baseUrl: "${mock.baseUrl}", token: "any-token" })
  docs  ${docs.url}   the reference, with a Try-it console that calls the mock
Ctrl-C stops both (MOCK_PORT, DOCS_PORT and HOST choose other ports and host).`);

let stopping = false;
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.all(running.map((server) => server.close())).then(() => {
      console.log("\nStopped the mock and the docs.");
      process.exit(0);
    });
  });
}
