// Sheets are rendered in a worker thread: while a PDF of 1,200 stickers (seconds of CPU) is made,
// the event loop keeps running — a timer that ticks every few milliseconds keeps ticking, and no
// gap between two ticks comes near the job's own length (on the main thread the loop would stand
// still for all of it). A full queue refuses at once rather than waiting.
import { afterAll, expect, test } from "vitest";
import { PDFDocument } from "pdf-lib";
import { WorkerBusyError } from "~/core/worker-pool.server";
import { tokenUrl } from "./mint.server";
import { refuseWhenBusy } from "./printables.server";
import { renderSheetPdf, renderSheetSvg, sheetPool } from "./sheet-jobs.server";
import { pageCountFor } from "./sheet-layout";

const stickers = Array.from({ length: 1200 }, (_, i) => {
  const token = String(310000000000 + i * 7919);
  return { token, url: tokenUrl("https://tagback.example", token) };
});

afterAll(() => sheetPool.close());

test("a large PDF is made off the event loop, which keeps answering meanwhile", { timeout: 60_000 }, async () => {
  const ticks: number[] = [];
  const timer = setInterval(() => ticks.push(performance.now()), 5);
  const started = performance.now();
  const pdf = await renderSheetPdf(stickers, "test sheet");
  const took = performance.now() - started;
  clearInterval(timer);

  const document = await PDFDocument.load(pdf);
  expect(document.getPageCount()).toBe(pageCountFor(stickers.length));
  const gaps = ticks.slice(1).map((at, i) => at - ticks[i]!);
  const longest = Math.max(...gaps);
  // The loop ticked all along: many ticks, and its longest pause a small part of the job.
  expect(ticks.length).toBeGreaterThan(20);
  expect(longest).toBeLessThan(took / 4);
});

test("the SVG comes from the worker too, and a full queue is refused at once with a 503", { timeout: 60_000 }, async () => {
  const svg = Buffer.from(await renderSheetSvg(stickers.slice(0, 3))).toString("utf8");
  expect(svg.match(/<g data-token="/g)).toHaveLength(3);

  // One sheet runs and four wait (the pool's queue): the next is refused without waiting for them.
  const jobs = Array.from({ length: 5 }, () => renderSheetPdf(stickers.slice(0, 400), "queued"));
  await expect(renderSheetPdf(stickers.slice(0, 1), "one too many")).rejects.toBeInstanceOf(WorkerBusyError);
  const refused = await renderSheetPdf(stickers.slice(0, 1), "again").catch((error: unknown) => {
    try {
      refuseWhenBusy("ta")(error);
    } catch (thrown) {
      return thrown;
    }
  });
  expect(refused).toBeInstanceOf(Response);
  expect((refused as Response).status).toBe(503);
  expect((refused as Response).headers.get("Retry-After")).toBe("30");
  // In the owner's page language (Tamil here): "…try again in a minute".
  expect(await (refused as Response).text()).toContain("ஒரு நிமிடம் கழித்து மீண்டும் முயலுங்கள்");
  expect(await Promise.all(jobs)).toHaveLength(5);
});
