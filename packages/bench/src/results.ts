import type { Summary } from "./stats.js";

/** One contender's measurements in one benchmark. */
export interface ContenderResult {
  /** Display name of the contender. */
  name: string;
  /** One sample per round, in round order, in the benchmark's unit. */
  samples: number[];
  /** Median, min and max of the samples. */
  summary: Summary;
  /** Ratios to the benchmark's baseline computed per round, and their summary; absent for the baseline. */
  ratio?: { samples: number[]; summary: Summary };
  /** Short remark printed next to the contender (e.g. "the floor"). */
  note?: string;
}

/** A target checked by a benchmark; met is null when it could not be measured. */
export interface TargetResult {
  /** Contender the target is about. */
  contender: string;
  /** The target as stated in the issue, e.g. "<= 1.10x raw fetch". */
  description: string;
  /** The measured figure compared with the target, formatted. */
  measured: string;
  /** true met, false missed, null not measured. */
  met: boolean | null;
}

/** One benchmark's results. */
export interface BenchResult {
  /** Stable identifier, e.g. "loopback". */
  id: string;
  /** Heading of the benchmark's table. */
  title: string;
  /** Unit of samples and medians, e.g. "µs/call". */
  unit: string;
  /** Name of the contender the ratios are computed against, if any. */
  baseline?: string;
  /** Number of rounds run. */
  rounds: number;
  /** Contenders, in table order. */
  contenders: ContenderResult[];
  /** Targets checked by this benchmark. */
  targets: TargetResult[];
  /** Free-text remarks (method, caveats). */
  notes: string[];
}

/** Facts about the machine and the run. */
export interface MachineInfo {
  node: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  date: string;
  commit: string;
  /** 1, 5 and 15 minute load averages when the run started and when it ended. */
  loadAverage: { start: number[]; end: number[] };
}

/** Everything written to results.json. */
export interface Results {
  machine: MachineInfo;
  durationSeconds: number;
  benchmarks: BenchResult[];
}
