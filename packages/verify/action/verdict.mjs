// The verify action's one-line verdict (run-verify.sh): from the JSON report when verify wrote one, else from the
// last line verify printed (a usage error, exit 2). Usage: node verdict.mjs <exit code> <report.json> <log>.
import { existsSync, readFileSync } from "node:fs";

const [code = "1", reportPath = "", logPath = ""] = process.argv.slice(2);
console.log(verdict(Number(code), reportPath, logPath));

/** One line: `verify: OK|FAILED|UNREACHABLE|USAGE: ...`, with counts, defects and seed when there is a report. */
function verdict(exitCode, reportPath, logPath) {
  if (reportPath && existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, "utf8"));
    const { cases, passed, failed, skipped, defects } = report.summary;
    const state = report.unreachable
      ? "UNREACHABLE"
      : report.ok && exitCode === 0
        ? "OK"
        : "FAILED";
    const parts = report.unreachable ? [report.unreachable] : [];
    parts.push(`${cases} requests, ${passed} passed, ${failed} failed, ${skipped} skipped`);
    const named = Object.entries(defects ?? {}).map(([name, count]) => `${name} (${count})`);
    if (named.length > 0) parts.push(`defects: ${named.join(", ")}`);
    if (state === "FAILED" && report.ok) parts.push(`exit ${exitCode}`);
    parts.push(`seed ${report.seed}`);
    return `verify: ${state}: ${parts.join("; ")}`;
  }
  const last = lastLine(logPath);
  const state = exitCode === 2 ? "USAGE" : exitCode === 3 ? "UNREACHABLE" : "FAILED";
  return `verify: ${state}: ${last || `exit ${exitCode}, no report written`}`;
}

/** The last line of the log that names verify (its error lines), else the last non-empty one. */
function lastLine(logPath) {
  if (!logPath || !existsSync(logPath)) return "";
  const lines = readFileSync(logPath, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  const named = lines.filter((line) => line.startsWith("merchant-payments-verify: "));
  return (named.at(-1) ?? lines.at(-1) ?? "").replace(/^merchant-payments-verify: /, "");
}
