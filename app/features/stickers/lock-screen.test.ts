// What a lock-screen card request may ask for: every offered size, a custom one within the bounds,
// light or dark; anything else refused with its reasons, each on the field it is about (the /token
// form shows it there).
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
    ["size=319x600", [{ field: "size", key: "token.cardWidth" }]],
    [`size=${LOCK_SCREEN_CUSTOM.maxWidth + 1}x4000`, [{ field: "size", key: "token.cardWidth" }, { field: "size", key: "token.cardHeight" }]],
    ["size=1000x1000", [{ field: "size", key: "token.cardRatio" }]],
    ["size=500x1500", [{ field: "size", key: "token.cardRatio" }]],
    ["size=custom&width=&height=", [{ field: "width", key: "token.cardWidth" }, { field: "height", key: "token.cardHeight" }]],
    ["size=custom&width=-5&height=900", [{ field: "width", key: "token.cardWidth" }]],
    ["size=custom&width=1000&height=1000", [{ field: null, key: "token.cardRatio" }]],
    ["size=custom&width=100&height=99999", [{ field: "width", key: "token.cardWidth" }, { field: "height", key: "token.cardHeight" }]],
    ["size=1e3x2000", [{ field: "size", key: "token.cardSize" }]],
    ["size=1080x2400x3", [{ field: "size", key: "token.cardSize" }]],
    ["style=sepia", [{ field: "style", key: "token.cardStyle" }]],
  ])("refuses %s, each reason on its field", (query, problems) => {
    expect(parse(query)).toEqual({ ok: false, problems });
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
