// What a push to an owner's device says, in the OWNER's language (the account's; decision 048),
// from the catalogues' ownerPush area. A lock screen is public: the body names what happened and
// never a finder's words or where a scan was, unless the owner turned previews on — then the body
// is the preview (features/push/message-push.server.ts `preview`) or the place, as given.
import type { Locale } from "~/core/locale";
import { translator } from "~/i18n/messages";

export type PushText = { title: string; body: string };

/** A finder's first message: "Someone found your Laptop" (the product's name, else the item's label). */
export function contactPush(push: { item: string; preview: string | null }, locale: Locale): PushText {
  const { t } = translator(locale);
  return { title: t("ownerPush.contactTitle", { item: push.item }), body: push.preview ?? t("ownerPush.contactBody") };
}

/** A scan alert: the mail's subject as the title; the place only with previews on. */
export function scanPush(push: { subject: string; place: string | null }, locale: Locale): PushText {
  const { t } = translator(locale);
  return { title: push.subject, body: push.place ? t("ownerMail.scanPlace", { place: push.place }) : t("ownerPush.scanBody") };
}

/** A new message in a conversation: from the finder of an item, or from another owner. */
export function messagePush(push: { fromFinder: boolean; preview: string | null }, locale: Locale): PushText {
  const { t } = translator(locale);
  return { title: t(push.fromFinder ? "ownerPush.finderAgainTitle" : "ownerPush.messageTitle"), body: push.preview ?? t("ownerPush.messageBody") };
}
