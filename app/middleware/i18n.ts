// The root's third middleware: works out the request's language once (the switch's cookie, else
// Accept-Language; app/core/locale.ts) into the context, where the root loader and the finder's
// loaders and actions read it. Every response then says it varies with both headers, so no cache
// hands a Hindi page to an English reader, and names its language.
import { createContext, type MiddlewareFunction } from "react-router";
import { localeCookie } from "~/i18n/locale-cookie.server";
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from "~/core/locale";

export const localeContext = createContext<Locale>(DEFAULT_LOCALE);

export function localeOf(request: Request): Promise<Locale> {
  return localeFromHeaders(request.headers.get("Cookie"), request.headers.get("Accept-Language"));
}

/** The same choice from raw header values (for what answers before React Router, server/app.ts). */
export async function localeFromHeaders(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Promise<Locale> {
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
