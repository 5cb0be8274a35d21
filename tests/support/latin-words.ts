// Finds English left behind in a text meant for another language: every run of Latin-script words
// that is not user data (what people typed or chose: a finder's message, a product's name, a
// place), not a link or an e-mail address, not a brand (Tagback, Google, WhatsApp …) and not on
// the caller's short allowlist. For the tests of what an owner reads in their language — the mails
// and pushes now (tests/integration/owner-notifications-language.test.ts), the owner's pages next.
// A single stray word counts ("Token 1000-…"): a run is reported whole, so the failure shows the
// words around it.

/** Names that are written in Latin letters in every language, as their owners write them. */
export const BRANDS: readonly string[] = ["Tagback", "Google", "WhatsApp", "Telegram", "Chrome", "Edge", "Firefox", "Safari", "Android", "iPhone", "OpenStreetMap"];

const LINK = /\b(?:https?:\/\/|www\.|geo:)\S+/g;
const EMAIL = /[^\s@<>()"']+@[^\s@<>()"']+\.[A-Za-z]{2,}/g;
// Latin words (letters, inner apostrophes, dots and hyphens), and what may stand between two of
// them in one run: spaces and punctuation, never another script's letter or a digit.
const RUN = /[A-Za-z][A-Za-z'’.-]*(?:[\s,;:!?()"“”'—–-]+[A-Za-z][A-Za-z'’.-]*)*/g;
const WORD = /[A-Za-z][A-Za-z'’-]*/g;

/**
 * The runs of Latin-script words in `text` that are English left behind: user data, links,
 * addresses, brands and `allow` removed first.
 */
export function strayLatin(text: string, options: { userData?: readonly string[]; allow?: readonly string[] } = {}): string[] {
  let rest = text;
  // Longest first, so "Gate 2, Platform 3" goes before "Gate 2".
  for (const value of [...(options.userData ?? [])].filter(Boolean).sort((a, b) => b.length - a.length)) rest = rest.split(value).join(" ");
  rest = rest.replace(LINK, " ").replace(EMAIL, " ");
  const allowed = new Set([...BRANDS, ...(options.allow ?? [])]);
  const stray: string[] = [];
  for (const [run] of rest.matchAll(RUN)) {
    const words = [...run.matchAll(WORD)].map(([word]) => word.replace(/[.'’-]+$/, ""));
    if (words.some((word) => word && !allowed.has(word))) stray.push(run.trim());
  }
  return stray;
}
