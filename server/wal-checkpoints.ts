// WAL checkpoints off the request path (decision 037). SQLite checkpoints the WAL inside the commit
// that takes it past 1,000 frames: a finder's scan that happens to make that commit waits, with
// the whole event loop, for the copy and its two fsyncs (100–520 ms measured under cold-scan load).
// A serving process leaves that to a thread of its own (server/wal-checkpointer.js), which
// checkpoints every CHECKPOINT_INTERVAL_MS on a second connection; SQLite's own checkpoint stays
// as a backstop, far out, for a thread that falls behind.
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Db } from "../db/connection.ts";
import { walIndex } from "./wal-index.js";
import { counter, gauge, histogram } from "../app/core/metrics.server.ts";
import { onBroadcast } from "../app/core/cross-process.server.ts";
import { TRUNCATE_WAL_CHANNEL } from "../app/core/wal-truncate.server.ts";

/** How often the thread looks at the WAL index: a few thousand frames at most in between, at full kept-scan load. */
export const CHECKPOINT_INTERVAL_MS = 200;
/**
 * A look checkpoints once this many frames wait (1 MB at 4 KB pages), or once frames have waited
 * LINGER_MS. At a finder's pace (a scan every few seconds) each checkpoint copied the same few
 * pages again, five times a second: 2.4 ms of CPU a second, 4 % of a shared-cpu-1x's quota; a
 * page written many times in LINGER_MS is copied once (the quota rehearsal, decision 004).
 */
export const COPY_FRAMES = 256;
export const LINGER_MS = 5_000;
/** The thread is started once this many frames wait to be copied (SQLite's own threshold is 1,000). */
export const WAKE_FRAMES = 500;
const WATCH_INTERVAL_MS = 500;
/** Rounds with nothing to copy after which the thread ends (30 s). */
const IDLE_ROUNDS = 150;
/**
 * SQLite's own checkpoint, in the committing request, only past this many frames (~40 MB of WAL at
 * 4 KB pages): it happens only if the thread stalls or cannot keep up, and then it catches up whole
 * (a checkpoint in the writer has no writer racing it).
 */
export const BACKSTOP_FRAMES = 10_000;
/**
 * A TRUNCATE checkpoint (asked for after an erasure, app/core/wal-truncate.server.ts) waits for
 * readers and holds off writers while it waits: at most this long a try, so a request's write is
 * never held longer. A reader in the way makes it try again after TRUNCATE_RETRY_MS, doubling up to
 * TRUNCATE_RETRY_MAX_MS, for TRUNCATE_GIVE_UP_MS; a reader that never lets go (Litestream 0.3's
 * lasting read transaction, decision 045) makes it give up, said in the log and a metric.
 */
export const TRUNCATE_BUSY_MS = 50;
export const TRUNCATE_RETRY_MS = 200;
export const TRUNCATE_RETRY_MAX_MS = 5_000;
export const TRUNCATE_GIVE_UP_MS = 120_000;

const checkpointSeconds = histogram({
  name: "tagback_sqlite_checkpoint_seconds",
  help: "WAL checkpoints by the checkpointer thread, off the request path (copy and fsync)",
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
});
const walFrames = gauge({ name: "tagback_sqlite_wal_frames", help: "Frames in the WAL at the last checkpoint (4 KB each)", aggregator: "max" });
const walFramesBehind = gauge({
  name: "tagback_sqlite_wal_frames_behind",
  help: "Frames the last checkpoint could not copy yet (a reader such as Litestream still needs them, or writes raced it)",
  aggregator: "max",
});
const truncations = counter({
  name: "tagback_sqlite_wal_truncations_total",
  help: "TRUNCATE checkpoints asked for after erasures: done (the -wal emptied) or given up (a reader never let go)",
  labelNames: ["outcome"],
});
const truncateBusy = counter({
  name: "tagback_sqlite_wal_truncate_busy_total",
  help: "TRUNCATE tries that found a reader in the way (each held writers off for at most 50 ms); tried again later",
});
const truncateSeconds = histogram({
  name: "tagback_sqlite_wal_truncate_seconds",
  help: "From the erasure's request to the emptied -wal",
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
});
const checkpointErrors = counter({ name: "tagback_sqlite_checkpoint_errors_total", help: "Checkpoints that failed (SQLITE_BUSY: another checkpoint was under way)", labelNames: ["code"] });

type Report =
  | { seconds: number; frames: number; checkpointed: number }
  | { error: string }
  | { truncated: true; seconds: number }
  | { truncated: false; seconds: number; tries: number }
  | { truncateBusy: true };

/** The serving connection leaves checkpoints to the thread, keeping SQLite's own as the backstop. */
export function leaveCheckpointsToThread(db: Db) {
  db.$client.pragma(`wal_autocheckpoint = ${BACKSTOP_FRAMES}`);
}

/**
 * Checkpoints `file`'s WAL off the request path until `signal` aborts. The thread costs ~10 MB of
 * RSS while it lives (a worker's own Node), so it is started only once WAKE_FRAMES wait to be
 * copied — this thread reads the WAL index's header every WATCH_INTERVAL_MS, a 100-byte read —
 * and it ends by itself after IDLE_ROUNDS rounds with nothing to copy. The promise settles once its
 * connection is closed, so that the server's own close is the last one (it checkpoints the rest
 * and removes the WAL).
 */
export function startCheckpointing(file: string, signal: AbortSignal): Promise<void> {
  let shm: number | null = null;
  let thread: { worker: Worker; exited: Promise<void> } | null = null;
  // An erasure asks for the WAL to be truncated: the running thread is told, or one is started for it.
  const stopListening = onBroadcast(TRUNCATE_WAL_CHANNEL, () => {
    if (signal.aborted) return;
    if (thread) thread.worker.postMessage({ truncate: Date.now() });
    else thread = startThread(file, () => (thread = null), Date.now());
  });
  const watch = setInterval(() => {
    if (thread) return;
    try {
      shm ??= fs.openSync(`${file}-shm`, "r");
      const index = walIndex(shm);
      if (index && index.frames - index.copied >= WAKE_FRAMES) thread = startThread(file, () => (thread = null));
    } catch (error) {
      // No -shm yet (nothing written since the start): the next look finds it.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }, WATCH_INTERVAL_MS);
  watch.unref();
  return new Promise((resolve) => {
    signal.addEventListener(
      "abort",
      () => {
        clearInterval(watch);
        stopListening();
        if (shm !== null) fs.closeSync(shm);
        if (!thread) return resolve();
        thread.worker.postMessage("stop");
        void thread.exited.then(resolve);
      },
      { once: true },
    );
  });
}

function startThread(file: string, ended: () => void, truncateAskedAt: number | null = null) {
  // Resolved from the working directory, as the migrations are: the bundle lives in build/server.
  const worker = new Worker(path.resolve("server/wal-checkpointer.js"), {
    workerData: {
      file,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      idleRounds: IDLE_ROUNDS,
      copyFrames: COPY_FRAMES,
      lingerMs: LINGER_MS,
      truncate: { askedAt: truncateAskedAt, busyMs: TRUNCATE_BUSY_MS, retryMs: TRUNCATE_RETRY_MS, retryMaxMs: TRUNCATE_RETRY_MAX_MS, giveUpMs: TRUNCATE_GIVE_UP_MS },
    },
    stdout: false,
    stderr: false,
  });
  worker.on("message", (report: Report) => {
    if ("truncateBusy" in report) {
      truncateBusy.inc();
      return;
    }
    if ("truncated" in report) {
      truncations.inc({ outcome: report.truncated ? "done" : "given_up" });
      if (report.truncated) truncateSeconds.observe(report.seconds);
      else console.error(`The WAL could not be truncated after an erasure: a reader held it for ${report.seconds.toFixed(0)} s (${report.tries} tries); the erased rows' old copies stay in the -wal until it is overwritten (decision 045)`);
      return;
    }
    if ("error" in report) {
      checkpointErrors.inc({ code: report.error });
      return;
    }
    checkpointSeconds.observe(report.seconds);
    walFrames.set(report.frames);
    walFramesBehind.set(report.frames - report.checkpointed);
  });
  const exited = new Promise<void>((resolve) => {
    worker.once("exit", () => {
      ended();
      resolve();
    });
    // A thread that cannot start (a file missing from a broken image) leaves the backstop working.
    worker.once("error", (error) => console.error(`WAL checkpointer stopped: ${error.message}`));
  });
  // The thread never keeps the process alive by itself.
  worker.unref();
  return { worker, exited };
}
