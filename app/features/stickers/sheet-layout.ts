// The label grid of the printable sticker sheets (sheet.server.ts), shared with the admin page.

export const A4_MM = { width: 210, height: 297 } as const;

/**
 * 24 labels of 70 × 36 mm, 3 across and 8 down (the common A4 label sheet of Avery Zweckform 3475 and its equivalents): 3 × 70 =
 * 210 mm fills the width, 8 × 36 = 288 mm leaves 4.5 mm at the top and the bottom.
 */
export const LABEL_SHEET = {
  columns: 3,
  rows: 8,
  labelWidth: 70,
  labelHeight: 36,
  marginLeft: 0,
  marginTop: 4.5,
  /** The QR's side, quiet zone included, and the space around it inside a label. */
  qrSize: 27,
  qrTop: 1.5,
  /** The token's baseline from the label's top, and its font size (mm). */
  textBaseline: 32.5,
  fontSize: 3.6,
} as const;

export const LABELS_PER_PAGE = LABEL_SHEET.columns * LABEL_SHEET.rows;

/** Whether a grid of labels (and what is printed in each label) fits on A4 with its margins. */
export type LabelSheet = { [Key in keyof typeof LABEL_SHEET]: number };

export function labelSheetFitsA4(sheet: LabelSheet = LABEL_SHEET): boolean {
  const width = 2 * sheet.marginLeft + sheet.columns * sheet.labelWidth;
  const height = 2 * sheet.marginTop + sheet.rows * sheet.labelHeight;
  return (
    width <= A4_MM.width &&
    height <= A4_MM.height &&
    sheet.qrSize <= sheet.labelWidth &&
    sheet.qrTop + sheet.qrSize < sheet.textBaseline - sheet.fontSize * 0.75 &&
    sheet.textBaseline + sheet.fontSize * 0.25 <= sheet.labelHeight
  );
}

export function pageCountFor(stickers: number): number {
  return Math.max(1, Math.ceil(stickers / LABELS_PER_PAGE));
}

/**
 * `tagback-stickers-2026-11-23-1a2b3c4d.svg`: the batch's date and the start of its id. The
 * download routes name the file with it; here rather than in sheet.server.ts, so that loading them
 * does not load qrcode at start (decision 020).
 */
export function sheetFileName(batch: { id: string; createdAt: Date }, extension: "svg" | "pdf"): string {
  const day = batch.createdAt.toISOString().slice(0, 10);
  return `tagback-stickers-${day}-${batch.id.replace(/[^0-9a-z]/gi, "").slice(0, 8)}.${extension}`;
}
