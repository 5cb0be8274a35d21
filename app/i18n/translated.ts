// What every translation of the finder's path has: the areas a finder meets, and the type each
// language's catalogue (hi.ts, mr.ts, bn.ts, ta.ts, te.ts, kn.ts) satisfies. Derived from en.ts, so
// a missing or extra key, or a description missing where English has one, fails the type check.
import type { Catalogue } from "./en";

/** The areas a finder meets; each must be complete in every language. */
export const TRANSLATED_AREAS = ["common", "finder", "unlock", "scan", "search", "site", "lostMode", "contact", "codeLink", "findLocation", "returns"] as const;
export type TranslatedArea = (typeof TRANSLATED_AREAS)[number];

/** Same areas and keys as the English catalogue; a description where English has one. */
export type TranslatedCatalogue = {
  [Area in TranslatedArea]: {
    [Key in keyof Catalogue[Area]]: Catalogue[Area][Key] extends { description: string }
      ? { title: string; description: string }
      : { title: string; description?: never };
  };
};
