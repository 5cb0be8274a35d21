// The mails an owner gets from "I found this" and scan alerts, composed in the OWNER's language
// (the account's, features/account/account-locale.server.ts; decision 048) from the catalogues'
// ownerMail area: a finder who wrote in Hindi to an owner who reads Tamil reaches them in Tamil.
// Only the numbers, links, times and what people typed (the finder's words, a place, a contact)
// come from outside the catalogue, each through a `{slot}`; a finder's words stay quoted line by
// line (finder-mail.ts `quoted`), so nothing they type can pass for a line of the mail. Pure apart
// from the item's number, so a test renders every one of them in every language.
import { indiaClock, inDate } from "~/core/india-time";
import type { Locale } from "~/core/locale";
import { messageIn, translator, type MessageKey } from "~/i18n/messages";
import { quoted } from "./finder-mail";
import { locationMailLines, type FinderLocation } from "./finder-location";
import type { Handover } from "./rules";
import { itemNumber, type ItemRef } from "./threads.server";

export type ComposedMail = { subject: string; text: string };

const HANDOVER_TEXT: Record<Handover, MessageKey> = {
  keep: "contact.handoverKeep",
  metro_counter: "contact.handoverMetroCounter",
  police: "contact.handoverPolice",
  place: "contact.handoverPlace",
};

/** The handover as the finder chose it ("I'll leave it at this place: Gate 2"), in `locale`. */
export function handoverText(handover: Handover, place: string | null, locale: Locale): string {
  const text = messageIn(locale, HANDOVER_TEXT[handover]).title;
  return handover === "place" && place ? `${text} ${place}` : text;
}

/** "Token 1000-0000-0001" or "Metro card 1234567890" in `locale` (the number as printed). */
export function ownerItemLabel(item: ItemRef, locale: Locale): string {
  return translator(locale).t(item.type === "metro_card" ? "ownerMail.itemMetroCard" : "ownerMail.itemToken", { number: itemNumber(item) });
}

export type ContactAlert = {
  item: ItemRef;
  handover: Handover;
  place: string | null;
  foundWhere: string | null;
  contact: string | null;
  message: string;
  /** Where the owner answers: the conversation in /messaging. */
  link: string;
  /** Where the finder is, when they shared it (issue 49). */
  location?: FinderLocation | null;
};

/** A finder's first message: the handover first, then where and how to reach them, their words, the way to answer. */
export function contactAlertMail(alert: ContactAlert, locale: Locale): ComposedMail {
  const { t } = translator(locale);
  const item = ownerItemLabel(alert.item, locale);
  const handover = handoverText(alert.handover, alert.place, locale);
  const lines = [
    t("ownerMail.contactLead", { item }),
    "",
    t("ownerMail.contactHandover", { handover }),
    ...(alert.foundWhere ? [t("ownerMail.contactFoundWhere", { place: alert.foundWhere })] : []),
    ...(alert.contact ? [t("ownerMail.contactReach", { contact: alert.contact })] : []),
    ...locationMailLines(alert.location, locale),
    "",
    t("ownerMail.contactMessage"),
    quoted(alert.message),
    "",
    t("ownerMail.answerHere", { link: alert.link }),
    "",
    t("ownerMail.contactNoAccount"),
  ];
  return { subject: t("ownerMail.contactSubject", { item, handover }), text: lines.join("\n") };
}

/** A finder's later message on their private page. */
export function finderReplyMail(reply: { item: ItemRef; content: string; link: string }, locale: Locale): ComposedMail {
  const { t } = translator(locale);
  const item = ownerItemLabel(reply.item, locale);
  const text = [t("ownerMail.replyLead", { item }), "", quoted(reply.content), "", t("ownerMail.answerHere", { link: reply.link })].join("\n");
  return { subject: t("ownerMail.replySubject", { item }), text };
}

export type ScanAlert = {
  item: ItemRef;
  at: Date;
  /** The city the scan came from (a name from the location database), or null. */
  city: string | null;
  /** The owner's search history (/profile) and settings (/settings), as absolute links. */
  historyLink: string;
  settingsLink: string;
};

/** A scan alert: what was scanned, when (India time, in the owner's language) and roughly where. */
export function scanAlertMail(scan: ScanAlert, locale: Locale): ComposedMail {
  const { t } = translator(locale);
  const item = ownerItemLabel(scan.item, locale);
  const text = [
    t("ownerMail.scanLead", { item }),
    "",
    t("ownerMail.scanWhen", { time: indiaClock(scan.at, locale), date: inDate(scan.at, locale) }),
    t("ownerMail.scanPlace", { place: scan.city ?? t("ownerMail.scanPlaceUnknown") }),
    "",
    t("ownerMail.scanNext"),
    t("ownerMail.scanHistory", { link: scan.historyLink }),
    "",
    t("ownerMail.scanLimit", { link: scan.settingsLink }),
  ].join("\n");
  return { subject: t("ownerMail.scanSubject", { item }), text };
}
