// Public facts about the service that several pages show.

/** Tagback's support WhatsApp number (with country code): the site's contact and deletion requests. */
export const SUPPORT_WHATSAPP = "919000000000";

export function supportWhatsAppLink(text: string) {
  return `https://wa.me/${SUPPORT_WHATSAPP}?text=${encodeURIComponent(text)}`;
}

/** Tagback's support e-mail: policy questions, deletion and refund requests (privacy, terms, refund pages). */
export const SUPPORT_EMAIL = "support@tagback.app";

/**
 * Tagback's networks. WhatsApp opens a chat with support, its first words (`supportGreeting`,
 * `site.supportGreeting`) in the reader's language.
 */
export function socialLinks(supportGreeting: string) {
  return [
    { label: "Instagram", href: "https://www.instagram.com/tagback.app" },
    { label: "X", href: "https://x.com/tagbackapp" },
    { label: "WhatsApp", href: supportWhatsAppLink(supportGreeting) },
    { label: "Facebook", href: "https://www.facebook.com/tagback.app" },
    { label: "Pinterest", href: "https://www.pinterest.com/tagbackapp" },
  ] as const;
}

export const STICKER_PRICE_INR = 179;

/** About how long it takes to put a sticker to work: sign in, claim it, fill in the profile. */
export const SETUP_MINUTES = 2;

/** The floating Contact us menu offers these three (spec 000 §2). */
export function contactUsLinks(supportGreeting: string) {
  return socialLinks(supportGreeting).filter((link) => ["X", "Instagram", "WhatsApp"].includes(link.label));
}

/** "Share Tagback" links in the footer: each opens the network's own share page for `url`, with `text` (`site.shareText`). */
export function shareLinks(url: string, text: string) {
  return [
    { label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { label: "X", href: `https://x.com/intent/post?${new URLSearchParams({ text, url })}` },
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}` },
  ];
}
