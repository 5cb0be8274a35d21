import { describe, expect, test } from "vitest";
import { LOCALES } from "~/core/locale";
import { bn } from "./bn";
import { GLOSSARY, TERMS } from "./glossary";
import { hi } from "./hi";
import { kn } from "./kn";
import { messageIn } from "./messages";
import { mr } from "./mr";
import { ta } from "./ta";
import { te } from "./te";

const CATALOGUES = { hi, mr, bn, ta, te, kn };
const translated = LOCALES.filter((locale) => locale !== "en");

/** Every text of a catalogue, with the key it is at. */
function textsOf(catalogue: object): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([area, messages]) =>
    Object.entries(messages as Record<string, { title: string; description?: string }>).flatMap(([name, message]) =>
      [message.title, message.description].filter((text): text is string => typeof text === "string").map((text) => [`${area}.${name}`, text] as [string, string]),
    ),
  );
}

describe("each language's glossary (app/i18n/glossary.ts)", () => {
  test.each(translated)("%s: no text uses a word the glossary avoids", (locale) => {
    const found: string[] = [];
    for (const term of TERMS) {
      for (const word of GLOSSARY[locale][term].avoid) {
        for (const [key, text] of textsOf(CATALOGUES[locale])) if (text.includes(word)) found.push(`${key}: "${word}" (${term})`);
      }
    }
    expect(found).toEqual([]);
  });

  test.each(translated)("%s: the messages that name a thing say it with the glossary's word", (locale) => {
    const missing: string[] = [];
    for (const term of TERMS) {
      const { use, keys } = GLOSSARY[locale][term];
      for (const key of keys) if (!messageIn(locale, key).title.includes(use)) missing.push(`${key} lacks "${use}" (${term})`);
    }
    expect(missing).toEqual([]);
  });

  test("one word for 'message' in the dialog: the sign-in button and 'I found this' agree", () => {
    for (const locale of translated) {
      const word = GLOSSARY[locale].message.use;
      expect(messageIn(locale, "scan.messageOwner").title, locale).toContain(word);
      expect(messageIn(locale, "contact.button").title, locale).toContain(word);
    }
  });
});
