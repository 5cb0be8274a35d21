// The request's language in components: the root loader sends the locale its middleware resolved
// (app/middleware/i18n.ts), so the server's render and the browser's agree.
import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/core/locale";
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
