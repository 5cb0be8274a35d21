// Every heavy job (a mint's hashes, a sticker sheet, a lock-screen card) runs at the lowest CPU
// priority, so that on a shared CPU's quota the kernel runs the event loop first whenever both are
// ready: a scan that arrives during a mint's hash does not wait for the hash (decision 004). The
// pool that starts a heavy job's thread or child process lowers it at birth
// (core/worker-pool.server.ts), not the worker as it loads: a thread's start is ~30 ms of CPU
// (Node's own and the module's), a child process's more, and at the usual priority that start alone
// held the health check 1.6 s at a mint's first slice under the quota.
import { LOWEST_NICE, lowerThread, threadIds } from "../../server/thread-priority.js";

/** A heavy job's nice value: the lowest priority there is (server/thread-priority.js, V8's helpers' too). */
export const HEAVY_JOB_NICE = LOWEST_NICE;

/** Lowers every thread of this process not in `before`: the ones a call just started. */
export function lowerThreadsStartedSince(before: Set<number>): void {
  for (const id of threadIds()) if (!before.has(id)) lowerThread(id);
}

/**
 * Lowers a child process: its main thread, so that the threads Node starts as it boots inherit the
 * priority, and every thread it already has (those that started first, when it won the race).
 */
export function lowerProcess(pid: number): void {
  lowerThread(pid);
  for (const id of threadIds(pid)) lowerThread(id);
}
