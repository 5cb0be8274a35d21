// Printable sticker sheets for a batch (spec 001 §2 "Admin panel"): each sticker is a QR code of
// the token's URL, at error-correction level H (stickers on keys and metro cards wear and smudge)
// with the 4-module quiet zone the QR standard asks for, and the token printed 4-4-4 beneath it —
// the finder's fallback when the code is worn. The QR is drawn as vector rectangles from qrcode's
// module matrix, in the SVG and in the PDF alike. The PDF is A4, laid out for a common label
// sheet (LABEL_SHEET); the SVG uses the same label grid, as one sheet as long as the batch needs.
import QRCode from "qrcode";
// Relative imports only: this module also runs in the sheet worker (sheet.worker.ts), which Node
// loads without the bundler's path aliases.
import { formatToken } from "../finder/search-number.ts";
import { QR_ERROR_CORRECTION, QUIET_ZONE_MODULES } from "./rules.ts";
import { A4_MM, LABEL_SHEET, LABELS_PER_PAGE, pageCountFor } from "./sheet-layout.ts";

export { QR_ERROR_CORRECTION, QUIET_ZONE_MODULES };

export { A4_MM, LABEL_SHEET, LABELS_PER_PAGE, labelSheetFitsA4, pageCountFor, sheetFileName } from "./sheet-layout.ts";

export type Sticker = { token: string; url: string };

/** A QR code's dark modules as horizontal runs, in modules, quiet zone included in `size`. */
export type QrRuns = { size: number; runs: Array<{ x: number; y: number; width: number }> };

export function qrRuns(url: string): QrRuns {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const n = modules.size;
  const runs: QrRuns["runs"] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      runs.push({ x: start + QUIET_ZONE_MODULES, y: row + QUIET_ZONE_MODULES, width: col - start });
    }
  }
  return { size: n + 2 * QUIET_ZONE_MODULES, runs };
}

/** Where the label of the `index`-th sticker sits on its page (mm from the page's top left). */
function labelOrigin(index: number) {
  const slot = index % LABELS_PER_PAGE;
  const column = slot % LABEL_SHEET.columns;
  const row = Math.floor(slot / LABEL_SHEET.columns);
  return {
    page: Math.floor(index / LABELS_PER_PAGE),
    x: LABEL_SHEET.marginLeft + column * LABEL_SHEET.labelWidth,
    y: LABEL_SHEET.marginTop + row * LABEL_SHEET.labelHeight,
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function escapeXml(value: string) {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The batch as one SVG in millimetres: the label grid of LABEL_SHEET, as many rows as the batch
 * needs. Each QR is a white square (its quiet zone) with one path of unit-high runs, scaled so the
 * whole symbol is LABEL_SHEET.qrSize wide.
 */
export function stickerSheetSvg(stickers: ReadonlyArray<Sticker>): string {
  const rows = Math.max(1, Math.ceil(stickers.length / LABEL_SHEET.columns));
  const width = 2 * LABEL_SHEET.marginLeft + LABEL_SHEET.columns * LABEL_SHEET.labelWidth;
  const height = 2 * LABEL_SHEET.marginTop + rows * LABEL_SHEET.labelHeight;
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}">`,
    `<title>Tagback stickers (${stickers.length})</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#fff"/>`,
  ];
  stickers.forEach((sticker, index) => {
    const row = Math.floor(index / LABEL_SHEET.columns);
    const column = index % LABEL_SHEET.columns;
    const x = LABEL_SHEET.marginLeft + column * LABEL_SHEET.labelWidth;
    const y = LABEL_SHEET.marginTop + row * LABEL_SHEET.labelHeight;
    const qr = qrRuns(sticker.url);
    const scale = LABEL_SHEET.qrSize / qr.size;
    const qrX = x + (LABEL_SHEET.labelWidth - LABEL_SHEET.qrSize) / 2;
    const qrY = y + LABEL_SHEET.qrTop;
    const d = qr.runs.map((r) => `M${r.x} ${r.y}h${r.width}v1h-${r.width}z`).join("");
    parts.push(
      `<g data-token="${sticker.token}">`,
      `<g transform="translate(${round(qrX)} ${round(qrY)}) scale(${Math.round(scale * 1e6) / 1e6})">`,
      `<rect x="0" y="0" width="${qr.size}" height="${qr.size}" fill="#fff"/>`,
      `<path fill="#000" shape-rendering="crispEdges" d="${d}"/>`,
      `</g>`,
      `<text x="${round(x + LABEL_SHEET.labelWidth / 2)}" y="${round(y + LABEL_SHEET.textBaseline)}" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="${LABEL_SHEET.fontSize}" text-anchor="middle" fill="#000">${escapeXml(formatToken(sticker.token))}</text>`,
      `</g>`,
    );
  });
  parts.push(`</svg>`, "");
  return parts.join("\n");
}

const MM = 72 / 25.4; // PDF points per millimetre

/** The batch as an A4 PDF for LABEL_SHEET label sheets: one page per LABELS_PER_PAGE stickers. */
export async function stickerSheetPdf(stickers: ReadonlyArray<Sticker>, title = "Tagback stickers"): Promise<Uint8Array> {
  // Imported when an admin asks for a sheet, not by every server process at start (memory).
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator("Tagback");
  pdf.setProducer("Tagback");
  const font = await pdf.embedFont(StandardFonts.Courier);
  const pageSize: [number, number] = [A4_MM.width * MM, A4_MM.height * MM];
  const pages = Array.from({ length: pageCountFor(stickers.length) }, () => pdf.addPage(pageSize));
  const black = rgb(0, 0, 0);
  let codes: string[] = [];
  stickers.forEach((sticker, index) => {
    const at = labelOrigin(index);
    const page = pages[at.page]!;
    const qr = qrRuns(sticker.url);
    const module = (LABEL_SHEET.qrSize / qr.size) * MM;
    // PDF's origin is the page's bottom left; the layout's is the top left.
    const left = (at.x + (LABEL_SHEET.labelWidth - LABEL_SHEET.qrSize) / 2) * MM;
    const top = pageSize[1] - (at.y + LABEL_SHEET.qrTop) * MM;
    // The code's runs as rectangles of one path, filled once, written straight into the page's
    // own content stream below. pdf-lib's drawRectangle kept an object per operator and number
    // (2,000 stickers took 16 s; 10,000 ran out of a 128 MB heap).
    const rects = qr.runs.map((run) => `${pt(left + run.x * module)} ${pt(top - (run.y + 1) * module)} ${pt(run.width * module)} ${pt(module)} re`);
    codes.push(rects.join("\n"));
    const text = formatToken(sticker.token);
    const size = LABEL_SHEET.fontSize * MM;
    const textWidth = font.widthOfTextAtSize(text, size);
    page.drawText(text, {
      x: (at.x + LABEL_SHEET.labelWidth / 2) * MM - textWidth / 2,
      y: pageSize[1] - (at.y + LABEL_SHEET.textBaseline) * MM,
      size,
      font,
      color: black,
    });
    if (index % LABELS_PER_PAGE === LABELS_PER_PAGE - 1 || index === stickers.length - 1) {
      // The page is complete: its codes go in compressed. Saved and restored graphics state, black
      // fill ("0 g"), the rectangles, fill ("f").
      const stream = pdf.context.flateStream(`q\n0 g\n${codes.join("\n")}\nf\nQ\n`);
      page.node.addContentStream(pdf.context.register(stream));
      codes = [];
    }
  });
  return pdf.save();
}

/** A PDF number: points to a thousandth (finer than any printer). */
const pt = (value: number) => String(Math.round(value * 1000) / 1000);
