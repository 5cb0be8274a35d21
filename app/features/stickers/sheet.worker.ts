// The heavy-job worker for sticker sheets and lock-screen cards, one job at a time in the whole
// server (core/heavy-jobs.server.ts). The server runs it as a child process of its own
// (core/worker-pool.server.ts, isolation "process", which sets HEAVY_JOB_CHILD: decision 020); as a
// piscina thread (`render`) only where that is compared or rehearsed (scripts/bench/card-memory.ts,
// the image rehearsal). A PDF of 10,000 stickers takes the CPU for about 10 s; the SVG of as many
// is 42 MB of text; a lock-screen PNG about a tenth of a second. The mint's hashes have a worker of
// their own, a thread (mint.worker.ts).
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { move } from "piscina";
import { installJsonConsole } from "../../../server/json-console.js";
import type { LockScreenCard } from "./lock-screen-card.server.ts";
import { stickerSheetPdf, stickerSheetSvg, type Sticker } from "./sheet.server.ts";

/** Started as a child process by core/worker-pool.server.ts, not as a thread. */
const inChildProcess = process.env.HEAVY_JOB_CHILD === "1";

export type SheetTask = { format: "svg" | "pdf"; stickers: Sticker[]; title: string } | { format: "png"; card: LockScreenCard };

/** In a piscina thread: the bytes, moved (not copied) to the main thread. */
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

// In the child process, tasks come and go over IPC, bytes as they are (structured clone). It shares
// the server's stdout and stderr, so it writes as the server does (server/json-console.js, as
// server.js installs it): one JSON object a line, and a crash is one line with its stack in a field.
if (inChildProcess && process.send) {
  if (process.env.NODE_ENV !== "development") installJsonConsole();
  process.on("message", (message: { id: number; task: SheetTask }) => {
    draw(message.task).then(
      (result) => process.send!({ id: message.id, result }),
      (error: unknown) => process.send!({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The parent gone, nothing more will come.
  process.once("disconnect", () => process.exit(0));
}
