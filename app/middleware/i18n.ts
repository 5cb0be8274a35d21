// The root's third middleware: works out the request's language once (the URL's `hl`, else the
// switch's cookie, else Accept-Language; app/core/locale.ts) into the context, where the root loader and the finder's
// loaders and actions read it. Every response then says it varies with both headers, so no cache
// hands a Hindi page to an English reader, and names its language.
import { createContext, type MiddlewareFunction } from "react-router";
import { localeCookie } from "~/i18n/locale-cookie.server";
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, localeFromUrl, type Locale } from "~/core/locale";

export const localeContext = createContext<Locale>(DEFAULT_LOCALE);

export function localeOf(request: Request): Promise<Locale> {
  return localeFromHeaders(request.headers.get("Cookie"), request.headers.get("Accept-Language"), new URL(request.url));
}

/**
 * The same choice from raw header values (for what answers before React Router, server/app.ts).
 * A language the URL names (`?hl=ta`) wins over the cookie and the header for that page.
 */
export async function localeFromHeaders(cookie: string | null | undefined, acceptLanguage: string | null | undefined, url?: URL): Promise<Locale> {
  const named = url ? localeFromUrl(url) : null;
  if (named) return named;
  const chosen: unknown = cookie ? await localeCookie().parse(cookie).catch(() => null) : null;
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(acceptLanguage);
}

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = await localeOf(request);
  context.set(localeContext, locale);
  const response = await next();
  try {
    response.headers.append("Vary", "Accept-Language, Cookie");
    // The context's, not the one read above: a page's action may have switched it (a language
    // chosen on a form with a draft, routes/contact-owner).
    if (!response.headers.has("Content-Language")) response.headers.set("Content-Language", context.get(localeContext));
  } catch {
    // A response with immutable headers (Response.redirect, a fetched one): left as it is.
  }
  return response;
};
