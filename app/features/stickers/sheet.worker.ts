// The heavy-job worker (core/worker-pool.server.ts, one job at a time: core/heavy-jobs.server.ts):
// sticker sheets, lock-screen cards and the mint's password hashes, off the event loop. A PDF of 10,000 stickers takes the CPU for about 10 s; the SVG of as many is 42 MB of
// text; a lock-screen PNG about a tenth of a second. All come back as bytes moved (not copied) to
// the main thread, where they live outside its capped heap.
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { move } from "piscina";
import { hashPasswordSync, type ScryptCost } from "../../../db/password.ts";
import type { LockScreenCard } from "./lock-screen-card.server.ts";
import { stickerSheetPdf, stickerSheetSvg, type Sticker } from "./sheet.server.ts";

export type SheetTask = { format: "svg" | "pdf"; stickers: Sticker[]; title: string } | { format: "png"; card: LockScreenCard };
/**
 * A slice of a mint: its passwords hashed one after another with scryptSync, on this thread (not
 * libuv's pool), each followed by a pause so that this thread's CPU stays within `cpuShare` of a
 * core (a shared-cpu-1x's sustained share is 1/16): no burst longer than one hash (~1.4 ms). And
 * before each hash, while the rest of the process (the finders' requests) used more than
 * `yieldAbove` of a core since the last look, it waits — up to YIELD_AT_MOST_MS a hash, so a busy
 * process slows a mint down without stopping it.
 */
export type HashTask = { format: "hashes"; passwords: string[]; cost: ScryptCost; cpuShare: number; yieldAbove?: number };

const YIELD_STEP_MS = 50;
const YIELD_AT_MOST_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const micros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

/** CPU the process's other threads used since `since`, as a share of one core. */
function othersShare(since: { at: number; process: number; thread: number }) {
  const now = { at: performance.now(), process: micros(process.cpuUsage()), thread: micros(process.threadCpuUsage()) };
  const wallMs = now.at - since.at;
  const share = wallMs > 0 ? (now.process - since.process - (now.thread - since.thread)) / 1000 / wallMs : 0;
  return { share, now };
}

async function hashPaced({ passwords, cost, cpuShare, yieldAbove = 1 }: HashTask): Promise<string[]> {
  const hashes: string[] = [];
  let window = { at: performance.now(), process: micros(process.cpuUsage()), thread: micros(process.threadCpuUsage()) };
  for (const password of passwords) {
    for (let waited = 0; yieldAbove < 1 && waited < YIELD_AT_MOST_MS; waited += YIELD_STEP_MS) {
      const { share, now } = othersShare(window);
      window = now;
      if (share <= yieldAbove) break;
      await sleep(YIELD_STEP_MS);
    }
    const before = process.threadCpuUsage();
    hashes.push(hashPasswordSync(password, cost));
    const cpuMs = micros(process.threadCpuUsage(before)) / 1000;
    if (cpuShare < 1) await sleep(cpuMs * (1 / cpuShare - 1));
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
// HEAVY_JOB_CHILD): tasks come and go over IPC, bytes as they are (structured clone).
if (process.env.HEAVY_JOB_CHILD === "1" && process.send) {
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
