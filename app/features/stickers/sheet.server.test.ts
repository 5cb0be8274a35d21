import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { A4_MM, LABEL_SHEET, LABELS_PER_PAGE, labelSheetFitsA4, pageCountFor, QUIET_ZONE_MODULES, qrRuns, sheetFileName } from "./sheet.server.ts";

describe("the label grid", () => {
  it("fits A4 with its margins, and a grid that would not is caught", () => {
    expect(labelSheetFitsA4()).toBe(true);
    expect(LABEL_SHEET.columns * LABEL_SHEET.labelWidth + 2 * LABEL_SHEET.marginLeft).toBeLessThanOrEqual(A4_MM.width);
    expect(LABEL_SHEET.rows * LABEL_SHEET.labelHeight + 2 * LABEL_SHEET.marginTop).toBeLessThanOrEqual(A4_MM.height);
    expect(labelSheetFitsA4({ ...LABEL_SHEET, rows: 9 })).toBe(false);
    expect(labelSheetFitsA4({ ...LABEL_SHEET, columns: 4 })).toBe(false);
    expect(labelSheetFitsA4({ ...LABEL_SHEET, qrSize: 32 })).toBe(false);
  });

  it("needs one page per 24 stickers", () => {
    expect(LABELS_PER_PAGE).toBe(24);
    expect([1, 24, 25, 48, 49].map(pageCountFor)).toEqual([1, 1, 2, 2, 3]);
  });
});

describe("qrRuns", () => {
  it("covers exactly the dark modules of the level-H symbol, inside a 4-module quiet zone", () => {
    const url = "https://tagback.example/?t=012345678901";
    const { modules } = QRCode.create(url, { errorCorrectionLevel: "H" });
    const { size, runs } = qrRuns(url);
    expect(size).toBe(modules.size + 2 * QUIET_ZONE_MODULES);
    const dark = new Set<string>();
    for (const run of runs) for (let x = run.x; x < run.x + run.width; x++) dark.add(`${x},${run.y}`);
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        expect(dark.has(`${col + QUIET_ZONE_MODULES},${row + QUIET_ZONE_MODULES}`)).toBe(Boolean(modules.get(row, col)));
      }
    }
    expect(dark.size).toBe([...modules.data].filter(Boolean).length);
  });
});

it("names sheet files by the batch's date and id", () => {
  expect(sheetFileName({ id: "1a2b3c4d-5e6f", createdAt: new Date("2026-11-23T10:00:00Z") }, "pdf")).toBe("tagback-stickers-2026-11-23-1a2b3c4d.pdf");
});
