// Work that holds a CPU for more than a few milliseconds runs in a worker thread, never on the one
// event loop that answers every finder's scan (DESIGN §8: the loop's longest delay stays under
// 50 ms while an admin prints 10,000 stickers). A pool is piscina's, with one thread by default
// (a Fly machine has one CPU: more threads would only take turns) and a short queue, so a flood of
// requests is refused at once (`WorkerBusyError` → 503) rather than queued for minutes. An idle
// thread exits after a while and gives its memory back. Every pool's tasks also pass through one
// process-wide gate (core/heavy-jobs.server.ts): one heavy job runs at a time, whichever pool it is in.
// A pool lowers the CPU priority of the thread or process it starts, at birth
// (core/heavy-job-priority.server.ts).
//
// A worker's code is a module of its own. In the source tree (tests, `npm run dev`) Node runs the
// `.ts` file itself, stripping its types, so its imports must be relative and name their `.ts`
// files. The production build bundles it as an entry of its own (vite.config.ts), which sits in
// build/server beside index.js; the module calling this may have been put one folder lower, in
// build/server/assets, so both places are looked at.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { Piscina } from "piscina";
import { relayChildStderr } from "./child-stderr.server.ts";
import { lowerProcess, lowerThreadsStartedSince, threadIds } from "./heavy-job-priority.server.ts";
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
  /**
   * "process": the tasks run in a child process of their own (the worker module answers over IPC
   * when HEAVY_JOB_CHILD=1), which ends after `idleTimeoutMs`. A thread's memory is freed when it
   * ends but not all handed back to the system (the allocator keeps it: after three 10,000-sticker
   * PDFs and 15 cards in threads, RSS stayed ~220 MB above where it started); a process's is, all
   * of it (decision 020). Default "thread".
   */
  isolation?: "thread" | "process";
};

/** Set in a heavy-job child process's environment: the worker module then answers tasks over IPC. */
export const HEAVY_JOB_CHILD = "HEAVY_JOB_CHILD";

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** One child process at a time running `file`'s tasks, started on demand, ended when idle. */
function childRunner(file: string, idleTimeoutMs: number) {
  let child: ChildProcess | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  const end = () => {
    child?.kill();
    child = undefined;
  };
  const start = () => {
    const started = fork(file, [], {
      serialization: "advanced",
      env: { ...process.env, [HEAVY_JOB_CHILD]: "1" },
      // The parent's profiling flags would write a profile per child; its heap flags come through NODE_OPTIONS.
      execArgv: process.execArgv.filter((arg) => !arg.startsWith("--cpu-prof") && !arg.startsWith("--inspect")),
      // stderr through this process: what V8 writes there itself (a fatal out-of-memory) is plain text.
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    // At birth, before Node in the child starts its own threads (V8's helpers), which then inherit it.
    if (started.pid !== undefined) lowerProcess(started.pid);
    relayChildStderr(started.stderr!);
    started.on("message", (message: { id: number; result?: unknown; error?: string }) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
    started.once("exit", (code, signal) => {
      if (child === started) child = undefined;
      for (const waiting of pending.values()) waiting.reject(new Error(`the heavy-job process ended (${signal ?? code}) before answering`));
      pending.clear();
    });
    started.once("error", () => started.kill());
    return started;
  };
  return {
    run(task: unknown): Promise<unknown> {
      clearTimeout(idle);
      child ??= start();
      const id = nextId++;
      const target = child;
      // And before each task, any thread that started before the child was lowered.
      if (target.pid !== undefined) lowerProcess(target.pid);
      // Held while it works (the answer is awaited); an idle child never keeps this process alive.
      target.ref();
      target.channel?.ref();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.send({ id, task }, (error) => {
          if (!error) return;
          pending.delete(id);
          reject(error);
        });
      }).finally(() => {
        if (pending.size > 0) return;
        target.unref();
        target.channel?.unref();
        idle = setTimeout(end, idleTimeoutMs).unref();
      });
    },
    close: async () => {
      clearTimeout(idle);
      const closing = child;
      end();
      if (closing && closing.exitCode === null && closing.signalCode === null) await new Promise((resolve) => closing.once("exit", resolve));
    },
  };
}

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

/**
 * A pool's bound — one task running, `maxQueue` waiting, WorkerBusyError (a 503) beyond — and the
 * process's one-heavy-job-at-a-time gate around each task. Counted here rather than read from
 * piscina's queue, which also holds the task a starting thread is about to take.
 */
function boundedRunner(options: WorkerPoolOptions) {
  let inFlight = 0;
  const maxInFlight = 1 + (options.maxQueue ?? 4);
  return async <Result>(job: () => Promise<Result>): Promise<Result> => {
    if (inFlight >= maxInFlight) {
      countRefusedHeavyJob(options.kind);
      throw new WorkerBusyError();
    }
    inFlight++;
    try {
      return await runHeavyJob(options.kind, job);
    } finally {
      inFlight--;
    }
  };
}

/**
 * A pool created on first use: a process that never prints a sheet never starts its thread, nor
 * loads piscina (~2 MB of RSS in every process at start otherwise: decision 020).
 */
export function workerPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  if (options.isolation === "process") return processPool(options);
  let pool: Promise<Piscina> | undefined;
  const create = async () => {
    const { Piscina } = await import("piscina");
    return new Piscina({ filename: workerFile(options), minThreads: 0, maxThreads: 1, idleTimeout: options.idleTimeoutMs ?? 30_000 });
  };
  const bounded = boundedRunner(options);
  return {
    run: (task) =>
      bounded(async () => {
        // A failed import is not kept: the next task tries again.
        pool ??= create().catch((error: unknown) => {
          pool = undefined;
          throw error;
        });
        const piscina = await pool;
        // piscina starts a thread, when it has none, inside run(), synchronously: lowered at birth.
        const before = threadIds();
        const result = piscina.run(task);
        lowerThreadsStartedSince(before);
        return (await result) as Result;
      }),
    async close() {
      const closing = pool;
      pool = undefined;
      await (await closing?.catch(() => undefined))?.destroy();
    },
  };
}

function processPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  let runner: ReturnType<typeof childRunner> | undefined;
  const bounded = boundedRunner(options);
  return {
    run: (task) =>
      bounded(async () => {
        runner ??= childRunner(workerFile(options), options.idleTimeoutMs ?? 30_000);
        return (await runner.run(task)) as Result;
      }),
    async close() {
      const closing = runner;
      runner = undefined;
      await closing?.close();
    },
  };
}
