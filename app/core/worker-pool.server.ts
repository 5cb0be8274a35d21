// Work that holds a CPU for more than a few milliseconds runs in a worker thread, never on the one
// event loop that answers every finder's scan (DESIGN §8: the loop's longest delay stays under
// 50 ms while an admin prints 10,000 stickers). A pool is piscina's, with one thread by default
// (a Fly machine has one CPU: more threads would only take turns) and a short queue, so a flood of
// requests is refused at once (`WorkerBusyError` → 503) rather than queued for minutes. An idle
// thread exits after a while and gives its memory back. Every pool's tasks also pass through one
// process-wide gate (core/heavy-jobs.server.ts): one heavy job runs at a time, whichever pool it is in.
//
// A worker's code is a module of its own. In the source tree (tests, `npm run dev`) Node runs the
// `.ts` file itself, stripping its types, so its imports must be relative and name their `.ts`
// files. The production build bundles it as an entry of its own (vite.config.ts), which sits in
// build/server beside index.js; the module calling this may have been put one folder lower, in
// build/server/assets, so both places are looked at.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { countRefusedHeavyJob, runHeavyJob, type HeavyJobKind } from "./heavy-jobs.server.ts";

export class WorkerBusyError extends Error {
  constructor() {
    super("the worker's queue is full");
  }
}

export type WorkerPoolOptions = {
  /** `import.meta.url` of the module that creates the pool. */
  caller: string;
  /** The worker's source, relative to the caller ("./sheet.worker.ts"). */
  source: string;
  /** Its entry's file name in the production build ("sheet-worker.js"). */
  bundled: string;
  /** The metrics' label for its tasks. */
  kind: HeavyJobKind;
  /** Tasks waiting beyond the running ones before `run` refuses (default 4; Infinity: never). */
  maxQueue?: number;
  /** An idle thread ends after this long, and its memory (a WebAssembly instance's too) goes back (default 30 s). */
  idleTimeoutMs?: number;
};

function workerFile({ caller, source, bundled }: WorkerPoolOptions): string {
  if (caller.endsWith(".ts")) return fileURLToPath(new URL(source, caller));
  const candidates = [`./${bundled}`, `../${bundled}`].map((relative) => fileURLToPath(new URL(relative, caller)));
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`worker entry ${bundled} is not in the build (looked at ${candidates.join(", ")})`);
  return found;
}

export type WorkerPool<Task, Result> = {
  run(task: Task): Promise<Result>;
  /** Ends the threads (tests, shutdown). */
  close(): Promise<void>;
};

/** A pool created on first use: a process that never prints a sheet never starts its thread. */
export function workerPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  let pool: Piscina | undefined;
  // Counted here rather than read from piscina's queue, which also holds the task a starting thread is about to take.
  let inFlight = 0;
  const maxInFlight = 1 + (options.maxQueue ?? 4);
  return {
    async run(task) {
      if (inFlight >= maxInFlight) {
        countRefusedHeavyJob(options.kind);
        throw new WorkerBusyError();
      }
      inFlight++;
      try {
        return await runHeavyJob(options.kind, async () => {
          pool ??= new Piscina({ filename: workerFile(options), minThreads: 0, maxThreads: 1, idleTimeout: options.idleTimeoutMs ?? 30_000 });
          return (await pool.run(task)) as Result;
        });
      } finally {
        inFlight--;
      }
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
