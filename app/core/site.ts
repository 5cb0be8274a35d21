// Public facts about the service that several pages show.

/** Tagback's support WhatsApp number (with country code): the site's contact and deletion requests. */
export const SUPPORT_WHATSAPP = "919000000000";

export function supportWhatsAppLink(text: string) {
  return `https://wa.me/${SUPPORT_WHATSAPP}?text=${encodeURIComponent(text)}`;
}

export const SOCIAL_LINKS = [
  { label: "Instagram", href: "https://www.instagram.com/tagback.app" },
  { label: "X", href: "https://x.com/tagbackapp" },
  { label: "WhatsApp", href: supportWhatsAppLink("Hi Tagback, I have a question") },
  { label: "Facebook", href: "https://www.facebook.com/tagback.app" },
  { label: "Pinterest", href: "https://www.pinterest.com/tagbackapp" },
] as const;

export const STICKER_PRICE_INR = 179;
