// The number a finder types: the two search types and what the field keeps while typing. No
// dependencies, so the result page's small script (result-page.browser.ts) can use it too, and the
// sticker-sheet worker (plain Node, no path aliases: hence the relative imports).
import { METRO_CARD_MAX } from "../owner/rules.ts";
import { TOKEN_LENGTH } from "../stickers/rules.ts";

export const SEARCH_TYPES = ["metrocard", "tagbacktoken"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** What the number field keeps while typing: digits only, at most the type's length. */
export function keepDigits(value: string, type: SearchType): string {
  return value.replace(/\D/g, "").slice(0, type === "metrocard" ? METRO_CARD_MAX : TOKEN_LENGTH);
}

/** A token shown 4-4-4 with hyphens ("1234-5678-9012"); partial input is grouped as typed. */
export function formatToken(digits: string): string {
  return (digits.match(/\d{1,4}/g) ?? []).join("-");
}

/** The number as the field shows it: a token grouped 4-4-4, a metro card as typed. */
export function displayNumber(type: SearchType, digits: string): string {
  return type === "tagbacktoken" ? formatToken(digits) : digits;
}
