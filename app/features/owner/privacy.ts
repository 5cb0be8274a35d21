// What /settings offers (spec 001 §2 "Settings"): the four privacy settings an owner controls,
// the form that saves one of them, and the account-deletion request link.
import { z } from "zod";
import { supportWhatsAppLink } from "~/core/site";
import { key } from "~/i18n/messages";

export const PRIVACY_SETTINGS = ["maskBio", "useSocialIcons", "showEmail", "showMobile"] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];

/** One setting per post: which one, and on or off. */
export const privacySchema = z.object({
  setting: z.enum(PRIVACY_SETTINGS, { error: key("settings.unknownSetting") }),
  value: z.enum(["on", "off"], { error: key("settings.onOrOff") }),
});

/** A WhatsApp link with the deletion request written out, naming the account's e-mail. */
export function deleteAccountLink(email: string) {
  const text = `Hi Tagback, please delete my account and all its data. My account e-mail is ${email}.`;
  return supportWhatsAppLink(text);
}
