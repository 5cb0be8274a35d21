// The language switch (components/language-switch.tsx): a plain form posts the language and the
// page it was on; the answer stores the choice in a cookie and sends the finder back to that page
// (a local path only, core/safe-redirect.ts), so it works without JavaScript and the URL of every
// page stays the same in every language. A page whose URL names its language (`?hl=ta`, which
// wins over the cookie) comes back with the chosen one named instead. A signed-in owner's choice
// is also their account's language: their mails and pushes come in it from now on (decision 048).
import { data, redirect } from "react-router";
import type { Route } from "./+types/language";
import { readForm } from "~/middleware/read-form.server";
import { safeRedirect } from "~/core/safe-redirect";
import { localeCookie } from "~/i18n/locale-cookie.server";
import { isLocale, localeFromUrl, LOCALES, withUrlLocale } from "~/core/locale";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";
import { userContext } from "~/middleware/session";
import { dbContext } from "~/core/context";
import { setAccountLocale } from "~/features/account/account-locale.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("lang");
  // In the language the page was in, then the codes for whoever sent it by hand.
  if (!isLocale(locale)) return data(`${messageIn(context.get(localeContext), "site.chooseLanguage").title} (${LOCALES.join(", ")})`, { status: 400 });
  const user = context.get(userContext);
  if (user) await setAccountLocale(context.get(dbContext), user.id, locale);
  const back = safeRedirect(form.get("returnTo"), "/");
  return redirect(localeFromUrl(back) ? withUrlLocale(back, locale) : back, {
    status: 303,
    headers: { "Set-Cookie": await localeCookie().serialize(locale) },
  });
}

/** Nothing to show: a GET (a typed URL, a crawler) goes home. */
export function loader() {
  return redirect("/");
}
