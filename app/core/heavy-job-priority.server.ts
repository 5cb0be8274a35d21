// Every heavy job (a mint's hashes, a sticker sheet, a lock-screen card) runs at the lowest CPU
// priority, so that on a shared CPU's quota the kernel runs the event loop first whenever both are
// ready: a scan that arrives during a mint's hash does not wait for the hash (decision 004). The
// pool that starts a heavy job's thread or child process lowers it at birth
// (core/worker-pool.server.ts), not the worker as it loads: a thread's start is ~30 ms of CPU
// (Node's own and the module's), a child process's more, and at the usual priority that start alone
// held the health check 1.6 s at a mint's first slice under the quota.
//
// HEAVY_JOB_NICE may raise it, for a machine where other programs compete at the usual priority: a
// test machine with other work beside it, where a job at 19 gets ~1.5 % of a core (CFS's weight 15
// against 1,024) and a 2-second sheet takes minutes. On Fly nothing else runs; leave it unset there.
import { LOWEST_NICE, lowerThread, threadIds } from "../../server/thread-priority.js";

/** The nice values HEAVY_JOB_NICE may name: 0 (the usual priority) to 19 (the lowest, the default). */
export const HEAVY_JOB_NICE_RANGE = { min: 0, max: LOWEST_NICE } as const;

/** HEAVY_JOB_NICE's value, or LOWEST_NICE when unset or not a nice value (core/env.server.ts refuses those at start). */
export function heavyJobNiceOf(value: string | undefined): number {
  const nice = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(nice) && nice >= HEAVY_JOB_NICE_RANGE.min && nice <= HEAVY_JOB_NICE_RANGE.max ? nice : LOWEST_NICE;
}

/** A heavy job's nice value: the lowest priority there is (server/thread-priority.js, V8's helpers' too) unless HEAVY_JOB_NICE says. */
export const HEAVY_JOB_NICE = heavyJobNiceOf(process.env.HEAVY_JOB_NICE);

/** Lowers every thread of this process not in `before`: the ones a call just started. */
export function lowerThreadsStartedSince(before: Set<number>): void {
  for (const id of threadIds()) if (!before.has(id)) lowerThread(id, HEAVY_JOB_NICE);
}

/**
 * Lowers a child process: its main thread, so that the threads Node starts as it boots inherit the
 * priority, and every thread it already has (those that started first, when it won the race).
 */
export function lowerProcess(pid: number): void {
  lowerThread(pid, HEAVY_JOB_NICE);
  for (const id of threadIds(pid)) lowerThread(id, HEAVY_JOB_NICE);
}
