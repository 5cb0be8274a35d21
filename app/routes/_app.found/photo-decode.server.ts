// Reads the QR code in a photo a finder uploads on /found (no JavaScript, or no camera): zxing-wasm
// (ZXing-C++ compiled to WebAssembly) decodes the PNG or JPEG bytes itself. Its .wasm is read from
// node_modules, never fetched from its CDN. Decoding takes the CPU for a while (about 0.15 s for a
// 1000×800 photo, 2 s for 12 megapixels here), so it runs in a worker thread, one photo at a time,
// and never holds up the requests the main thread serves (a sticker scan must stay fast). What the
// code says is read by the same parser the camera scanner uses (features/lost-found/qr-content.ts).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { PHOTO_MAX_BYTES } from "~/features/lost-found/rules";
import { parseQrContent, type QrError } from "~/features/lost-found/qr-content";
import type { SearchQuery } from "~/features/finder/search-input";

/** The decoder's pixel budget: a 48-megapixel phone photo fits, a decompression bomb does not. */
const MAX_PIXELS = 50_000_000;
/** Photos waiting for the worker beyond this are refused (503) rather than queued for minutes. */
const MAX_WAITING = 8;

export type PhotoError =
  | QrError
  | "qr.photoMissing"
  | "qr.photoNotImage"
  | "qr.photoTooBig"
  | "qr.photoNoQr"
  | "qr.photoTooMany"
  | "qr.photoBusy";
export type PhotoOutcome = { ok: true; query: SearchQuery } | { ok: false; error: PhotoError; status: number };

type Decoded = { text: string | null; unreadable: boolean };

// The worker's code: CommonJS, given the paths of zxing-wasm's reader and its .wasm.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const { prepareZXingModule, readBarcodes } = require(workerData.reader);
const wasm = readFileSync(workerData.wasm);
const ready = prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});
parentPort.on("message", async ({ id, bytes }) => {
  try {
    await ready;
    const results = await readBarcodes(bytes, { formats: ["QRCode"], maxNumberOfSymbols: 1, tryHarder: true });
    const found = results.find((result) => result.isValid && result.text !== "");
    // stb_image could not read it after all (a broken file with a valid header).
    const unreadable = !found && results.some((result) => /load image/i.test(result.error));
    parentPort.postMessage({ id, text: found ? found.text : null, unreadable });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (decoded: Decoded) => void; reject: (error: Error) => void }>();

function decoder(): Worker {
  if (worker) return worker;
  const require = createRequire(import.meta.url);
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { reader: require.resolve("zxing-wasm/reader"), wasm: require.resolve("zxing-wasm/reader/zxing_reader.wasm") },
  });
  // An idle decoder does not keep the process alive (shutdown).
  started.unref();
  started.on("message", (answer: { id: number; text?: string | null; unreadable?: boolean; error?: string }) => {
    const job = waiting.get(answer.id);
    if (!job) return;
    waiting.delete(answer.id);
    if (answer.error !== undefined) job.reject(new Error(answer.error));
    else job.resolve({ text: answer.text ?? null, unreadable: answer.unreadable ?? false });
  });
  const fail = (error: Error) => {
    worker = undefined;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  started.on("error", fail);
  started.on("exit", (code) => fail(new Error(`the QR decoder exited with code ${code}`)));
  worker = started;
  return started;
}

/** Photos handed to the decoder thread and not answered yet. */
export function decodesInFlight(): number {
  return waiting.size;
}

function decodeInWorker(bytes: Uint8Array): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, { resolve, reject });
    decoder().postMessage({ id, bytes }, [bytes.buffer as ArrayBuffer]);
  });
}

/** Width and height from a PNG's IHDR or a JPEG's first SOF marker; null for anything else. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((b, i) => bytes[i] === b)) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** The photo posted as `photo`, checked, decoded and read. */
export async function decodePhoto(photo: FormDataEntryValue | null, appUrl: string): Promise<PhotoOutcome> {
  if (!(photo instanceof File) || photo.size === 0) return { ok: false, error: "qr.photoMissing", status: 400 };
  if (photo.size > PHOTO_MAX_BYTES) return { ok: false, error: "qr.photoTooBig", status: 413 };
  const bytes = new Uint8Array(await photo.arrayBuffer());
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, error: "qr.photoNotImage", status: 415 };
  if (size.width * size.height > MAX_PIXELS) return { ok: false, error: "qr.photoTooBig", status: 413 };
  if (waiting.size >= MAX_WAITING) return { ok: false, error: "qr.photoBusy", status: 503 };
  const decoded = await decodeInWorker(bytes);
  if (decoded.unreadable) return { ok: false, error: "qr.photoNotImage", status: 415 };
  if (decoded.text === null) return { ok: false, error: "qr.photoNoQr", status: 422 };
  const content = parseQrContent(decoded.text, appUrl);
  return content.ok ? { ok: true, query: content.query } : { ok: false, error: content.error, status: 422 };
}
