import { expect, test } from "vitest";
import { containsProfanity, HINDI_SLANG } from "./profanity";

test("English profanity is found by the maintained dataset, in any case and inside words", () => {
  for (const text of ["fuck", "FUCK off", "you bitch", "bullshit", "ShItHeAd", "dick"]) expect(containsProfanity(text)).toBe(true);
});

test("Hindi slang, in Latin letters and in Devanagari, is matched as a case-insensitive substring", () => {
  for (const text of ["Chutiya", "BEHENCHOD", "abc_madarchod_1", "gaandu", "kya bakchodi hai", "चूतिया", "तू हरामी है"]) {
    expect(containsProfanity(text)).toBe(true);
  }
  for (const word of HINDI_SLANG) expect(containsProfanity(`x${word.toUpperCase()}x`)).toBe(true);
});

test("ordinary names and words pass", () => {
  for (const text of [
    "Mahatma Gandhi",
    "Randi Zuckerberg",
    "parachute",
    "Scunthorpe",
    "Sussex",
    "Dikshit",
    "Shital Patel",
    "Kshitij",
    "Cumin",
    "assassin",
    "Laptop",
    "Helmet",
    "राहुल शर्मा",
    "",
  ]) {
    expect(containsProfanity(text), text).toBe(false);
  }
  expect(containsProfanity(null)).toBe(false);
});
