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
  // The photo upload's formats and size on /found, as file pickers and phones write them.
  "JPEG",
  "PNG",
  "MB",
  // Keys on a keyboard, printed in Latin letters on every keyboard sold in India ("Ctrl+Enter to send").
  "Ctrl",
  "Enter",
  // The web's own name: the "needs JavaScript" notes; no language's apps transliterate it.
  "JavaScript",
  // Where Tagback answers direct messages (the respect banner of /messaging): a network's name and
  // its old one, and "DM", which Indian users write in Latin letters in every language.
  "X",
  "Twitter",
  "DM",
  // The owner's pages (issue 48, second part). What phones and apps in every one of these languages
  // write in Latin letters: the SMS button, a screen lock's PIN, and the download's file format
  // (JSON, as the file is named); JavaScript, a name like a brand's, where a page says it needs it.
  "SMS",
  "PIN",
  "JSON",
];
