// Every catalogue beside the English one: every message of a translated area exists in each
// language (the type of each catalogue says so too), with the same `{slots}`, a description exactly
// where English has one, and text in the language's own script (not English left behind).
import { describe, expect, test } from "vitest";
import { LANGUAGE, SCRIPT, type TranslatedLocale } from "../../tests/support/locale-scripts";
import { en } from "./en";
import { hi } from "./hi";
import { LOCALES } from "~/core/locale";
import { messageIn, message, translator } from "./messages";
import { TRANSLATED_AREAS } from "./translated";

type Areas = Record<string, Record<string, { title: string; description?: string }>>;
const english = en as unknown as Areas;

const slots = (text: string | undefined) => [...(text ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const translated = LOCALES.filter((locale): locale is TranslatedLocale => locale !== "en");

/** A language's catalogue as the app resolves it: one message per key of the translated areas. */
function catalogueOf(locale: TranslatedLocale): Areas {
  const areas: Areas = {};
  for (const area of TRANSLATED_AREAS) {
    areas[area] = Object.fromEntries(Object.keys(english[area]!).map((name) => [name, messageIn(locale, `${area}.${name}` as never)]));
  }
  return areas;
}

describe.each(translated)("the %s catalogue", (locale) => {
  const catalogue = catalogueOf(locale);

  test("each message is its own, not English, with a title, a description where English has one, and the same {slots}", () => {
    for (const area of TRANSLATED_AREAS) {
      for (const [name, enMessage] of Object.entries(english[area]!)) {
        const own = catalogue[area]![name]!;
        const where = `${locale} ${area}.${name}`;
        expect(own.title.trim().length, where).toBeGreaterThan(0);
        expect(own.description === undefined, where).toBe(enMessage.description === undefined);
        expect(slots(own.title), where).toEqual(slots(enMessage.title));
        expect(slots(own.description), where).toEqual(slots(enMessage.description));
      }
    }
  });

  test(`is written in ${LANGUAGE[locale]}'s script, apart from brand and app names`, () => {
    const allowedLatin = new Set(["Telegram", "WhatsApp"]);
    for (const area of TRANSLATED_AREAS) {
      for (const [name, own] of Object.entries(catalogue[area]!)) {
        if (allowedLatin.has(own.title)) continue;
        expect(SCRIPT[locale].test(own.title), `${locale} ${area}.${name}: ${own.title}`).toBe(true);
        if (own.description !== undefined) expect(SCRIPT[locale].test(own.description), `${locale} ${area}.${name}`).toBe(true);
      }
    }
  });
});

test("Marathi is not Hindi: the two Devanagari catalogues differ on nearly every message", () => {
  const hindi = catalogueOf("hi");
  const marathi = catalogueOf("mr");
  let same = 0;
  let all = 0;
  for (const area of TRANSLATED_AREAS) {
    for (const name of Object.keys(english[area]!)) {
      all++;
      if (hindi[area]![name]!.title === marathi[area]![name]!.title) same++;
    }
  }
  // Shared loanwords and names (मेट्रो कार्ड, ब्लॉग, Telegram) may be spelled alike; sentences are not.
  expect(same / all).toBeLessThan(0.15);
});

describe("resolving a key", () => {
  test("in the language for translated areas, in English for the rest, in English by default", () => {
    expect(messageIn("hi", "finder.badToken")).toEqual(hi.finder.badToken);
    for (const locale of translated) expect(messageIn(locale, "admin.lookupFailed")).toEqual(en.admin.lookupFailed);
    expect(message("finder.badToken")).toEqual(en.finder.badToken);
  });

  test("fills {slots}: strings as given, numbers in the language's format, in Western digits", () => {
    expect(messageIn("hi", "scan.missToken", { number: "1234-5678-9012" }).title).toContain("1234-5678-9012");
    expect(translator("hi").t("site.errorStatus", { status: 100000 })).toBe("त्रुटि 1,00,000");
    // Marathi and Bengali would write their own digits by default: tokens are printed 0–9.
    expect(translator("mr").t("site.errorStatus", { status: 100000 })).toBe("त्रुटी 1,00,000");
    expect(translator("bn").t("site.errorStatus", { status: 404 })).toBe("ত্রুটি 404");
    for (const locale of translated) expect(translator(locale).t("site.errorStatus", { status: 3 }), locale).toMatch(/3/);
    // A slot with no value stays visible rather than vanishing.
    expect(translator("en").t("scan.missToken")).toContain("{number}");
  });
});
