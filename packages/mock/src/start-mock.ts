import { type CommonServerOptions, type RunningServer, startServer } from "./server.js";

/** Options of `startMock`. */
export interface StartMockOptions extends CommonServerOptions {
  /** Generate responses from the schemas instead of serving the spec's examples; default false. */
  dynamic?: boolean;
  /** Seed for dynamic responses, so that the same request gets the same data; default none (random). */
  seed?: string | number;
}

/** The running mock: `baseUrl` for the client, and `close()`. */
export type MockServer = RunningServer;

/**
 * Serves the spec with Prism behind a front that answers malformed JSON with a 400 problem; resolves
 * once Prism listens, rejects with Prism's own message when it cannot start.
 */
export function startMock(options: StartMockOptions = {}): Promise<MockServer> {
  return startServer(options, (spec, port) => {
    const args = ["mock", spec, "-p", String(port), "-h", "127.0.0.1"];
    if (options.errors) args.push("--errors");
    if (options.dynamic) args.push("--dynamic");
    if (options.seed !== undefined) args.push("--seed", String(options.seed));
    return args;
  });
}
