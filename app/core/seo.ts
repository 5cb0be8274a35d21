// Link previews for public pages: Open Graph and Twitter card tags with our share image
// (public/images/share.jpg, drawn by scripts/marketing-images.ts) and a canonical URL. Crawlers
// need absolute URLs, so they start with APP_URL, which the root loader sends as `siteUrl`.
// The finder's public pages (LANGUAGE_PAGES) also have a URL per language (`?hl=ta`, core/locale.ts):
// each names the others with `<link rel="alternate" hreflang>`, the URL without `hl` (the
// language the visitor's cookie or browser picks) as `x-default`, and its own as canonical; the
// sitemap lists them the same way (routes/sitemap[.]xml.ts).
import { LOCALES, localeFromUrl, withUrlLocale, type Locale } from "./locale";

/** The public pages a finder reads in their language, with a URL per language (`?hl=`). */
export const LANGUAGE_PAGES = ["/", "/about", "/findowner"] as const;

/** Open Graph's locale of each language (`language_TERRITORY`). */
export const OG_LOCALE: Record<Locale, string> = {
  mr: "mr_IN",
  bn: "bn_IN",
  ta: "ta_IN",
  te: "te_IN",
  kn: "kn_IN",
  hi: "hi_IN",
  en: "en_IN",
};

/** A page's URL in each language, and `x-default` (no `hl`): what hreflang links and the sitemap name. */
export function languageAlternates(path: string, siteUrl: string): Array<{ hreflang: Locale | "x-default"; href: string }> {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: `${siteUrl}${withUrlLocale(path, locale)}` })),
    { hreflang: "x-default" as const, href: `${siteUrl}${withUrlLocale(path, null)}` },
  ];
}

/**
 * The `<link rel="alternate" hreflang>` of a language page, for its `meta` (React Router renders
 * `tagName: "link"` descriptors in `<Meta />`).
 */
export function languageLinks(path: string, siteUrl: string) {
  return languageAlternates(path, siteUrl).map(({ hreflang, href }) => ({ tagName: "link", rel: "alternate", hrefLang: hreflang, href }));
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** APP_URL as the root loader sent it (no trailing slash). */
export function siteUrlOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: unknown } | undefined;
  return typeof root?.siteUrl === "string" ? root.siteUrl.replace(/\/$/, "") : "";
}

/** The share image; its alt text is the page's language's (site.shareText), given to shareMeta. */
export const SHARE_IMAGE = { path: "/images/share.jpg", width: 1200, height: 630 };

/**
 * The tags that make a shared link look like Tagback: title, description, picture. On a language
 * page (`language` given: its language and the URL it was asked at), the canonical URL keeps the
 * language the URL names (`/findowner?hl=ta`), and the hreflang links name the other languages.
 */
export function shareMeta({
  title,
  description,
  path,
  siteUrl,
  language,
  imageAlt,
}: {
  title: string;
  description: string;
  path: string;
  siteUrl: string;
  language?: { locale: Locale; search: string };
  /** What the share image shows, in the page's language. */
  imageAlt: string;
}) {
  const url = `${siteUrl}${language ? withUrlLocale(path, localeFromUrl(language.search || "/")) : path}`;
  const image = `${siteUrl}${SHARE_IMAGE.path}`;
  const locale = language?.locale ?? "en";
  return [
    { tagName: "link", rel: "canonical", href: url },
    ...(language ? languageLinks(path, siteUrl) : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Tagback" },
    { property: "og:locale", content: OG_LOCALE[locale] },
    ...(language ? LOCALES.filter((other) => other !== locale).map((other) => ({ property: "og:locale:alternate", content: OG_LOCALE[other] })) : []),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: "@tagbackapp" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
