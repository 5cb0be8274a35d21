import { describe, expect, test } from "vitest";
import { localeFromAcceptLanguage } from "./locale";

describe("Accept-Language", () => {
  test.each([
    ["hi", "hi"],
    ["hi-IN", "hi"],
    ["HI-in,en;q=0.5", "hi"],
    ["hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7", "hi"],
    ["mr-IN, hi;q=0.8, en;q=0.5", "mr"],
    ["en-IN,en;q=0.9,hi;q=0.8", "en"],
    ["en;q=0.5, hi;q=0.9", "hi"],
    ["fr, hi;q=0", "en"],
    // The five languages of issue 27, bare and as spoken in India.
    ["mr", "mr"],
    ["bn-IN", "bn"],
    ["ta-IN,ta;q=0.9,en;q=0.8", "ta"],
    ["en-IN,ta;q=0.5", "en"],
    ["te-IN", "te"],
    ["kn-IN,kn;q=0.9", "kn"],
    ["fr-FR, kn;q=0.4, te;q=0.6", "te"],
    ["ta;q=0, kn", "kn"],
    ["bn-BD", "bn"],
    ["*", "en"],
    ["", "en"],
    [null, "en"],
    ["hi;q=abc, en", "en"],
    [";;,,", "en"],
  ] as const)("%j → %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
