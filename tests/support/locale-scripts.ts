// The script each translated language is written in, for tests that check a page or a catalogue
// really is in that language (not English left behind) and that its letters render.
import type { Locale } from "~/core/locale";

export type TranslatedLocale = Exclude<Locale, "en">;

/** One letter of the language's script (Unicode block). */
export const SCRIPT: Record<TranslatedLocale, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  bn: /[\u0980-\u09FF]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  kn: /[\u0C80-\u0CFF]/,
};

/** The languages docs/finding-an-owner.md names for each locale (test titles, failure messages). */
export const LANGUAGE: Record<TranslatedLocale, string> = {
  hi: "Hindi",
  mr: "Marathi",
  bn: "Bengali",
  ta: "Tamil",
  te: "Telugu",
  kn: "Kannada",
};

/** A run of three or more English words: what a page in another language should not have. */
export const ENGLISH_RUN = /[A-Za-z][A-Za-z']+(?:[\s,.?!:—-]+[A-Za-z][A-Za-z']+){2,}/g;
