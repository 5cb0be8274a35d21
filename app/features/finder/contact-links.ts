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

/**
 * The SMS, Call, Telegram and WhatsApp buttons, for the fields the owner filled in. SMS and
 * WhatsApp open with a greeting the page adds in the finder's language (`withGreeting`).
 */
export function contactLinks(fields: SocialFields): ContactLink[] {
  const links: ContactLink[] = [];
  const sms = normalizePhone(fields.socialSms);
  if (sms) links.push({ kind: "sms", label: "SMS", href: `sms:${sms}`, display: sms });
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
      href: `https://wa.me/${whatsapp.slice(1)}`,
      display: whatsapp,
    });
  }
  return links;
}

/** The link with the finder's first words filled in, where the app takes them (SMS, WhatsApp). */
export function withGreeting(link: ContactLink, greeting: string): string {
  if (link.kind === "sms") return `${link.href}?body=${encodeURIComponent(greeting)}`;
  if (link.kind === "whatsapp") return `${link.href}?text=${encodeURIComponent(greeting)}`;
  return link.href;
}

/** Make a Tweet on a result: the metro card it cites, only when the finder searched by it. */
export type Tweet = { card: string | null };

/** A translator's text of a key (useT's `t`): the tweet is written in the finder's language. */
type Text = (key: "scan.tweet" | "scan.tweetWithCard", values: Record<string, string>) => string;

/**
 * The Make a Tweet text, in the finder's language: the finder found a lost product of the owner,
 * citing the owner's X username and the metro card number. The number is cited only when the
 * finder searched by it: a token must never be tweeted (its digits 5-8 unlock a masked bio).
 */
export function tweetTemplate(t: Text, xUsername: string, metroCardNumber: string | null): string {
  return metroCardNumber ? t("scan.tweetWithCard", { username: xUsername, card: metroCardNumber }) : t("scan.tweet", { username: xUsername });
}

export function tweetIntentUrl(text: string): string {
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}`;
}

export function xProfileUrl(xUsername: string): string {
  return `https://x.com/${encodeURIComponent(xUsername)}`;
}
