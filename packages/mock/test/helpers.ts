import { createServer } from "node:net";

/** True when nothing listens on host:port (we can bind it ourselves). */
export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** True while a process with this id exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` every 100 ms until it is true or `timeoutMs` (default 5000) passes; resolves with its last value. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** An answer as the tests read it. */
export interface TestAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

/** POSTs a raw body with a bound on a hang (default 30,000 ms: a busy machine) and returns status, headers and text. */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<TestAnswer> {
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: {
      authorization: "Bearer test-token",
      "content-type": "application/json",
      accept: "application/json, application/problem+json",
      ...headers,
    },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}
