// The mails of signing in and signing up, in the language of the account they go to (decision 048;
// for a sign-in code to an address with no account yet, the language of the page that asked for
// it). From the catalogues' ownerMail area; the code, the link and the minutes come in by slots.
// Pure, so a test renders each in every language.
import type { Locale } from "~/core/locale";
import { translator } from "~/i18n/messages";

export type AccountMail = { subject: string; text: string };

/** The one mail that carries a sign-in code. `code` as a string: its leading zeros are part of it. */
export function signInCodeMail(mail: { code: string; link: string; minutes: number }, locale: Locale): AccountMail {
  const { t } = translator(locale);
  const text = [t("ownerMail.codeLead", { code: mail.code }), "", t("ownerMail.codeLink"), mail.link, "", t("ownerMail.codeValid", { minutes: mail.minutes })].join("\n");
  return { subject: t("ownerMail.codeSubject", { code: mail.code }), text };
}

/** Developer mode's sign-up: the link that confirms the address. */
export function confirmMail(mail: { link: string }, locale: Locale): AccountMail {
  const { t } = translator(locale);
  return { subject: t("ownerMail.confirmSubject"), text: [t("ownerMail.confirmLead"), "", mail.link, "", t("ownerMail.confirmIgnore")].join("\n") };
}

/** Developer mode's sign-up with an address that has an account: said to the account, not to the form. */
export function signUpAgainMail(mail: { link: string }, locale: Locale): AccountMail {
  const { t } = translator(locale);
  return { subject: t("ownerMail.againSubject"), text: t("ownerMail.againText", { link: mail.link }) };
}
