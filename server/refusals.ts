// The plain-text answers server/main.ts gives before the app runs (a malformed request line or
// Host, a method we do not serve, a body without its length, a form sent from another site, a body
// over the limit) and server/app.ts's 405, in the request's language: the URL's `hl`, the switch's
// cookie or Accept-Language, as every page picks it (app/middleware/i18n.ts), and in the
// catalogues' words (app/i18n, `site.crossSiteRefused`, `site.bodyTooLarge` and the `refusal`
// area), so each message has one definition.
// Loaded like server/app.ts (through Vite in development, bundled in production): the catalogues
// import through the `~/` alias.
import { messageIn, type MessageKey } from "~/i18n/messages";
import { localeFromHeaders } from "~/middleware/i18n";
import { LANGUAGE_PARAMETER, isLocale } from "~/core/locale";

export type RefusalKey = Extract<MessageKey, "site.crossSiteRefused" | "site.bodyTooLarge" | `refusal.${string}`>;

export type Refusal = { locale: string; text: string };

/** The refusal's text (its title, then what to do) in the language this request asks for. */
export async function refusal(key: RefusalKey, request: { cookie?: string; acceptLanguage?: string; target: string }): Promise<Refusal> {
  const query = request.target.indexOf("?");
  const named = query === -1 ? null : new URLSearchParams(request.target.slice(query + 1)).get(LANGUAGE_PARAMETER);
  const locale = isLocale(named) ? named : await localeFromHeaders(request.cookie, request.acceptLanguage);
  const message = messageIn(locale, key);
  return { locale, text: message.description ? `${message.title}\n${message.description}\n` : `${message.title}\n` };
}
