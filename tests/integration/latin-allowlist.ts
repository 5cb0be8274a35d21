// The Latin-script words a text in another language may keep, beyond user data, links and brands
// (tests/support/latin-words.ts BRANDS): each is written in Latin letters by the people who read
// that language too. Short on purpose; a word is added here with the reason it stays.
export const LATIN_ALLOWED: readonly string[] = [
  // The code on the sticker: every language's apps write "QR".
  "QR",
  // Protocol names in the plain-text refusals (refusal.*): the words a developer searches for.
  "HTTP",
  "Host",
  "Content-Length",
  // The owner's pages (issue 48, second part). What phones and apps in every one of these languages
  // write in Latin letters: the SMS button, a screen lock's PIN, and the download's file format
  // (JSON, as the file is named); JavaScript, a name like a brand's, where a page says it needs it.
  "SMS",
  "PIN",
  "JSON",
  "JavaScript",
];
