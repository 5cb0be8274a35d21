// Sticker sheets and lock-screen cards, in the heavy-job worker (sheet.worker.ts), one at a time in
// the whole process with the mint's slices (core/heavy-jobs.server.ts; the mint's pool is in
// mint-job.server.ts); the routes that download sheets and cards await these and answer 503 when
// their queue is full (WorkerBusyError: printables.server.ts refuseWhenBusy).
//
// Two pools on the same worker file, so that each kind's memory goes back on its own schedule.
// Sheets and cards run in a child process (isolation "process"): a 10,000-sticker PDF takes ~170 MB
// and a 2160 × 3840 card ~110 MB (resvg's WebAssembly memory, which never shrinks), and a thread
// that ends frees them without handing them all back to the system, while a process that ends
// does (decision 020). The sheets' process ends after 30 s idle, the cards' after CARD_IDLE_MS.
import { workerPool } from "../../core/worker-pool.server.ts";
import type { LockScreenCard } from "./lock-screen-card.server.ts";
import type { Sticker } from "./sheet.server.ts";
import type { SheetTask } from "./sheet.worker.ts";

const WORKER = { caller: import.meta.url, source: "./sheet.worker.ts", bundled: "sheet-worker.js" } as const;
/** A card's thread ends this long after its last card (a burst of cards reuses it). */
export const CARD_IDLE_MS = 2_000;

export const sheetPool = workerPool<SheetTask, Uint8Array<ArrayBuffer>>({ ...WORKER, kind: "sheet", isolation: "process" });
export const cardPool = workerPool<SheetTask, Uint8Array<ArrayBuffer>>({ ...WORKER, kind: "card", idleTimeoutMs: CARD_IDLE_MS, isolation: "process" });

/** The SVG's UTF-8 bytes. */
export async function renderSheetSvg(stickers: Sticker[]): Promise<Uint8Array<ArrayBuffer>> {
  return sheetPool.run({ format: "svg", stickers, title: "" });
}

export async function renderSheetPdf(stickers: Sticker[], title: string): Promise<Uint8Array<ArrayBuffer>> {
  return sheetPool.run({ format: "pdf", stickers, title });
}

/** A lock-screen card as PNG bytes. */
export async function renderLockScreenPng(card: LockScreenCard): Promise<Uint8Array<ArrayBuffer>> {
  return cardPool.run({ format: "png", card });
}
