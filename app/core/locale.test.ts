import { describe, expect, test } from "vitest";
import { localeFromAcceptLanguage, localeFromUrl, withUrlLocale } from "./locale";

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

describe("the language a URL names", () => {
  test("?hl= names one of ours, or nothing", () => {
    expect(localeFromUrl(new URL("http://x/findowner?hl=ta"))).toBe("ta");
    expect(localeFromUrl("/about?x=1&hl=kn")).toBe("kn");
    expect(localeFromUrl("/about?hl=xx")).toBeNull();
    expect(localeFromUrl("/about?hl=TA")).toBeNull();
    expect(localeFromUrl("/about")).toBeNull();
  });

  test("withUrlLocale sets, replaces or removes it, keeping the rest of the URL", () => {
    expect(withUrlLocale("/findowner", "ta")).toBe("/findowner?hl=ta");
    expect(withUrlLocale("/findowner?hl=ta&type=metrocard", "bn")).toBe("/findowner?type=metrocard&hl=bn");
    expect(withUrlLocale("/?hl=ta#find-owner", null)).toBe("/#find-owner");
    expect(withUrlLocale("/?t=123&hl=ta", null)).toBe("/?t=123");
  });
});
