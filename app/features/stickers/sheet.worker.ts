// The heavy-job worker for sticker sheets and lock-screen cards, one job at a time in the whole
// server (core/heavy-jobs.server.ts). The server runs it as a child process of its own
// (core/worker-pool.server.ts, isolation "process": decision 020); as a thread only where that is
// compared (scripts/bench/card-memory.ts). A PDF of 10,000 stickers takes the CPU for about 10 s; the SVG of as many
// is 42 MB of text; a lock-screen PNG about a tenth of a second. The mint's hashes have a worker of
// their own, a thread (mint.worker.ts).
// Plain Node loads this file in the source tree: relative imports with their extensions only.
import { answerTasks, inHeavyJobChild } from "../../core/heavy-job-worker.ts";
import { installConsole } from "../../core/log-lines.js";
import type { LockScreenCard } from "./lock-screen-card.server.ts";
import { stickerSheetPdf, stickerSheetSvg, type Sticker } from "./sheet.server.ts";

export type SheetTask = { format: "svg" | "pdf"; stickers: Sticker[]; title: string } | { format: "png"; card: LockScreenCard };

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

// A child process writes JSON lines (core/log-lines.js), whatever the server's format: its stderr
// goes through the server's relay, which reads JSON and writes each line in the server's format
// (core/child-stderr.server.ts); a crash is one line with its stack in a field.
if (inHeavyJobChild && process.env.NODE_ENV !== "development") installConsole("json");
answerTasks(draw);
