// The Latin-script words a text in another language may keep, beyond user data, links and brands
// (tests/support/latin-words.ts BRANDS): each is written in Latin letters by the people who read
// that language too. Short on purpose; a word is added here with the reason it stays.
export const LATIN_ALLOWED: readonly string[] = [
  // The code on the sticker: every language's apps write "QR".
  "QR",
  // A text message: the finder's button ("SMS भेजें", scan.contactSms) and the owner's
  // profile (profilePage.sms) write it in Latin letters, as phones label it in every language.
  "SMS",
  // Protocol names in the plain-text refusals (refusal.*): the words a developer searches for.
  "HTTP",
  "Host",
  "Content-Length",
];
