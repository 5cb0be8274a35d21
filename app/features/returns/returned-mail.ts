// The one mail a finder who left an address gets when the owner marks the item returned, in the
// language the finder last wrote in: that the item is home, the owner's thank-you line quoted, and
// thanks. Pure, like features/finder-contact/finder-mail.ts; queued by returns.server.ts.
import type { Locale } from "~/core/locale";
import { quoted } from "~/features/finder-contact/finder-mail";
import { translator } from "~/i18n/messages";

export function returnedMail(locale: Locale, { item, note }: { item: string; note: string | null }): { subject: string; text: string } {
  const { t } = translator(locale);
  const lines = [t("returns.mailLead", { item })];
  if (note) lines.push("", t("returns.mailNote"), quoted(note));
  return { subject: t("returns.mailSubject"), text: lines.join("\n") };
}
