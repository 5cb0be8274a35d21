// Command-line options of `npm run bench` (scripts/bench.ts).
import { parseArgs } from "node:util";

export type BenchOptions = {
  /** Seconds per load run. */
  durationS: number;
  /** Server processes (WEB_CONCURRENCY); nginx and the bare node server get as many. */
  workers: number;
  /** 1 s runs and fewer lookups: checks the script works, the numbers mean little. */
  quick: boolean;
  /** Also measure heavy admin work beside the finders (scripts/bench/admin-work.ts): minutes. */
  adminWork: boolean;
  /** Also measure how far one process goes (scripts/bench/capacity.ts, decision 004): minutes. */
  capacity: boolean;
  /** Also rehearse a shared-cpu-1x's CPU quota (scripts/bench/cpu-quota.ts): ~10 minutes. */
  cpuQuota: boolean;
  /** Also measure a lock-screen card's memory and whether it comes back (scripts/bench/card-memory.ts): ~30 s. */
  cardMemory: boolean;
};

const MAX_DURATION_S = 60;
const MAX_WORKERS = 16;

export function readOptions(argv = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string" },
      workers: { type: "string" },
      quick: { type: "boolean", default: false },
      "admin-work": { type: "boolean", default: false },
      capacity: { type: "boolean", default: false },
      "cpu-quota": { type: "boolean", default: false },
      "card-memory": { type: "boolean", default: false },
    },
    strict: true,
  });
  const quick = values.quick ?? false;
  // One process, as fly.toml runs it (WEB_CONCURRENCY=1 on a shared-cpu-1x): the table is per process.
  const defaultWorkers = 1;
  return {
    durationS: clamp(values.duration, quick ? 1 : 5, 1, MAX_DURATION_S),
    workers: clamp(values.workers, defaultWorkers, 1, MAX_WORKERS),
    quick,
    adminWork: values["admin-work"] ?? false,
    capacity: values.capacity ?? false,
    cpuQuota: values["cpu-quota"] ?? false,
    cardMemory: values["card-memory"] ?? false,
  };
}

function clamp(raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`not a number: ${raw}`);
  return Math.max(min, Math.min(max, value));
}
