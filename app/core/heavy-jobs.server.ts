// One heavy job at a time, process-wide (issue 35). A heavy job is work that holds a CPU for more
// than a few milliseconds: a sticker sheet's PDF or SVG, a lock-screen card, a slice of a mint's
// password hashes. Each runs in a worker thread of its own pool (core/worker-pool.server.ts), never
// on the event loop and never on libuv's four threads, which zlib (compression) and the file system
// share; and every pool passes through this one gate, so however many admins and owners ask at
// once, one such job runs and the others wait their turn in the order they came. On a machine with
// one shared CPU two heavy jobs at once would only take turns on it, and each would hold its memory
// for twice as long.
//
// A request that waits here (a sheet or card download behind a mint's slice) is not counted as a
// request the mint gives way to (core/requests-in-flight.server.ts): it waits for that very slice.
//
// The queue is visible to the operator: tagback_heavy_jobs_waiting / _running, and
// tagback_heavy_jobs_total{kind,outcome} (outcome: done, failed, refused — a full queue's 503).
import { counter, gauge } from "./metrics.server.ts";
import { waitingForHeavyJob } from "./requests-in-flight.server.ts";

export type HeavyJobKind = "sheet" | "card" | "mint";

const waitingGauge = gauge({ name: "tagback_heavy_jobs_waiting", help: "Heavy jobs (sheets, cards, mint slices) waiting for the one that runs", aggregator: "sum" });
const runningGauge = gauge({ name: "tagback_heavy_jobs_running", help: "Heavy jobs running now (at most 1 a process)", aggregator: "sum" });
const jobsTotal = counter({
  name: "tagback_heavy_jobs_total",
  help: "Heavy jobs by kind (sheet, card, mint slice) and outcome (done, failed, refused: the queue was full)",
  labelNames: ["kind", "outcome"],
});

type Waiter = () => void;
const queue: Waiter[] = [];
let running = false;

/** What the gate holds now (tests; the gauges say the same). */
export function heavyJobsState(): { running: number; waiting: number } {
  return { running: running ? 1 : 0, waiting: queue.length };
}

function publish() {
  waitingGauge.set(queue.length);
  runningGauge.set(running ? 1 : 0);
}

/** Counts a job refused before it queued (a pool's queue was full). */
export function countRefusedHeavyJob(kind: HeavyJobKind) {
  jobsTotal.inc({ kind, outcome: "refused" });
}

/** Runs `job` when no other heavy job runs, after those that asked before it. */
export async function runHeavyJob<T>(kind: HeavyJobKind, job: () => Promise<T>): Promise<T> {
  if (running) {
    // A sheet or a card is a request's: while it waits here it is not work a mint should give way to.
    const waited = kind === "mint" ? undefined : waitingForHeavyJob();
    await new Promise<void>((resolve) => {
      queue.push(resolve);
      publish();
    });
    waited?.();
  }
  running = true;
  publish();
  try {
    const result = await job();
    jobsTotal.inc({ kind, outcome: "done" });
    return result;
  } catch (error) {
    jobsTotal.inc({ kind, outcome: "failed" });
    throw error;
  } finally {
    const next = queue.shift();
    // The turn passes straight to the next in line (`running` stays true), so nobody overtakes it.
    if (next) next();
    else running = false;
    publish();
  }
}
