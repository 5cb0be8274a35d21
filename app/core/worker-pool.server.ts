// Work that holds a CPU for more than a few milliseconds runs in a worker thread, never on the one
// event loop that answers every finder's scan (DESIGN §8: the loop's longest delay stays under
// 50 ms while an admin prints 10,000 stickers). A pool runs one thread or child process (a Fly
// machine has one CPU: more would only take turns) and a short queue, so a flood of requests is
// refused at once (`WorkerBusyError` → 503) rather than queued for minutes. An idle thread or
// process ends after a while and gives its memory back. Both speak the same messages with the
// worker module (core/heavy-job-worker.ts): `{ id, task }` in, `{ id, result }` or `{ id, error }`
// out; Node's own `worker_threads`, not piscina, whose import alone was ~10 ms of the event loop's
// CPU at a mint's start. Every pool's tasks also pass through one
// process-wide gate (core/heavy-jobs.server.ts): one heavy job runs at a time, whichever pool it is in.
// A pool lowers the CPU priority of the thread or process it starts, at birth
// (core/heavy-job-priority.server.ts).
//
// A worker's code is a module of its own. In the source tree (tests, `npm run dev`) Node runs the
// `.ts` file itself, stripping its types, so its imports must be relative and name their `.ts`
// files. The production build bundles it as an entry of its own (vite.config.ts), which sits in
// build/server beside index.js; the module calling this may have been put one folder lower, in
// build/server/assets, so both places are looked at.
import { fork } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { relayChildStderr } from "./child-stderr.server.ts";
import { HEAVY_JOB_CHILD, HEAVY_JOB_THREAD } from "./heavy-job-worker.ts";
import { threadIds } from "../../server/thread-priority.js";
import { lowerProcess, lowerThreadsStartedSince } from "./heavy-job-priority.server.ts";
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

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { id: number; result?: unknown; error?: string };

/** What a runner needs of a thread or a child process. */
type Endpoint = {
  send(message: { id: number; task: unknown }): Promise<void>;
  /** Held while it works; an idle one never keeps this process alive. */
  ref(): void;
  unref(): void;
  /** Ends it; resolves once it has exited. */
  end(): Promise<void>;
};

/**
 * One thread or child process at a time running a worker module's tasks, started on demand
 * (`start` gets the answers and the exit), ended after `idleTimeoutMs` without a task.
 */
function runner(start: (answered: (answer: Answer) => void, exited: (reason: string) => void) => Endpoint, idleTimeoutMs: number) {
  // The thread or process that runs now, with the tasks handed to it. Each started one keeps its
  // own tasks: one ended for being idle may exit after a new one took the next task, and its exit
  // must fail only what it held (none), never the task the new one is working on.
  type Started = { endpoint: Endpoint; pending: Map<number, Pending> };
  let current: Started | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  const begin = (): Started => {
    const pending = new Map<number, Pending>();
    const answered = (answer: Answer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.result);
    };
    const started: Started = {
      pending,
      endpoint: start(answered, (reason) => {
        if (current === started) current = undefined;
        for (const waiting of pending.values()) waiting.reject(new Error(`the heavy-job ${reason} before answering`));
        pending.clear();
      }),
    };
    return started;
  };
  const end = async () => {
    const ending = current;
    current = undefined;
    await ending?.endpoint.end();
  };
  return {
    run(task: unknown): Promise<unknown> {
      clearTimeout(idle);
      const target = (current ??= begin());
      const id = nextId++;
      target.endpoint.ref();
      return new Promise((resolve, reject) => {
        target.pending.set(id, { resolve, reject });
        target.endpoint.send({ id, task }).catch((error: Error) => {
          target.pending.delete(id);
          reject(error);
        });
      }).finally(() => {
        if (target.pending.size > 0) return;
        target.endpoint.unref();
        // Only the one that runs now waits to end; one already replaced has ended or is ending.
        if (current === target) idle = setTimeout(() => void end(), idleTimeoutMs).unref();
      });
    },
    /** Starts it now unless it runs, idle: ended after `idleTimeoutMs` if no task comes. */
    warm(): void {
      if (current && current.pending.size > 0) return;
      clearTimeout(idle);
      current ??= begin();
      current.endpoint.unref();
      idle = setTimeout(() => void end(), idleTimeoutMs).unref();
    },
    close: async () => {
      clearTimeout(idle);
      await end();
    },
  };
}

/** A worker thread running `file`, lowered at birth: its start (~17 ms of Node's own, then the module) runs below every request. */
function startThread(file: string) {
  return (answered: (answer: Answer) => void, exited: (reason: string) => void): Endpoint => {
    const before = threadIds();
    const thread = new Worker(file, { workerData: HEAVY_JOB_THREAD });
    lowerThreadsStartedSince(before);
    thread.on("message", answered);
    // An uncaught exception in the thread ends it: the tasks it held fail, the next starts another.
    thread.once("error", (error: unknown) => exited(`thread failed (${error instanceof Error ? error.message : String(error)})`));
    thread.once("exit", (code) => exited(`thread ended (${code})`));
    return {
      send: async (message) => thread.postMessage(message),
      ref: () => thread.ref(),
      unref: () => thread.unref(),
      end: async () => {
        await thread.terminate();
      },
    };
  };
}

/** A child process running `file` (HEAVY_JOB_CHILD set), lowered at birth and before each task. */
function startChild(file: string) {
  return (answered: (answer: Answer) => void, exited: (reason: string) => void): Endpoint => {
    const child = fork(file, [], {
      serialization: "advanced",
      env: { ...process.env, [HEAVY_JOB_CHILD]: "1" },
      // The parent's profiling flags would write a profile per child; its heap flags come through NODE_OPTIONS.
      execArgv: process.execArgv.filter((arg) => !arg.startsWith("--cpu-prof") && !arg.startsWith("--inspect")),
      // stderr through this process: what V8 writes there itself (a fatal out-of-memory) is plain text.
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    // At birth, before Node in the child starts its own threads (V8's helpers), which then inherit it.
    if (child.pid !== undefined) lowerProcess(child.pid);
    relayChildStderr(child.stderr!);
    child.on("message", answered);
    child.once("exit", (code, signal) => exited(`process ended (${signal ?? code})`));
    child.once("error", () => child.kill());
    return {
      send: (message) =>
        new Promise((resolve, reject) => {
          // And before each task, any thread that started before the child was lowered.
          if (child.pid !== undefined) lowerProcess(child.pid);
          child.send(message, (error) => (error ? reject(error) : resolve()));
        }),
      ref: () => {
        child.ref();
        child.channel?.ref();
      },
      unref: () => {
        child.unref();
        child.channel?.unref();
      },
      end: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await exited;
      },
    };
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
  /**
   * Starts the thread or process before a task that may come soon (an admin opened the form that
   * asks for one), so that its start — ~20 ms of CPU in its own thread and a few ms of the event
   * loop's — is not added to the task's moment; it ends after the idle time if none comes.
   */
  warm(): void;
  /** Ends the threads (tests, shutdown). */
  close(): Promise<void>;
};

/**
 * A pool's bound — one task running, `maxQueue` waiting, WorkerBusyError (a 503) beyond — and the
 * process's one-heavy-job-at-a-time gate around each task.
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
 * A pool whose thread or process starts with its first task (or when warmed): a process that never
 * prints a sheet never starts one.
 */
export function workerPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  let tasks: ReturnType<typeof runner> | undefined;
  const runnerOf = () => (tasks ??= runner((options.isolation === "process" ? startChild : startThread)(workerFile(options)), options.idleTimeoutMs ?? 30_000));
  const bounded = boundedRunner(options);
  return {
    run: (task) => bounded(async () => (await runnerOf().run(task)) as Result),
    warm: () => runnerOf().warm(),
    async close() {
      const closing = tasks;
      tasks = undefined;
      await closing?.close();
    },
  };
}
