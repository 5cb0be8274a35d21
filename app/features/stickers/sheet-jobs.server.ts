// Sticker sheets and lock-screen cards rendered in the print worker (sheet.worker.ts), one at a
// time; the routes that download them await these and answer 503 when the queue is full
// (WorkerBusyError).
import { NO_STORE } from "~/core/no-store";
import { WorkerBusyError, workerPool } from "~/core/worker-pool.server";
import type { LockScreenCard } from "./lock-screen-card.server.ts";
import type { Sticker } from "./sheet.server.ts";
import type { SheetTask } from "./sheet.worker.ts";

export const sheetPool = workerPool<SheetTask, Uint8Array<ArrayBuffer>>({ caller: import.meta.url, source: "./sheet.worker.ts", bundled: "sheet-worker.js" });

/** The SVG's UTF-8 bytes. */
export async function renderSheetSvg(stickers: Sticker[]): Promise<Uint8Array<ArrayBuffer>> {
  return sheetPool.run({ format: "svg", stickers, title: "" });
}

export async function renderSheetPdf(stickers: Sticker[], title: string): Promise<Uint8Array<ArrayBuffer>> {
  return sheetPool.run({ format: "pdf", stickers, title });
}

/** A lock-screen card as PNG bytes. */
export async function renderLockScreenPng(card: LockScreenCard): Promise<Uint8Array<ArrayBuffer>> {
  return sheetPool.run({ format: "png", card });
}

/** For a sheet route's `.catch`: a full queue is a 503 the admin can retry, not a 500. */
export function refuseWhenBusy(error: unknown): never {
  if (error instanceof WorkerBusyError) {
    throw new Response("Stickers and cards are being printed for other requests; try again in a minute.", {
      status: 503,
      headers: { "Retry-After": "30", ...NO_STORE },
    });
  }
  throw error;
}
