// The languages of the finder's pages and how a request picks one: the language switch's cookie
// first, then the browser's Accept-Language (the most preferred of our languages; `ta`, `ta-IN`,
// … count as `ta`), else English. The URL never changes with the language.

/** Every language, in the order the switch lists them: the Indian languages, then English. */
export const LOCALES = ["mr", "bn", "ta", "te", "kn", "hi", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The BCP 47 tag for numbers, dates and times: Indian grouping (1,00,000). Latin digits in every
 * language (`-u-nu-latn`): tokens and metro cards are printed that way, and Intl would otherwise
 * write Marathi and Bengali numbers in their own digits.
 */
export const INTL_LOCALE: Record<Locale, string> = {
  mr: "mr-IN-u-nu-latn",
  bn: "bn-IN-u-nu-latn",
  ta: "ta-IN-u-nu-latn",
  te: "te-IN-u-nu-latn",
  kn: "kn-IN-u-nu-latn",
  hi: "hi-IN-u-nu-latn",
  en: "en-IN",
};

/** Each language's own name, in its own script, as the switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  mr: "मराठी",
  bn: "বাংলা",
  ta: "தமிழ்",
  te: "తెలుగు",
  kn: "ಕನ್ನಡ",
  hi: "हिन्दी",
  en: "English",
};

/**
 * The language an `Accept-Language` header asks for: the one of ours the finder ranks highest
 * (weight above zero; equal weights keep the header's order), English when none of ours is named.
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
  return ranked.map(({ language }) => language).find(isLocale) ?? DEFAULT_LOCALE;
}
