// The finder's mails, composed in the finder's language from the catalogues: their private link
// (what the finder read while writing is what they read in the mail, the "keep it to yourself"
// warning included), and the owner's answers (in the language the finder last wrote in, kept on
// the thread). Pure, so they are tested on their own; how a mail is sent is alerts.server.ts's
// business.
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

/**
 * Someone's words as a mail shows them: every line behind "> ", so no line of them can pass for one
 * of the mail's own (a forged "Answer them here:" with another site's link).
 */
export function quoted(text: string): string {
  return text
    .split(/\r\n|[\n\v\f\r\x85\u2028\u2029]/)
    .map((line) => `> ${line}`)
    .join("\n");
}

export type OwnerAnswerMail = { subject: string; text: string };

/**
 * The owner's answer, mailed to the finder in `locale`: who answered (the item by its number, the
 * same in every language), the answer quoted as the owner wrote it, and where to read on (their
 * private link, from the first mail: only its hash is stored, so it cannot be sent again; that
 * mail is named by its own subject).
 */
export function ownerAnswerMail(locale: Locale, { item, answer }: { item: string; answer: string }): OwnerAnswerMail {
  const { t } = translator(locale);
  const text = [t("contact.answerMailLead", { item }), "", quoted(answer), "", t("contact.answerMailRead", { subject: t("contact.mailSubject") })].join("\n");
  return { subject: t("contact.answerMailSubject"), text };
}
