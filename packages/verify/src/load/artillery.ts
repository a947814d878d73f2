// Runs Artillery locally: the copy installed beside this package (pinned in the workspace catalog; an
// optional peer dependency for users of the published package), under the Node that runs the command.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { TOKEN_VARIABLE } from "../arguments.js";
import { shippedFile } from "./files.js";

/** Artillery cannot be found or started; the message says what to install. */
export class ArtilleryNotFoundError extends Error {
  override name = "ArtilleryNotFoundError";
}

/** Where Artillery is: its version and the script of its `artillery` bin. */
export interface ArtilleryInstall {
  /** Its version, e.g. `2.0.21`. */
  readonly version: string;
  /** Absolute path of its bin script. */
  readonly bin: string;
}

/** Finds the Artillery this package resolves (`artillery/package.json`); throws ArtilleryNotFoundError. */
export function findArtillery(): ArtilleryInstall {
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve("artillery/package.json");
  } catch {
    throw new ArtilleryNotFoundError(
      "Artillery is not installed: --run needs it beside @merchant-payments/verify (npm install artillery@2.0.21)",
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    version: string;
    bin?: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.artillery;
  if (!bin || !manifest.version.startsWith("2.")) {
    throw new ArtilleryNotFoundError(
      `Artillery ${manifest.version} at ${dirname(manifestPath)} is not a 2.x release with an artillery bin`,
    );
  }
  return { version: manifest.version, bin: join(dirname(manifestPath), bin) };
}

/** Options of `runArtillery`. */
export interface RunArtilleryOptions {
  /** The script to run. */
  readonly script: string;
  /** Where Artillery writes its JSON report (`--output`). */
  readonly report: string;
  /** The Bearer token, passed to Artillery in MERCHANT_PAYMENTS_TOKEN only. */
  readonly token: string;
  /** Called with each line Artillery prints. */
  readonly onLine: (line: string) => void;
}

/** Runs `artillery run --output <report> <script>` and resolves with its exit status. */
export function runArtillery(options: RunArtilleryOptions): Promise<number> {
  const artillery = findArtillery();
  const child = spawn(
    process.execPath,
    [
      "--require",
      shippedFile("load-no-telemetry.cjs"),
      artillery.bin,
      "run",
      "--output",
      options.report,
      options.script,
    ],
    {
      env: {
        ...process.env,
        [TOKEN_VARIABLE]: options.token,
        ARTILLERY_DISABLE_TELEMETRY: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) options.onLine(line);
    });
    stream.on("end", () => {
      if (pending) options.onLine(pending);
    });
  }
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
