// The two catalogues side by side: every message of a translated area exists in both languages
// (the type of app/i18n/hi.ts says so too), with the same `{slots}`, a description exactly where
// English has one, and Hindi text that is Hindi (not English left behind).
import { describe, expect, test } from "vitest";
import { en } from "./en";
import { hi, TRANSLATED_AREAS } from "./hi";
import { messageIn, message, translator } from "./messages";

type Areas = Record<string, Record<string, { title: string; description?: string }>>;
const english = en as unknown as Areas;
const hindi = hi as unknown as Areas;

const slots = (text: string | undefined) => [...(text ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe("the Hindi catalogue", () => {
  test("has exactly the translated areas, each with exactly the English keys", () => {
    expect(Object.keys(hindi).sort()).toEqual([...TRANSLATED_AREAS].sort());
    for (const area of TRANSLATED_AREAS) {
      expect(Object.keys(english).includes(area), area).toBe(true);
      expect(Object.keys(hindi[area]!).sort(), area).toEqual(Object.keys(english[area]!).sort());
    }
  });

  test("each message has a title, a description where English has one, and the same {slots}", () => {
    for (const area of TRANSLATED_AREAS) {
      for (const [name, en] of Object.entries(english[area]!)) {
        const hiMessage = hindi[area]![name]!;
        const where = `${area}.${name}`;
        expect(hiMessage.title.trim().length, where).toBeGreaterThan(0);
        expect(hiMessage.description === undefined, where).toBe(en.description === undefined);
        expect(slots(hiMessage.title), where).toEqual(slots(en.title));
        expect(slots(hiMessage.description), where).toEqual(slots(en.description));
      }
    }
  });

  test("is written in Hindi, apart from brand and app names", () => {
    const allowedLatin = new Set(["Telegram", "WhatsApp"]);
    for (const area of TRANSLATED_AREAS) {
      for (const [name, hiMessage] of Object.entries(hindi[area]!)) {
        if (allowedLatin.has(hiMessage.title)) continue;
        expect(DEVANAGARI.test(hiMessage.title), `${area}.${name}: ${hiMessage.title}`).toBe(true);
      }
    }
  });
});

describe("resolving a key", () => {
  test("in Hindi for translated areas, in English for the rest, in English by default", () => {
    expect(messageIn("hi", "finder.badToken")).toEqual(hi.finder.badToken);
    expect(messageIn("hi", "token.verified")).toEqual(en.token.verified);
    expect(message("finder.badToken")).toEqual(en.finder.badToken);
  });

  test("fills {slots}: strings as given, numbers in the language's format", () => {
    expect(messageIn("hi", "scan.missToken", { number: "1234-5678-9012" }).title).toContain("1234-5678-9012");
    expect(translator("en").t("scan.digitOf", { digit: 3 })).toBe("Digit 3 of 4");
    expect(translator("hi").t("scan.digitOf", { digit: 3 })).toBe("4 में से अंक 3");
    expect(translator("hi").t("site.errorStatus", { status: 100000 })).toBe("त्रुटि 1,00,000");
    // A slot with no value stays visible rather than vanishing.
    expect(translator("en").t("scan.missToken")).toContain("{number}");
  });
});
