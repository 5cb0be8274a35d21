import { describe, expect, test } from "vitest";
import { localeFromAcceptLanguage } from "./locale";

describe("Accept-Language", () => {
  test.each([
    ["hi", "hi"],
    ["hi-IN", "hi"],
    ["HI-in,en;q=0.5", "hi"],
    ["hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7", "hi"],
    ["mr-IN, hi;q=0.8, en;q=0.5", "hi"],
    ["en-IN,en;q=0.9,hi;q=0.8", "en"],
    ["en;q=0.5, hi;q=0.9", "hi"],
    ["fr, hi;q=0", "en"],
    ["ta-IN", "en"],
    ["*", "en"],
    ["", "en"],
    [null, "en"],
    ["hi;q=abc, en", "en"],
    [";;,,", "en"],
  ] as const)("%j → %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
