// What a lock-screen card request may ask for: every offered size, a custom one within the bounds,
// light or dark; anything else refused with the reason.
import { describe, expect, test } from "vitest";
import { parseLockScreenRequest, sizeValue } from "./lock-screen";
import { LOCK_SCREEN_CUSTOM, LOCK_SCREEN_SIZES, lineHasOnlyCardCharacters } from "./rules";
import { scriptRuns } from "./card-text.server";

const parse = (query: string) => parseLockScreenRequest(new URLSearchParams(query));

describe("parseLockScreenRequest", () => {
  test("the offered sizes, a custom size by WxH or by its two fields, and both styles", () => {
    for (const size of LOCK_SCREEN_SIZES) expect(parse(`size=${sizeValue(size)}`)).toEqual({ ok: true, value: { width: size.width, height: size.height, style: "light" } });
    expect(parse("")).toEqual({ ok: true, value: { width: 1080, height: 2400, style: "light" } });
    expect(parse("size=900x1700&style=dark")).toEqual({ ok: true, value: { width: 900, height: 1700, style: "dark" } });
    expect(parse("size=custom&width=750&height=1334")).toEqual({ ok: true, value: { width: 750, height: 1334, style: "light" } });
    expect(parse("size=1080X2400")).toMatchObject({ ok: true });
  });

  test.each([
    "size=319x600",
    `size=${LOCK_SCREEN_CUSTOM.maxWidth + 1}x4000`,
    "size=1000x1000",
    "size=500x1500",
    "size=custom&width=&height=",
    "size=custom&width=-5&height=900",
    "size=1e3x2000",
    "size=1080x2400x3",
    "style=sepia",
  ])("refuses %s with a reason", (query) => {
    const parsed = parse(query);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(10);
  });
});

test("the line's characters: English, Hindi, ₹ and typography; no emoji or other scripts", () => {
  expect(lineHasOnlyCardCharacters("If found, call — reward ₹500 “thanks” café")).toBe(true);
  expect(lineHasOnlyCardCharacters("मिल जाए तो स्कैन करें।")).toBe(true);
  expect(lineHasOnlyCardCharacters("Hi 😀")).toBe(false);
  expect(lineHasOnlyCardCharacters("你好")).toBe(false);
  expect(lineHasOnlyCardCharacters("tab\there")).toBe(false);
});

test("a line is shaped in script runs; spaces, digits and punctuation stay with the run before them", () => {
  expect(scriptRuns("इनाम ₹500 — call me, धन्यवाद")).toEqual(["इनाम ₹500 — ", "call me, ", "धन्यवाद"]);
  expect(scriptRuns("Reward ₹500")).toEqual(["Reward ₹500"]);
  expect(scriptRuns("")).toEqual([]);
});
