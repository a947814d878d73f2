import { getFreePort } from "./free-port.js";
import { createFront, type ViolationReport } from "./front.js";
import { headerBodyRulesFromSpec } from "./header-rules.js";
import { bundledSpecPath } from "./paths.js";
import { type PrismProcess, PrismStartError, startPrismProcess } from "./prism-process.js";
import { badRequestExampleFromSpec } from "./problem.js";
import { readSpecDocument } from "./spec-document.js";

/** Options shared by the mock and the validation proxy. */
export interface CommonServerOptions {
  /** Port to listen on; default 0 (a free port chosen by the OS). The CLI defaults to 4010. */
  port?: number;
  /** Host to listen on; default "127.0.0.1". */
  host?: string;
  /** OpenAPI document to serve; default the bundled spec of `@merchant-payments/spec`. */
  spec?: string;
  /** Answer a request or response that violates the spec with an error (Prism `--errors`); default false for the mock, true for the proxy. */
  errors?: boolean;
  /** Called with every line Prism prints; default none (output is kept, see `output()`). */
  onOutput?: (line: string) => void;
  /** Called for every response in which Prism reports violations of the spec; default none. */
  onViolations?: (report: ViolationReport) => void;
  /** Milliseconds to wait for Prism to be ready; default 30000. */
  readyTimeoutMs?: number;
}

/** A running mock or proxy. */
export interface RunningServer {
  /** Base URL to give the client, e.g. "http://127.0.0.1:4010" (paths are served without a prefix). */
  baseUrl: string;
  /** The port callers connect to. */
  port: number;
  /** Process id of the supervisor of Prism behind the front (the id of Prism's own process group). */
  prismPid: number;
  /** Every violation Prism reported so far (from its `sl-violations` header), oldest first. */
  violations: ViolationReport[];
  /** The last lines Prism printed (at most 500). */
  output(): string[];
  /** Resolves if Prism exits on its own while the server is open (a crash), with Prism's last output. */
  crashed: Promise<string>;
  /** Ends Prism's process tree and the front server, and frees the port. Safe to call twice. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/** Starts the front server and a Prism process with `prismArgs(internalPort)` behind it. */
export async function startServer(
  options: CommonServerOptions,
  prismArgs: (spec: string, port: number) => string[],
): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const spec = options.spec ?? bundledSpecPath();
  // Read once for the front's own checks; Prism reads the file itself.
  const document = readSpecDocument(spec);
  const violations: ViolationReport[] = [];
  let internalPort = await getFreePort("127.0.0.1");
  const front = createFront({
    targetHost: "127.0.0.1",
    get targetPort() {
      return internalPort;
    },
    problemTemplate: badRequestExampleFromSpec(document),
    headerBodyRules: headerBodyRulesFromSpec(document),
    onViolations: (report) => {
      violations.push(report);
      options.onViolations?.(report);
    },
  });
  const port = await front.listen(options.port ?? 0, host);

  let prism: PrismProcess | undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        prism = await startPrismProcess({
          args: prismArgs(spec, internalPort),
          onLine: options.onOutput,
          readyTimeoutMs: options.readyTimeoutMs,
        });
        break;
      } catch (error) {
        // Another process took the internal port between asking and binding: ask again.
        if (attempt < 3 && error instanceof PrismStartError && /EADDRINUSE/.test(error.message)) {
          internalPort = await getFreePort("127.0.0.1");
          continue;
        }
        throw error;
      }
    }
  } catch (error) {
    await front.close();
    throw error;
  }

  const running = prism;
  let closing = false;
  const crashed = running.exited.then(() =>
    closing ? new Promise<string>(() => {}) : running.recentOutput().slice(-20).join("\n"),
  );
  let closed: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost(host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host)}:${port}`,
    port,
    prismPid: running.pid,
    violations,
    output: () => running.recentOutput(),
    crashed,
    close() {
      closing = true;
      closed ??= Promise.all([running.stop(), front.close()]).then(() => undefined);
      return closed;
    },
  };
}
