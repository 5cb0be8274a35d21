// The mint's worker thread (mintPool, mint-job.server.ts): a slice of a mint's passwords hashed at a
// time, off the event loop and off libuv's pool (decision 023), at the lowest CPU priority (the pool
// lowers the thread at birth: core/heavy-job-priority.server.ts). Its own small entry, not the
// sheets' and cards' worker: a thread that only hashes loads no PDF code, ~11 ms less CPU at every
// mint's start (6 ms to load instead of 17). It also joins a finished batch's sealed slices into the
// one sealed CSV the admin downloads (~10–15 ms of AES for 10,000 stickers, off the event loop).
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { hashPasswordSync, type ScryptCost } from "../../../db/password.ts";
import { openWithKey, sealWithKey } from "../../core/aes-gcm.ts";
import { answerTasks } from "../../core/heavy-job-worker.ts";
import { giveWay, TRAFFIC } from "../../core/requests-in-flight.server.ts";

/**
 * A slice of a mint: its passwords hashed one after another with scryptSync, on this thread (not
 * libuv's pool), each followed by a pause so that this thread's CPU stays within `cpuShare` of a
 * core (a shared-cpu-1x's sustained share is 1/16): no burst longer than one hash (~1.4 ms). And
 * before each hash, while the server answers a request (`traffic`, core/requests-in-flight.server.ts,
 * shared with the main thread), it waits for that request to end — up to GIVE_WAY_AT_MOST_MS a
 * hash, so a server that is never idle slows a mint to a hash a second without stopping it. Once a
 * stop has begun (the `hurry` slot) the slice's rest is hashed at once, so a SIGTERM finishes it
 * within the shutdown's time. Without `traffic` (tests) it never waits.
 */
export type HashTask = {
  passwords: string[];
  cost: ScryptCost;
  cpuShare: number;
  traffic?: Int32Array;
  /** The longest wait before one hash (default GIVE_WAY_AT_MOST_MS; tests take a longer one). */
  giveWayAtMostMs?: number;
};

/** A mint moves at least a hash a second however busy the server. */
const GIVE_WAY_AT_MOST_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const micros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

/** The slice's hashes, in its passwords' order. */
export async function hashPaced({ passwords, cost, cpuShare, traffic, giveWayAtMostMs = GIVE_WAY_AT_MOST_MS }: HashTask): Promise<string[]> {
  const hashes: string[] = [];
  const hurrying = () => traffic !== undefined && Atomics.load(traffic, TRAFFIC.hurry) === 1;
  let mark = micros(process.threadCpuUsage());
  for (const password of passwords) {
    if (traffic) await giveWay(traffic, giveWayAtMostMs);
    hashes.push(hashPasswordSync(password, cost));
    // The thread's CPU from one mark to the next — the hash and all else this thread ran since the
    // last pause — not around the hash alone: Linux updates a thread's getrusage times lazily, and
    // a reading around one ~1.5-ms hash saw about a quarter of it, so the mint ran at 3.7 times its
    // share (7 % of a core at 1/50, measured: the whole of a shared-cpu-1x's quota). Read mark to
    // mark, every microsecond is counted in one pause or the next.
    const now = micros(process.threadCpuUsage());
    const cpuMs = (now - mark) / 1000;
    mark = now;
    if (cpuShare < 1 && !hurrying()) await sleep(cpuMs * (1 / cpuShare - 1));
  }
  return hashes;
}

/**
 * A finished batch's slices (each its tokens' CSV lines, sealed with `key`) as one sealed CSV under
 * `header`, in the slices' order; null when a slice does not open with `key` (SESSION_SECRET
 * rotated during the mint).
 */
export type JoinTask = { key: Uint8Array; header: string; sealedSlices: Uint8Array[] };

export function joinSealed({ key, header, sealedSlices }: JoinTask): Uint8Array | null {
  const lines: string[] = [];
  for (const sealed of sealedSlices) {
    const opened = openWithKey(key, sealed);
    if (opened === null) return null;
    lines.push(opened);
  }
  return sealWithKey(key, header + lines.join(""));
}

export type MintTask = HashTask | JoinTask;

answerTasks(async (task: MintTask) => ("sealedSlices" in task ? joinSealed(task) : hashPaced(task)));
