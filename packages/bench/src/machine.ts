import { execFileSync } from "node:child_process";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import type { MachineInfo } from "./results.js";

/** Node version, CPU model, cores, memory, OS, date and the repository's HEAD commit. */
export function machineInfo(cwd: string): MachineInfo {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd,
      encoding: "utf8",
    }).trim();
  } catch {
    // not a git checkout
  }
  const list = cpus();
  return {
    node: process.version,
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGiB: totalmem() / 1024 ** 3,
    os: `${type()} ${release()} ${process.arch}`,
    date: new Date().toISOString(),
    commit,
    loadAverage: { start: loadavg(), end: [] },
  };
}
