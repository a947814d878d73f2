// @ts-check
// Ports and hosts from the environment, and the one-line message for a port that is taken.

/**
 * The port in `variable` of the environment, else `fallback`; exits 2 with one line for a value that is not a port.
 * @param {string} variable e.g. "MOCK_PORT"
 * @param {number} fallback the default port
 * @returns {number}
 */
export function portFromEnv(variable, fallback) {
  const text = process.env[variable];
  if (text === undefined || text === "") return fallback;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    console.error(`${variable} must be a port number from 0 to 65535, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return port;
}

/**
 * The one line for a listen error: a taken port names the port and the variable to set.
 * @param {unknown} error the listen error
 * @param {{ what: string, host: string, port: number, variable: string }} where
 * @returns {string}
 */
export function listenErrorLine(error, { what, host, port, variable }) {
  const code = /** @type {{ code?: string }} */ (error)?.code;
  if (code === "EADDRINUSE")
    return `Port ${port} is already in use on ${host} (${what}): set ${variable} to a free port, e.g. ${variable}=${port + 1}`;
  if (code === "EACCES")
    return `Port ${port} on ${host} is not allowed for this user (${what}): set ${variable} to a port above 1023`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return `Host ${host} is not an address of this machine (${what}): set HOST, e.g. HOST=127.0.0.1`;
  return `Could not listen on ${host}:${port} (${what}): ${/** @type {Error} */ (error)?.message ?? error}`;
}
