// Threads that may wait run at the lowest CPU priority, so that on a shared CPU's quota the kernel
// runs the event loop first whenever both are ready (decision 004). A shared-cpu-1x has one vCPU:
// its threads take turns on it, and a thread's nice value decides whose turn comes first. Two kinds
// of thread may wait: a heavy job's (a mint's hashes, a sheet, a card: core/heavy-job-priority.server.ts)
// and V8's helpers, which mark the heap for a major GC beside the program (~25 ms of CPU, five
// periods of the quota: at the usual priority a scan waited behind them 400–1,000 ms). Lowered,
// they mark while the loop has nothing to do; the loop's own part of a GC (its incremental steps and
// the final pause) stays at its priority. libuv's threads stay at theirs: they compress and read
// files for the requests being answered.
// Plain JavaScript: server.js loads it (decision 020).
import fs from "node:fs";
import os from "node:os";

/** The lowest priority there is. */
export const LOWEST_NICE = 19;

/** The name Node gives V8's helper threads (/proc/<pid>/task/<tid>/comm). */
export const V8_HELPER_THREAD = "V8Worker";

/**
 * The ids of a process's threads (on Linux each thread is a task with an id of its own).
 * @param {number | "self"} [pid]
 * @returns {Set<number>}
 */
export function threadIds(pid = "self") {
  try {
    return new Set(fs.readdirSync(`/proc/${pid}/task`).map(Number));
  } catch {
    return new Set(); // not Linux, or the process ended
  }
}

/**
 * Lowers one thread to `nice` (LOWEST_NICE unless said). On Linux setpriority on an id changes that
 * one thread (a process's id is its main thread's) and the threads it starts later. Elsewhere, or
 * in a sandbox that refuses, the thread keeps the usual priority rather than the work not running.
 * @param {number} id
 * @param {number} [nice]
 */
export function lowerThread(id, nice = LOWEST_NICE) {
  try {
    os.setPriority(id, nice);
  } catch {
    // it ended meanwhile, or the system refuses
  }
}

/** Lowers this process's V8 helper threads (Node starts them as it boots, before any of our code). */
export function lowerV8Helpers() {
  for (const id of threadIds()) {
    let name = "";
    try {
      name = fs.readFileSync(`/proc/self/task/${id}/comm`, "utf8").trim();
    } catch {
      continue; // it ended meanwhile
    }
    if (name === V8_HELPER_THREAD) lowerThread(id);
  }
}
