// The sticker-sheet worker (core/worker-pool.server.ts): renders a sheet off the event loop. A PDF
// of 2,000 stickers takes the CPU for seconds; the SVG of as many is 8 MB of text.
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { stickerSheetPdf, stickerSheetSvg, type Sticker } from "./sheet.server.ts";

export type SheetTask = { format: "svg" | "pdf"; stickers: Sticker[]; title: string };

export default async function renderSheet({ format, stickers, title }: SheetTask): Promise<string | Uint8Array> {
  return format === "svg" ? stickerSheetSvg(stickers) : stickerSheetPdf(stickers, title);
}
