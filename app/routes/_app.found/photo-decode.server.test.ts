// The photo's size is read from its header before anything is decoded: PNG and JPEG only.
import { describe, expect, test } from "vitest";
import { imageSize } from "./photo-decode.server";

function jpeg(width: number, height: number, { progressive = false } = {}) {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const dht = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]; // a marker in the C0–CF range that is not a frame
  const sof = [0xff, progressive ? 0xc2 : 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03];
  return new Uint8Array([0xff, 0xd8, ...app0, ...dht, ...sof, ...new Array(12).fill(0)]);
}

describe("imageSize", () => {
  test("a PNG's IHDR", () => {
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 4032);
    new DataView(png.buffer).setUint32(20, 3024);
    expect(imageSize(png)).toEqual({ width: 4032, height: 3024 });
  });

  test("a JPEG's frame header, baseline or progressive, after other segments", () => {
    expect(imageSize(jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(imageSize(jpeg(640, 480, { progressive: true }))).toEqual({ width: 640, height: 480 });
  });

  test("anything else, or a header cut short, is not an image", () => {
    expect(imageSize(new TextEncoder().encode("GIF89a and more bytes here"))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    expect(imageSize(jpeg(10, 10).subarray(0, 24))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
  });
});
