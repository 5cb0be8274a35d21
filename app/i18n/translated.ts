// What every translation has: the areas a finder meets, what Tagback writes to an account (its
// mails and pushes, in the account's language: decision 048), the public pages' titles and the
// plain-text refusals, and the type each language's catalogue (hi.ts, mr.ts, bn.ts, ta.ts, te.ts,
// kn.ts) satisfies. Derived from en.ts, so a missing or extra key, or a description missing where
// English has one, fails the type check.
import type { Catalogue } from "./en";

/** The translated areas; each must be complete in every language. */
export const TRANSLATED_AREAS = [
  // The finder's path.
  "common",
  "finder",
  "unlock",
  "scan",
  "search",
  "site",
  "lostMode",
  "contact",
  "codeLink",
  // The finder's shared location and the item's return (issue 49).
  "findLocation",
  "returns",
  // What is written to an account, and the account's language in /settings (issue 48).
  "ownerMail",
  "ownerPush",
  "accountLanguage",
  // Public pages' titles and descriptions, and the plain-text refusals.
  "meta",
  "refusal",
  // The owner's profile and token pages, their form errors and toasts, and the QR scanner's answers (issue 48).
  "profile",
  "token",
  "product",
  "qr",
  "profilePage",
  "tokenPage",
  // The lost, found and messaging pages (issue 48, second part).
  "messaging",
  "lost",
  "found",
  "returnsOwner",
  "lostPage",
  "foundPage",
  "messagingPage",
  "finderThread",
  // The owner's pages: sign-in, the app's navigation, Settings and its parts, the data summary and
  // /account-deleted (issue 48, second part).
  "auth",
  "settings",
  "deleteAccount",
  "finderContact",
  "push",
  "authPage",
  "appNav",
  "settingsPage",
  "accountData",
] as const;
export type TranslatedArea = (typeof TRANSLATED_AREAS)[number];

/** Same areas and keys as the English catalogue; a description where English has one. */
export type TranslatedCatalogue = {
  [Area in TranslatedArea]: {
    [Key in keyof Catalogue[Area]]: Catalogue[Area][Key] extends { description: string }
      ? { title: string; description: string }
      : { title: string; description?: never };
  };
};
