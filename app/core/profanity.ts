// The one profanity check of the app (spec 001 §5): names, X usernames, bios and product names,
// and later chat messages. English comes from obscenity's maintained dataset (it also catches
// spaced-out, repeated and look-alike letters, and knows words like "Scunthorpe" are fine);
// Hindi slang, in Latin letters and in Devanagari, is our own list, matched as case-insensitive
// substrings as the spec says. Runs in the browser (instant messages) and on the server.
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";

/**
 * Hindi and Hinglish abuse. Kept to spellings that do not occur inside ordinary names and words
 * (no "gand", which is in Gandhi; no "randi", which is in grandiose and is a given name; no "chut",
 * which is in parachute), because every entry is a substring match.
 */
export const HINDI_SLANG = [
  // Latin letters (Hinglish)
  "chutiya",
  "chutiye",
  "chutia",
  "chootiya",
  "choot",
  "madarchod",
  "maderchod",
  "madarchot",
  "behenchod",
  "bhenchod",
  "bahenchod",
  "benchod",
  "bhanchod",
  "bhosdi",
  "bhosda",
  "bhosadi",
  "bhosri",
  "gaand",
  "gandu",
  "gandoo",
  "lauda",
  "lavda",
  "lawda",
  "laude",
  "lodu",
  "randwa",
  "randibaaz",
  "randikhana",
  "raand",
  "harami",
  "haraami",
  "haramkhor",
  "haramzada",
  "haramzade",
  "kamina",
  "kamine",
  "kuttiya",
  "kutiya",
  "jhaatu",
  "jhaat",
  "jhant",
  "chodu",
  "chodna",
  "chudai",
  "chudwa",
  "bakchod",
  "bsdk",
  "bhadwa",
  "bhadwe",
  "bhadve",
  "tharki",
  "chinal",
  "hijda",
  "hijra",
  "lulli",
  "tatti",
  // Devanagari
  "चूतिया",
  "चुतिया",
  "मादरचोद",
  "बहनचोद",
  "भेनचोद",
  "भोसड़ी",
  "भोसडी",
  "गांड",
  "गाण्ड",
  "गांडू",
  "लौड़ा",
  "लौडा",
  "लवड़ा",
  "रंडी",
  "हरामी",
  "हरामज़ादा",
  "हरामजादा",
  "कमीना",
  "कमीने",
  "कुतिया",
  "झाटू",
  "चोद",
  "भड़वा",
] as const;

/**
 * Ordinary Indian names and words the English dataset would flag ("Dikshit", "Shital", "cumin").
 * A match inside one of these is not a match.
 */
const ENGLISH_ALLOWED = ["dikshit", "diksit", "shital", "shitala", "kshitij", "shitij", "shitanshu", "cumin", "penistone"] as const;

let englishMatcher: RegExpMatcher | undefined;

function english() {
  if (!englishMatcher) {
    const dataset = englishDataset.build();
    englishMatcher = new RegExpMatcher({
      ...dataset,
      whitelistedTerms: [...(dataset.whitelistedTerms ?? []), ...ENGLISH_ALLOWED],
      ...englishRecommendedTransformers,
    });
  }
  return englishMatcher;
}

/** Lower-cased, compatibility-normalised (full-width letters become plain ones). */
function fold(text: string) {
  return text.normalize("NFKC").toLocaleLowerCase("en-IN");
}

export function containsProfanity(text: string | null | undefined): boolean {
  if (!text) return false;
  const folded = fold(text);
  if (HINDI_SLANG.some((word) => folded.includes(word))) return true;
  return english().hasMatch(text);
}
