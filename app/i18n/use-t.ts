// The request's language in components: the root loader sends the locale its middleware resolved
// (app/middleware/i18n.ts), so the server's render and the browser's agree.
import { useCallback, useMemo } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, isLocale, localeFromUrl, withUrlLocale, type Locale } from "~/core/locale";
import { LANGUAGE_PAGES } from "~/core/seo";
import { translator } from "./messages";

export function useLocale(): Locale {
  const root = useRouteLoaderData("root") as { locale?: unknown } | undefined;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}

/** `t(key)` the text of a message, `m(key)` the message, in the request's language. */
export function useT() {
  const locale = useLocale();
  return useMemo(() => translator(locale), [locale]);
}

/** For `meta` functions, which cannot call hooks: the translator of the root's locale. */
export function metaT(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { locale?: unknown } | undefined;
  return translator(isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE);
}

/** The language this page's URL names (`?hl=ta`), or null. */
export function useUrlLocale(): Locale | null {
  return localeFromUrl(useLocation().search);
}

/**
 * Links to the finder's language pages (core/seo.ts LANGUAGE_PAGES) from a page whose URL names
 * its language keep naming it, so a reader who came by `/findowner?hl=ta` stays in Tamil.
 */
export function useLanguageHref(): (to: string) => string {
  const named = useUrlLocale();
  return useCallback(
    (to: string) => {
      if (!named) return to;
      const pathname = to.split(/[?#]/)[0] ?? "";
      return (LANGUAGE_PAGES as readonly string[]).includes(pathname) ? withUrlLocale(to, named) : to;
    },
    [named],
  );
}
