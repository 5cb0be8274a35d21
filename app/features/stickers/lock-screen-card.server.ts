// A lock-screen card (decision 027): a phone wallpaper that carries a sticker's QR code, so a
// finder of a locked phone scans it from the lock screen with their own phone and reaches the
// owner's page, as from any sticker — without a number on the lock screen for anyone to copy.
//
// Where things go. Lock screens cover the top third with the clock, date and widgets, and the
// bottom eighth with the torch and camera buttons and the home bar; notifications pile up from
// the bottom on iPhones and under the clock on Android, so the lower middle is the most often
// free. Everything sits in the band between 34 % and 87 % of the height, centred in it.
// The code: the sticker's own (APP_URL/?t=TOKEN, level H, the 4-module quiet zone), dark on a
// white panel in both styles (many readers do not read light-on-dark codes), whole pixels per
// module, 60 % of the screen's width: on a phone 68 mm wide that is about 40 mm, and a code reads
// from about ten times its width, so from 30 cm with room to spare. Beneath it the token 4-4-4,
// for a camera that cannot read the screen; above it the owner's line; under the panel Tagback's
// mark and the site's host, where the token can be typed.
//
// Runs in the print worker (sheet.worker.ts): relative imports only.
import { createRequire } from "node:module";
import fs from "node:fs";
import { BRAND_BLUE, BRAND_MARK } from "../../core/brand-mark.ts";
import { formatToken } from "../finder/search-number.ts";
import { cardText, type CardText } from "./card-text.server.ts";
import type { LockScreenStyle } from "./rules.ts";
import { qrRuns } from "./sheet.server.ts";

export type LockScreenCard = {
  token: string;
  /** What the code holds: APP_URL/?t=TOKEN. */
  url: string;
  /** The owner's line (or the default one). */
  line: string;
  width: number;
  height: number;
  style: LockScreenStyle;
};

const STYLES = {
  light: { background: "#eef2f7", text: "#0f172a", muted: "#475569" },
  dark: { background: "#0b1220", text: "#f8fafc", muted: "#cbd5e1" },
} as const;

/** The band of the screen that lock screens leave free (fractions of the height). */
export const FREE_BAND = { top: 0.34, bottom: 0.87 } as const;
/** The code's share of the screen's width, quiet zone included. */
const QR_SHARE = 0.6;
const LINE_LIMIT = 3;

/** Where the code landed (pixels), for tests and for the layout's own checks. */
export type CardLayout = { qr: { x: number; y: number; side: number; module: number }; lines: string[] };

export function lockScreenSvg(card: LockScreenCard, text: CardText): { svg: string; layout: CardLayout } {
  const { width: W, height: H } = card;
  const colors = STYLES[card.style];
  const qr = qrRuns(card.url);
  const bandTop = H * FREE_BAND.top;
  const bandHeight = H * (FREE_BAND.bottom - FREE_BAND.top);

  // Sizes from the width, then shrunk together if the block does not fit the band (short, wide screens).
  let module = Math.max(2, Math.floor((W * QR_SHARE) / qr.size));
  let unit = W / 100;
  let lines: string[] = [];
  let block = 0;
  for (let attempt = 0; attempt < 8; attempt++) {
    lines = text.wrap(card.line, 4.6 * unit, "bold", W * 0.84).slice(0, LINE_LIMIT);
    block = blockHeight(lines.length, module * qr.size, unit);
    if (block <= bandHeight || module <= 2) break;
    const shrink = bandHeight / block;
    module = Math.max(2, Math.floor(module * shrink));
    unit *= shrink;
  }

  const lineSize = 4.6 * unit;
  const lineGap = lineSize * 1.3;
  const side = module * qr.size;
  const pad = 2.5 * unit;
  const tokenSize = 5.4 * unit;
  const panelWidth = side + 2 * pad;
  const panelHeight = pad + side + tokenSize * 1.9;
  const markSize = 5 * unit;

  let y = bandTop + Math.max(0, (bandHeight - block) / 2);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="${colors.background}"/>`,
  ];
  for (const line of lines) {
    y += lineSize;
    const shaped = text.shape(line, lineSize, "bold");
    parts.push(shaped.draw((W - shaped.width) / 2, y, colors.text));
    y += lineGap - lineSize;
  }
  y += 3 * unit;

  const panelX = (W - panelWidth) / 2;
  parts.push(`<rect x="${r(panelX)}" y="${r(y)}" width="${r(panelWidth)}" height="${r(panelHeight)}" rx="${r(3 * unit)}" fill="#fff"/>`);
  // Whole pixels per module, on whole pixels: crisp edges a camera reads best.
  const qrX = Math.round((W - side) / 2);
  const qrY = Math.round(y + pad);
  const d = qr.runs.map((run) => `M${run.x} ${run.y}h${run.width}v1h-${run.width}z`).join("");
  parts.push(`<path transform="translate(${qrX} ${qrY}) scale(${module})" fill="#000" shape-rendering="crispEdges" d="${d}"/>`);
  const token = text.shape(formatToken(card.token), tokenSize, "bold");
  parts.push(token.draw((W - token.width) / 2, qrY + side + tokenSize * 1.15, "#0f172a"));
  y += panelHeight + 3 * unit;

  // The mark, then "Tagback · host" beside it, centred together.
  const label = text.shape(`Tagback · ${new URL(card.url).host}`, markSize * 0.62, "regular");
  const gap = markSize * 0.3;
  const markX = (W - (markSize + gap + label.width)) / 2;
  const s = markSize / BRAND_MARK.size;
  parts.push(
    `<g transform="translate(${r(markX)} ${r(y)}) scale(${r(s, 4)})">`,
    `<path d="${BRAND_MARK.tag}" fill="${BRAND_BLUE}"/>`,
    `<circle cx="${BRAND_MARK.hole.cx}" cy="${BRAND_MARK.hole.cy}" r="${BRAND_MARK.hole.r}" fill="#fff"/>`,
    `<path d="${BRAND_MARK.modules}" fill="#fff"/>`,
    `</g>`,
    label.draw(markX + markSize + gap, y + markSize * 0.7, colors.muted),
    `</svg>`,
  );
  return { svg: parts.join(""), layout: { qr: { x: qrX, y: qrY, side, module }, lines } };
}

/** The height of line(s), gaps, the panel (code and token) and the mark, for a module of `qrSide`. */
function blockHeight(lineCount: number, qrSide: number, unit: number): number {
  const lines = lineCount * 4.6 * unit * 1.3;
  const panel = 2.5 * unit + qrSide + 5.4 * unit * 1.9;
  return lines + 3 * unit + panel + 3 * unit + 5 * unit;
}

const r = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

type ResvgWasm = typeof import("@resvg/resvg-wasm");
let resvg: Promise<ResvgWasm> | undefined;

/** resvg compiled to WebAssembly, its .wasm read from node_modules once per worker thread. */
function rasteriser(): Promise<ResvgWasm> {
  resvg ??= (async () => {
    const module: ResvgWasm = await import("@resvg/resvg-wasm");
    const wasm = fs.readFileSync(createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm"));
    await module.initWasm(wasm);
    return module;
  })();
  return resvg;
}

/** The card as a PNG of exactly `width` × `height` pixels. */
export async function lockScreenPng(card: LockScreenCard): Promise<Uint8Array> {
  const [{ Resvg }, text] = await Promise.all([rasteriser(), cardText()]);
  const { svg } = lockScreenSvg(card, text);
  // No <text> in the card (card-text.server.ts draws glyphs as paths): resvg needs no fonts.
  const renderer = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: "original" } });
  try {
    const image = renderer.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    renderer.free();
  }
}
