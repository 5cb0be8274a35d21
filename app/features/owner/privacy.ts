// What /settings offers (spec 001 §2 "Settings"): the four privacy settings an owner controls,
// the form that saves one of them, and the account-deletion request link.
import { z } from "zod";

export const PRIVACY_SETTINGS = ["maskBio", "useSocialIcons", "showEmail", "showMobile"] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];

export const PRIVACY_UPDATED = "Privacy Settings Updated";

/** One setting per post: which one, and on or off. */
export const privacySchema = z.object({
  setting: z.enum(PRIVACY_SETTINGS, { error: "Unknown setting." }),
  value: z.enum(["on", "off"], { error: "Choose on or off." }),
});

/** The support WhatsApp number account deletion requests go to (the site's WhatsApp contact). */
export const SUPPORT_WHATSAPP = "919000000000";

/** A WhatsApp link with the deletion request written out, naming the account's e-mail. */
export function deleteAccountLink(email: string) {
  const text = `Hi Tagback, please delete my account and all its data. My account e-mail is ${email}.`;
  return `https://wa.me/${SUPPORT_WHATSAPP}?text=${encodeURIComponent(text)}`;
}
