// The languages of the finder's pages and how a request picks one: a language named by the URL
// (`?hl=ta`, the language URLs search engines index, decision 028's amendment), then the language
// switch's cookie, then the browser's Accept-Language (the most preferred of our languages; `ta`,
// `ta-IN`, … count as `ta`), else English. Without `hl` a page's URL is the same in every language.

/** Every language, in the order the switch lists them: the Indian languages, then English. */
export const LOCALES = ["mr", "bn", "ta", "te", "kn", "hi", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The query parameter that names a page's language (`/findowner?hl=ta`), as Google's own pages do. */
export const LANGUAGE_PARAMETER = "hl";

/** The language a URL names (`?hl=ta`), or null: none, or not one of ours (then it is ignored). */
export function localeFromUrl(url: URL | string): Locale | null {
  const search = typeof url === "string" ? new URL(url, "http://x").searchParams : url.searchParams;
  const named = search.get(LANGUAGE_PARAMETER);
  return isLocale(named) ? named : null;
}

/** `path` (which may have a query) naming `locale` by URL: its `hl` set to it, or removed for null. */
export function withUrlLocale(path: string, locale: Locale | null): string {
  const hash = path.indexOf("#");
  const fragment = hash === -1 ? "" : path.slice(hash);
  const beforeHash = hash === -1 ? path : path.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const pathname = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const params = new URLSearchParams(question === -1 ? "" : beforeHash.slice(question + 1));
  params.delete(LANGUAGE_PARAMETER);
  if (locale) params.append(LANGUAGE_PARAMETER, locale);
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ""}${fragment}`;
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
