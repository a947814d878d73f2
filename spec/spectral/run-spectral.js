// @ts-check
// Runs the Spectral CLI on one document with one ruleset and reads its JSON report from a file (`-o`): the report on
// standard output is not parsed, as Spectral may print more there.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** The spec package's folder. */
export const SPEC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Spectral's severities by number, as in its JSON report. */
export const SEVERITIES = ["error", "warning", "info", "hint"];

/**
 * @typedef {object} SpectralFinding
 * @property {string} code the rule, e.g. "owasp:api4:2023-string-limit"
 * @property {string} message what the rule asks for
 * @property {string} pointer where, as a JSON Pointer into the document
 * @property {string} severity "error", "warning", "info" or "hint"
 */

/** @returns {string} the path of the Spectral CLI's entry script (the catalog's pinned @stoplight/spectral-cli) */
function spectralBin() {
  const manifestPath = require.resolve("@stoplight/spectral-cli/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin.spectral;
  return join(dirname(manifestPath), bin);
}

/** @param {(string | number)[]} path a path in the document @returns {string} it as a JSON Pointer */
export function toPointer(path) {
  return path
    .map((part) => `/${String(part).replaceAll("~", "~0").replaceAll("/", "~1")}`)
    .join("");
}

/**
 * Lints `document` with `ruleset` through the Spectral CLI and returns every finding. Rejects when Spectral could not
 * run (exit status other than 0 and 1, or no report written), with its standard error.
 * @param {{ document: string, ruleset: string, timeoutMs?: number }} options
 *   document and ruleset: paths, relative to the spec package; timeoutMs: default 300000
 * @returns {Promise<SpectralFinding[]>}
 */
export function runSpectral({ document, ruleset, timeoutMs = 300_000 }) {
  const reportDir = mkdtempSync(join(tmpdir(), "merchant-payments-spectral-"));
  const report = join(reportDir, "report.json");
  const args = [spectralBin(), "lint", document, "--ruleset", ruleset, "--format", "json"];
  args.push("--output", report, "--quiet", "--fail-severity", "error");
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: SPEC_DIR, timeout: timeoutMs },
      (error, _stdout, stderr) => {
        try {
          const status = error ? (typeof error.code === "number" ? error.code : -1) : 0;
          let text;
          try {
            text = readFileSync(report, "utf8");
          } catch {
            text = undefined;
          }
          if ((status !== 0 && status !== 1) || text === undefined) {
            reject(
              new Error(
                `Spectral did not run (exit ${status}): ${stderr.trim() || error?.message}`,
              ),
            );
            return;
          }
          /** @type {{ code: string, message: string, path: (string | number)[], severity: number }[]} */
          const raw = text.trim() ? JSON.parse(text) : [];
          resolvePromise(
            raw.map((finding) => ({
              code: String(finding.code),
              message: finding.message,
              pointer: toPointer(finding.path),
              severity: SEVERITIES[finding.severity] ?? String(finding.severity),
            })),
          );
        } finally {
          rmSync(reportDir, { recursive: true, force: true });
        }
      },
    );
  });
}
