// The language switch on an owner's page with a draft (RouteHandle.draftForm, issue 48): its buttons
// send the page's form, what was typed included, to the page's own action with `lang`, as the
// finder's "I found this" form does (components/language-switch.tsx). The action then saves nothing
// and answers with the draft as it was, in the chosen language: this module does what every such
// action shares — the request's language for the rest of this answer, the switch's cookie, and,
// as the switch itself does while signed in, the account's language (decision 048).
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/core/context";
import { isLocale } from "~/core/locale";
import { NO_STORE } from "~/core/no-store";
import { localeCookie } from "~/i18n/locale-cookie.server";
import { localeContext } from "~/middleware/i18n";
import { setAccountLocale } from "./account-locale.server";
import { LANGUAGE_FIELD } from "./language-field";

/**
 * A post the language switch sent: the headers its answer carries (the language's cookie), after
 * the language is made this request's and the account's; null for any other post.
 */
export async function languageSwitchOf(context: Readonly<RouterContextProvider>, userId: string, formData: FormData): Promise<HeadersInit | null> {
  const chosen = formData.get(LANGUAGE_FIELD);
  if (!isLocale(chosen)) return null;
  context.set(localeContext, chosen);
  await setAccountLocale(context.get(dbContext), userId, chosen);
  return { ...NO_STORE, "Set-Cookie": await localeCookie().serialize(chosen) };
}
