// The print worker (core/worker-pool.server.ts): sticker sheets and lock-screen cards, drawn off the
// event loop. A PDF of 10,000 stickers takes the CPU for about 10 s; the SVG of as many is 42 MB of
// text; a lock-screen PNG about a tenth of a second. All come back as bytes moved (not copied) to
// the main thread, where they live outside its capped heap.
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { move } from "piscina";
import type { LockScreenCard } from "./lock-screen-card.server.ts";
import { stickerSheetPdf, stickerSheetSvg, type Sticker } from "./sheet.server.ts";

export type SheetTask = { format: "svg" | "pdf"; stickers: Sticker[]; title: string } | { format: "png"; card: LockScreenCard };

export default async function render(task: SheetTask): Promise<Uint8Array<ArrayBuffer>> {
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
