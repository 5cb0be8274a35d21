// How an "I found this" thread looks from the owner's side of /messaging: the other participant is
// 'Finder (no account)' with the item they found, never a made-up user's name — in the page's
// language (the data download keeps the English name: FINDER_NAME).
import type { Contact } from "~/features/messaging/contact-list";
import { message, translator, type Locale } from "~/i18n/messages";

export const FINDER_NAME = message("finderContact.finderName").title;

/** A contact-list row of a finder thread: named for the finder and the item (and closed or returned, once it is). */
export function withFinderLabel(contact: Contact, labels: Map<string, { itemLabel: string; closed: boolean; returned?: boolean }>, locale: Locale): Contact {
  const label = labels.get(contact.conversationId);
  if (!label) return contact;
  const { t } = translator(locale);
  const state = label.closed ? t("messagingPage.closedSuffix") : label.returned ? t("messagingPage.returnedSuffix") : null;
  return { ...contact, name: [t("finderContact.finderName"), label.itemLabel, ...(state ? [state] : [])].join(" · ") };
}
