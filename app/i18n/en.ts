// Every message Tagback shows, in English, by area and key (texts in quotes in the spec are used
// as written). Schemas and actions return keys ("finder.badToken"); app/i18n/messages.ts resolves
// them. A message that mentions a limit is built from the rule that sets it.
import { SEARCHES_PER_MINUTE } from "~/features/finder/rules";
import { METRO_CARD_MAX, METRO_CARD_MIN } from "~/features/owner/rules";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

export type Message = { title: string; description?: string };

export const en = {
  /** The finder search (spec 000 §5 and §8). */
  finder: {
    // First check (on click, before anything else).
    emptyMetroCard: { title: "Please enter a number", description: "Enter your metro card number to find its owner" },
    emptyToken: { title: "Please enter a number", description: "Enter your token number to find its owner" },
    shortMetroCard: { title: "Invalid metro card number", description: `Metro card number should be at least ${METRO_CARD_MIN} digits` },
    shortToken: { title: "Invalid token", description: `Token should be ${TOKEN_LENGTH} digits` },
    // Second check (before the lookup).
    missing: { title: "Missing Information", description: "Please enter an identifier to search." },
    badMetroCard: {
      title: "Invalid Metro Card Number",
      description: `Metro card number must be between ${METRO_CARD_MIN} and ${METRO_CARD_MAX} digits.`,
    },
    badToken: { title: "Invalid Token", description: `The token must be a ${TOKEN_LENGTH}-digit number.` },
    failed: { title: "Search Failed", description: "There was an error performing your search." },
    // Page alerts.
    invalidType: { title: "Invalid Search Type", description: "The search type in the URL is invalid." },
    tooManySearches: {
      title: "Too many searches",
      description: `You can perform up to ${SEARCHES_PER_MINUTE} searches per minute from this IP address. Please try again later.`,
    },
    copied: { title: "Copied!", description: "Tweet template has been copied to clipboard." },
  },
  /** Unlocking a masked bio on the owner-found dialog. */
  unlock: {
    wrong: { title: "Those digits are not right. Check digits 5 to 8 of the token on the sticker." },
    locked: { title: "Too many wrong tries. Unlocking this profile is locked for a while: try again in an hour." },
    notMasked: { title: "There is nothing to unlock on this profile." },
    searchAgain: { title: "Search again, then enter the digits." },
    unknownAction: { title: "Unknown action." },
  },
  // @section profile
  // @section token
  // @section product
  // @section auth
} as const satisfies Record<string, Record<string, Message>>;

export type Catalogue = typeof en;
