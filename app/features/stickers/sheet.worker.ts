// The heavy-job worker (core/worker-pool.server.ts, one job at a time: core/heavy-jobs.server.ts):
// sticker sheets, lock-screen cards and the mint's password hashes, off the event loop. A PDF of 10,000 stickers takes the CPU for about 10 s; the SVG of as many is 42 MB of
// text; a lock-screen PNG about a tenth of a second. All come back as bytes moved (not copied) to
// the main thread, where they live outside its capped heap.
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { isMainThread } from "node:worker_threads";
import { move } from "piscina";
import { hashPasswordSync, type ScryptCost } from "../../../db/password.ts";
import { lowerThisThreadsPriority } from "../../core/heavy-job-priority.server.ts";
import { giveWay, TRAFFIC } from "../../core/requests-in-flight.server.ts";
import { installJsonConsole } from "../../../server/json-console.js";
import type { LockScreenCard } from "./lock-screen-card.server.ts";
import { stickerSheetPdf, stickerSheetSvg, type Sticker } from "./sheet.server.ts";

/** Started as a child process by core/worker-pool.server.ts (isolation "process"), not as a thread. */
const inChildProcess = process.env.HEAVY_JOB_CHILD === "1";

// In the pool's thread or child process (not when a test imports this module): below every request.
if (!isMainThread || inChildProcess) lowerThisThreadsPriority();

export type SheetTask = { format: "svg" | "pdf"; stickers: Sticker[]; title: string } | { format: "png"; card: LockScreenCard };
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
  format: "hashes";
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

async function hashPaced({ passwords, cost, cpuShare, traffic, giveWayAtMostMs = GIVE_WAY_AT_MOST_MS }: HashTask): Promise<string[]> {
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

export default async function render(task: SheetTask | HashTask): Promise<Uint8Array<ArrayBuffer> | string[]> {
  if (task.format === "hashes") return hashPaced(task);
  const bytes = await draw(task);
  // A Buffer may share a pool's memory: copy it into a buffer of its own, which can be moved.
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  return move(own) as Uint8Array<ArrayBuffer>;
}

async function draw(task: SheetTask): Promise<Uint8Array> {
  switch (task.format) {
    case "svg":
      return Buffer.from(stickerSheetSvg(task.stickers), "utf8");
    case "pdf":
      return stickerSheetPdf(task.stickers, task.title);
    case "png": {
      // Loaded on the first card: a thread that only prints sheets never loads the WebAssembly.
      const { lockScreenPng } = await import("./lock-screen-card.server.ts");
      return lockScreenPng(task.card);
    }
  }
}

// Started as a child process (core/worker-pool.server.ts, isolation "process", which sets
// HEAVY_JOB_CHILD): tasks come and go over IPC, bytes as they are (structured clone). It shares the
// server's stdout and stderr, so it writes as the server does (server/json-console.js, as server.js
// installs it): one JSON object a line, and a crash is one line with its stack in a field.
if (inChildProcess && process.send) {
  if (process.env.NODE_ENV !== "development") installJsonConsole();
  process.on("message", (message: { id: number; task: SheetTask | HashTask }) => {
    const answer = message.task.format === "hashes" ? hashPaced(message.task) : draw(message.task);
    answer.then(
      (result) => process.send!({ id: message.id, result }),
      (error: unknown) => process.send!({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The parent gone, nothing more will come.
  process.once("disconnect", () => process.exit(0));
}
