// Text on a lock-screen card, drawn as glyph outlines. resvg (which rasterises the card) lays out
// SVG text itself, and its layout breaks Hindi: a vowel sign drawn over the next letter, a space
// lost after it ("इनाम" came out as "इनम"). So the card holds no <text>: HarfBuzz, the shaping
// engine browsers use, compiled to WebAssembly (harfbuzzjs), shapes each line with the font, and
// the line becomes SVG paths, one per glyph, from the font's own outlines. The font is Noto Sans
// Devanagari (Regular and Bold), which has Latin letters too, read from its npm package: the
// server, the tests and the Docker image resolve the same files from node_modules.
//
// Runs in the print worker (sheet.worker.ts) only: relative imports, loaded on the first card.
import fs from "node:fs";
import { createRequire } from "node:module";

export type Weight = "regular" | "bold";

/** The font files the card draws with, as the server resolves them. */
export function cardFontFiles(): Record<Weight, string> {
  const require = createRequire(import.meta.url);
  const file = (name: string) => require.resolve(`@expo-google-fonts/noto-sans-devanagari/${name}/NotoSansDevanagari_${name}.ttf`);
  return { regular: file("400Regular"), bold: file("700Bold") };
}

type HarfBuzz = typeof import("harfbuzzjs");
type Face = InstanceType<HarfBuzz["Face"]>;
type Font = InstanceType<HarfBuzz["Font"]>;

/** A shaped line: its advance width in pixels, and an SVG group that draws it from (x, baseline). */
export type ShapedLine = {
  width: number;
  /** Glyphs the font has no outline for (.notdef, drawn as an empty box): 0 for any allowed line. */
  missing: number;
  draw(x: number, baseline: number, fill: string): string;
};

export type CardText = {
  shape(text: string, size: number, weight: Weight): ShapedLine;
  /** Words greedily wrapped into lines no wider than `maxWidth`. */
  wrap(text: string, size: number, weight: Weight, maxWidth: number): string[];
  /** Every code point the font maps to a glyph (tests check the line's allowed characters). */
  coverage(weight: Weight): Set<number>;
};

let loading: Promise<CardText> | undefined;

/** HarfBuzz and the two faces, loaded once per worker thread. */
export function cardText(): Promise<CardText> {
  loading ??= load();
  return loading;
}

async function load(): Promise<CardText> {
  const hb: HarfBuzz = await import("harfbuzzjs");
  const files = cardFontFiles();
  const faces = {} as Record<Weight, { face: Face; font: Font; upem: number; paths: Map<number, string> }>;
  for (const weight of ["regular", "bold"] as const) {
    const bytes = fs.readFileSync(files[weight]);
    const face = new hb.Face(new hb.Blob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    faces[weight] = { face, font: new hb.Font(face), upem: face.upem, paths: new Map() };
  }

  function shape(text: string, size: number, weight: Weight): ShapedLine {
    const { font, upem, paths } = faces[weight];
    const scale = size / upem;
    const glyphs: Array<{ id: number; x: number; y: number }> = [];
    let pen = 0;
    let missing = 0;
    // Each script run on its own (Devanagari, everything else), as a browser does: a buffer takes
    // one script, and Latin shaped as Devanagari would lose its kerning.
    for (const run of scriptRuns(text)) {
      const buffer = new hb.Buffer();
      buffer.addText(run);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      const positions = buffer.getGlyphPositions();
      for (const [index, info] of buffer.getGlyphInfos().entries()) {
        const position = positions[index]!;
        if (info.codepoint === 0) missing++;
        glyphs.push({ id: info.codepoint, x: pen + position.xOffset, y: position.yOffset });
        pen += position.xAdvance;
      }
    }
    return {
      width: pen * scale,
      missing,
      draw(x, baseline, fill) {
        const parts = glyphs.map(({ id, x: gx, y: gy }) => {
          let d = paths.get(id);
          if (d === undefined) paths.set(id, (d = font.glyphToPath(id)));
          return d ? `<path transform="translate(${gx} ${gy})" d="${d}"/>` : "";
        });
        // Font units, y up, scaled into pixels, y down.
        return `<g fill="${fill}" transform="translate(${round(x)} ${round(baseline)}) scale(${round(scale, 6)} ${round(-scale, 6)})">${parts.join("")}</g>`;
      },
    };
  }

  function wrap(text: string, size: number, weight: Weight, maxWidth: number): string[] {
    const lines: string[] = [];
    let current = "";
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && shape(candidate, size, weight).width > maxWidth) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    return lines;
  }

  return { shape, wrap, coverage: (weight) => new Set(faces[weight].face.collectUnicodes()) };
}

const DEVANAGARI = /[\u0900-\u097F\u200C\u200D]/u;
const NEUTRAL = /[\s\d\p{P}\p{S}]/u;

/** The text cut where it changes between Devanagari and other letters; spaces, digits and punctuation stay with the run before them. */
export function scriptRuns(text: string): string[] {
  const runs: string[] = [];
  let current = "";
  let currentIsDevanagari: boolean | null = null;
  for (const char of text) {
    if (NEUTRAL.test(char) || currentIsDevanagari === DEVANAGARI.test(char) || currentIsDevanagari === null) {
      if (currentIsDevanagari === null && !NEUTRAL.test(char)) currentIsDevanagari = DEVANAGARI.test(char);
      current += char;
      continue;
    }
    runs.push(current);
    current = char;
    currentIsDevanagari = DEVANAGARI.test(char);
  }
  if (current) runs.push(current);
  return runs;
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
