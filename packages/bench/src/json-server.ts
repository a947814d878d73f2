// Child process: a trivial keep-alive node:http server. For every POST it reads the body, parses it as
// JSON (400 if it is not JSON) and answers 200 with the spec's first 200 example of the operation at
// that path. Prints "listening <port>" on stdout once ready; exits when its parent disconnects.
import { createServer } from "node:http";
import { findOperation, loadSpec, responseExample } from "./spec.js";

const doc = loadSpec();
const answers = new Map<string, string>();
for (const path of Object.keys(doc.paths)) {
  const operationId: string = doc.paths[path].post.operationId;
  findOperation(doc, operationId);
  answers.set(path, JSON.stringify(responseExample(doc, operationId)));
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const answer = answers.get(req.url ?? "");
    try {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("malformed JSON");
      return;
    }
    if (answer === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("no such operation");
      return;
    }
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(answer),
    });
    res.end(answer);
  });
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 61_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") process.stdout.write(`listening ${address.port}\n`);
});
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
