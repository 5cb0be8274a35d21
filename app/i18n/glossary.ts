// The words each language uses for the service's few recurring things, so a finder meets one word
// for one thing on every page (issue 34: "मैसेज" beside "संदेश" in one dialog, Bengali's "number"
// for "digit", Tamil's "open" for "unlock"). `use` is the word, or its stem as it appears inside
// inflected forms (Tamil ஸ்டிக்கர் is ஸ்டிக்கரை as an object); `avoid` are words a native reader
// flagged, which no text may contain; `keys` are messages that name the thing and must say it with
// `use`. app/i18n/glossary.test.ts holds the catalogues to it. A reviewer who prefers another word
// changes it here first, then in the catalogue.
import type { Locale } from "~/core/locale";
import type { MessageKey } from "./messages";

export const TERMS = ["sticker", "token", "owner", "finder", "message", "lostMode", "unlock", "digit"] as const;
export type Term = (typeof TERMS)[number];

export type GlossaryEntry = { use: string; avoid: readonly string[]; keys: readonly MessageKey[] };

/** The messages that name each thing (the same in every language). */
const KEYS: Record<Term, readonly MessageKey[]> = {
  sticker: ["scan.notActivatedLead", "scan.yoursTitle"],
  token: ["search.numberToken", "scan.stickerToken"],
  owner: ["scan.messageOwner", "contact.button", "lostMode.title"],
  // The finder is "you" on their own pages; the word itself appears nowhere they read.
  finder: [],
  message: ["scan.messageOwner", "contact.button", "contact.messageLabel"],
  lostMode: ["lostMode.title"],
  unlock: ["scan.unlockButton", "scan.unlockDigits"],
  digit: ["scan.digitsPlaceholder", "search.numberToken", "scan.unlockDigits"],
};

type Words = Record<Term, { use: string; avoid?: readonly string[] }>;

const WORDS: Record<Exclude<Locale, "en">, Words> = {
  hi: {
    sticker: { use: "स्टिकर" },
    token: { use: "टोकन" },
    owner: { use: "मालिक" },
    finder: { use: "पाने वाले" },
    message: { use: "संदेश", avoid: ["मैसेज"] },
    lostMode: { use: "खो" },
    unlock: { use: "अनलॉक" },
    digit: { use: "अंक" },
  },
  mr: {
    sticker: { use: "स्टिकर" },
    token: { use: "टोकन" },
    owner: { use: "मालक" },
    finder: { use: "सापडलेल्या" },
    message: { use: "संदेश", avoid: ["मेसेज"] },
    lostMode: { use: "हरव" },
    unlock: { use: "अनलॉक" },
    digit: { use: "अंक" },
  },
  bn: {
    sticker: { use: "স্টিকার" },
    token: { use: "টোকেন" },
    owner: { use: "মালিক" },
    finder: { use: "যিনি পেয়েছেন" },
    message: { use: "বার্তা", avoid: ["মেসেজ"] },
    lostMode: { use: "হারি" },
    unlock: { use: "আনলক" },
    // সংখ্যা is "number"; a digit is অঙ্ক.
    digit: { use: "অঙ্ক", avoid: ["সংখ্যা"] },
  },
  ta: {
    sticker: { use: "ஸ்டிக்க" },
    token: { use: "டோக்கன்" },
    owner: { use: "உரிமையாள" },
    finder: { use: "கண்டெடுத்தவர்" },
    message: { use: "செய்தி", avoid: ["மெசேஜ்", "அரட்டை"] },
    lostMode: { use: "தொலை" },
    // திற is "open": the loanword, as on the button.
    unlock: { use: "அன்லாக்", avoid: ["திறப்பதற்கான", "திறக்கும் இலக்க", "திறத்தல்"] },
    digit: { use: "இலக்க" },
  },
  te: {
    sticker: { use: "స్టిక్కర" },
    token: { use: "టోకెన్" },
    owner: { use: "యజమాని" },
    finder: { use: "దొరికినవారు" },
    message: { use: "సందేశ", avoid: ["మెసేజ్"] },
    lostMode: { use: "పో" },
    unlock: { use: "అన్‌లాక్" },
    digit: { use: "అంకె" },
  },
  kn: {
    sticker: { use: "ಸ್ಟಿಕ್ಕರ" },
    token: { use: "ಟೋಕನ್" },
    owner: { use: "ಮಾಲೀಕ" },
    finder: { use: "ಸಿಕ್ಕವರು" },
    message: { use: "ಸಂದೇಶ", avoid: ["ಮೆಸೇಜ್"] },
    lostMode: { use: "ಕಳೆದು" },
    unlock: { use: "ಅನ್‌ಲಾಕ್" },
    digit: { use: "ಅಂಕಿ" },
  },
};

/** Each translated language's glossary: the word, what to avoid, and where it must appear. */
export const GLOSSARY: Record<Exclude<Locale, "en">, Record<Term, GlossaryEntry>> = Object.fromEntries(
  Object.entries(WORDS).map(([locale, words]) => [
    locale,
    Object.fromEntries(TERMS.map((term) => [term, { use: words[term].use, avoid: words[term].avoid ?? [], keys: KEYS[term] }])),
  ]),
) as Record<Exclude<Locale, "en">, Record<Term, GlossaryEntry>>;
