// The finder's own mail (their private link), composed in the finder's language from the
// catalogues: what the finder read while writing is what they read in the mail, the "keep it to
// yourself" warning included. Pure, so it is tested on its own; how the mail is sent is
// alerts.server.ts's business.
import type { Locale } from "~/core/locale";
import { translator } from "~/i18n/messages";

export type FinderLinkMail = { subject: string; text: string };

/** The private-link mail in `locale`: the subject, then what happened, the link, and the warning. */
export function finderLinkMail(locale: Locale, { link }: { link: string }): FinderLinkMail {
  const { t } = translator(locale);
  // In that language alone (issue 34: a Tamil finder got English with one Hindi line).
  const text = [t("contact.mailSent"), "", t("contact.mailLink", { link }), "", t("contact.mailKeep")].join("\n");
  return { subject: t("contact.mailSubject"), text };
}
