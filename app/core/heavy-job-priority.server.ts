// Every heavy job (a mint's hashes, a sticker sheet, a lock-screen card) runs at the lowest CPU
// priority, so that on a shared CPU's quota the kernel runs the event loop first whenever both are
// ready: a scan that arrives during a mint's hash does not wait for the hash (decision 004). The
// heavy-job worker calls this as it loads, in its thread or its child process (sheet.worker.ts).
// Not piscina's `niceIncrement`: it needs @napi-rs/nice, an optional package the image prunes.
// Imported by the worker: no imports here but Node's own.
import fs from "node:fs";
import os from "node:os";

/** A heavy job's nice value: the lowest priority there is. */
export const HEAVY_JOB_NICE = 19;

/** Lowers the calling thread's CPU priority to HEAVY_JOB_NICE (on Linux; elsewhere it does nothing). */
export function lowerThisThreadsPriority(): void {
  try {
    // On Linux each thread is a task with an id of its own, and setpriority on that id changes that
    // thread alone (and the threads it starts later); /proc/thread-self names it.
    const threadId = Number(fs.readlinkSync("/proc/thread-self").split("/").at(-1));
    os.setPriority(threadId, HEAVY_JOB_NICE);
  } catch {
    // No /proc (not Linux), or a sandbox that refuses: the job runs at the usual priority rather
    // than not at all.
  }
}
