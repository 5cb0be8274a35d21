// The sticker-sheet worker (core/worker-pool.server.ts): renders a sheet off the event loop. A PDF
// of 10,000 stickers takes the CPU for about 10 s; the SVG of as many is 42 MB of text. Both come
// back as bytes moved (not copied) to the main thread, where they live outside its capped heap.
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { move } from "piscina";
import { stickerSheetPdf, stickerSheetSvg, type Sticker } from "./sheet.server.ts";

export type SheetTask = { format: "svg" | "pdf"; stickers: Sticker[]; title: string };

export default async function renderSheet({ format, stickers, title }: SheetTask): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = format === "svg" ? Buffer.from(stickerSheetSvg(stickers), "utf8") : await stickerSheetPdf(stickers, title);
  // A Buffer may share a pool's memory: copy it into a buffer of its own, which can be moved.
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  return move(own) as Uint8Array<ArrayBuffer>;
}
