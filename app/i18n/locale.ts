// The languages of the finder's pages and how a request picks one: the language switch's cookie
// first, then the browser's Accept-Language (Hindi for `hi`, `hi-IN`, …; English for anything
// else). The URL never changes with the language.

export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 tag for numbers, dates and times: Indian grouping (1,00,000) in both languages. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };

/** Each language's own name, as the switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

/**
 * The language an `Accept-Language` header asks for. Hindi when the finder's most preferred
 * language with a weight above zero is Hindi, or Hindi is preferred to English; English otherwise.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: range.trim().toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.language !== "")
    // Highest weight first; equal weights keep the header's order.
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranked) {
    if (language === "hi") return "hi";
    if (language === "en") return "en";
  }
  return DEFAULT_LOCALE;
}
