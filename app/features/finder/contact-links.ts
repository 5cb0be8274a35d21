// Contact links in the owner-found dialog, built from the social numbers an owner chose to publish
// (spec 000 §5, "Phone and handle normalisation"). Pure: the server builds them, tests check them.

const DEFAULT_COUNTRY_CODE = "+91";

/** A number starting with + is kept; otherwise non-digits and leading zeros go and +91 is prefixed. */
export function normalizePhone(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return null;
  if (trimmed.startsWith("+")) {
    // Kept as the owner wrote it; only spacing is dropped so it works in a tel: link.
    const kept = `+${trimmed.slice(1).replace(/[^\d]/g, "")}`;
    return kept.length > 1 ? kept : null;
  }
  const digits = trimmed.replace(/\D/g, "").replace(/^0+/, "");
  return digits ? `${DEFAULT_COUNTRY_CODE}${digits}` : null;
}

/** Telegram: 7 or more digits is a phone (+91 rule); a + or @ prefix is kept; otherwise @ is added. */
export function normalizeTelegram(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return null;
  if (/^\d{7,}$/.test(trimmed.replace(/[\s-]/g, ""))) return normalizePhone(trimmed);
  if (trimmed.startsWith("+") || trimmed.startsWith("@")) return trimmed;
  return `@${trimmed}`;
}

export type ContactLink = { kind: "sms" | "call" | "telegram" | "whatsapp"; label: string; href: string; display: string };

export type SocialFields = {
  socialSms: string | null;
  socialCall: string | null;
  socialTelegram: string | null;
  socialWhatsapp: string | null;
};

const FINDER_GREETING = "Hi! I found something of yours through Tagback.";

/** The SMS, Call, Telegram and WhatsApp buttons, for the fields the owner filled in. */
export function contactLinks(fields: SocialFields): ContactLink[] {
  const links: ContactLink[] = [];
  const sms = normalizePhone(fields.socialSms);
  if (sms) links.push({ kind: "sms", label: "SMS", href: `sms:${sms}?body=${encodeURIComponent(FINDER_GREETING)}`, display: sms });
  const call = normalizePhone(fields.socialCall);
  if (call) links.push({ kind: "call", label: "Call", href: `tel:${call}`, display: call });
  const telegram = normalizeTelegram(fields.socialTelegram);
  if (telegram) {
    const target = telegram.startsWith("@") ? telegram.slice(1) : telegram;
    links.push({ kind: "telegram", label: "Telegram", href: `https://t.me/${encodeURIComponent(target).replace(/^%2B/, "+")}`, display: telegram });
  }
  const whatsapp = normalizePhone(fields.socialWhatsapp);
  if (whatsapp) {
    links.push({
      kind: "whatsapp",
      label: "WhatsApp",
      href: `https://wa.me/${whatsapp.slice(1)}?text=${encodeURIComponent(FINDER_GREETING)}`,
      display: whatsapp,
    });
  }
  return links;
}

/**
 * The Make a Tweet text: the finder found a lost product of the owner, citing the owner's X
 * username (or 'user') and the metro card number. The number is cited only when the finder
 * searched by it: a token must never be tweeted (its digits 5-8 unlock a masked bio).
 */
export function tweetTemplate(xUsername: string | null, metroCardNumber: string | null): string {
  const who = xUsername ? `@${xUsername}` : "user";
  const card = metroCardNumber ? ` with metro card number ${metroCardNumber}` : "";
  return `Hey ${who}, I found your lost product${card}. Reach me through Tagback so I can return it! #Tagback`;
}

export function tweetIntentUrl(text: string): string {
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}`;
}

export function xProfileUrl(xUsername: string): string {
  return `https://x.com/${encodeURIComponent(xUsername)}`;
}
