// QR codes as pictures, made in the tests (nothing binary is committed): a QR code from the
// `qrcode` package drawn into raw grey pixels — scaled by a non-integer factor, turned a little,
// on an uneven background and with noise, like a phone photo — then written as a PNG (for the
// photo upload) or as a YUV4MPEG2 video (Chromium's fake camera). Both formats are written here
// from the pixels: a PNG is a signature and three zlib/CRC-framed chunks, a Y4M a text header
// and raw planes.
import QRCode from "qrcode";
import { crc32, deflateSync } from "node:zlib";

export type Gray = { width: number; height: number; pixels: Uint8Array };

export type DrawOptions = {
  width: number;
  height: number;
  /** Pixels per QR module (not necessarily whole). */
  moduleSize: number;
  /** Turned by this many degrees. */
  angle?: number;
  /** ± this much random noise on every pixel (0–255 scale). */
  noise?: number;
  /** Seed of the noise, so a failure can be reproduced. */
  seed?: number;
};

/** A small deterministic random generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The QR code of `text` drawn as grey pixels (dark modules ~30, paper ~225, a lighter frame). */
export function drawQr(text: string, options: DrawOptions): Gray {
  const { width, height, moduleSize, angle = 0, noise = 0, seed = 1 } = options;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  const margin = 4;
  const span = (qr.size + 2 * margin) * moduleSize;
  const rad = (angle * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const next = random(seed);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const u = cos * dx + sin * dy + span / 2;
      const v = -sin * dx + cos * dy + span / 2;
      let value = 150 + Math.round((40 * x) / width); // a table under the sticker, lit unevenly
      if (u >= 0 && v >= 0 && u < span && v < span) {
        const col = Math.floor(u / moduleSize) - margin;
        const row = Math.floor(v / moduleSize) - margin;
        const dark = row >= 0 && col >= 0 && row < qr.size && col < qr.size && qr.get(row, col) === 1;
        value = dark ? 30 : 225;
      }
      value += Math.round((next() * 2 - 1) * noise);
      pixels[y * width + x] = Math.max(0, Math.min(255, value));
    }
  }
  return { width, height, pixels };
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typeAndBody = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndBody) >>> 0);
  return Buffer.concat([length, typeAndBody, crc]);
}

/** An 8-bit greyscale PNG. */
export function encodePng({ width, height, pixels }: Gray): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0; // no filter
    Buffer.from(pixels.buffer, pixels.byteOffset + y * width, width).copy(rows, y * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A YUV4MPEG2 video of `frames` identical frames (4:2:0, grey: U and V at 128), which Chromium's
 * fake camera (--use-file-for-fake-video-capture) plays in a loop. Width and height must be even.
 */
export function encodeY4m({ width, height, pixels }: Gray, frames = 10, fps = 10): Buffer {
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n", "ascii"), Buffer.from(pixels), chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`, "ascii"), ...Array(frames).fill(frame)]);
}
