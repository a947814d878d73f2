import { type CommonServerOptions, type RunningServer, startServer } from "./server.js";

/** Options of `startValidationProxy`. */
export interface StartValidationProxyOptions extends CommonServerOptions {
  /** URL of the real server to check, e.g. "https://sandbox.example/v1". Required. */
  upstream: string;
}

/** The running validation proxy; `violations` lists every violation Prism reported. */
export type ValidationProxy = RunningServer;

/**
 * Puts the spec in front of a real server (Prism proxy mode): requests and responses are checked
 * against it, and every violation is reported (`violations`, `onViolations`, and with `errors`, the
 * default here, a 422/500 problem instead of the non-conforming answer).
 */
export function startValidationProxy(
  options: StartValidationProxyOptions,
): Promise<ValidationProxy> {
  const upstream = new URL(options.upstream).toString().replace(/\/$/, "");
  return startServer(options, (spec, port) => {
    const args = ["proxy", spec, upstream, "-p", String(port), "-h", "127.0.0.1"];
    if (options.errors ?? true) args.push("--errors");
    return args;
  });
}
