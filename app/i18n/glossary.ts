// The words each language uses for the service's few recurring things, so a finder meets one word
// for one thing on every page (issue 34: "मैसेज" beside "संदेश" in one dialog, Bengali's "number"
// for "digit", Tamil's "open" for "unlock"). `use` is the word, or its stem as it appears inside
// inflected forms (Tamil ஸ்டிக்கர் is ஸ்டிக்கரை as an object); `avoid` are words a native reader
// flagged, which no text may contain; `keys` are messages that name the thing and must say it with
// `use`. app/i18n/glossary.test.ts holds the catalogues to it. A reviewer who prefers another word
// changes it here first, then in the catalogue.
//
// The owner's side (issue 48) adds its own words: the item that was found, the account, signing
// in, e-mail, notifications (pushes), passkeys and products. The choice is the word people's apps
// use in that language — a bank's or a railway app's register: where those apps write the English
// word in the script (साइन इन, ই-মেল, నోటిఫికేషన్, ಪಾಸ್‌ಕೀ), so do we; where they have a word of
// their own that every reader knows (Hindi and Marathi सूचना and Tamil அறிவிப்பு for a
// notification, as Android says it; Tamil உள்நுழை for signing in, as the finder's pages already
// do; Telugu ఖాతా, Kannada ಖಾತೆ, Tamil கணக்கு for an account), that one. Passkeys and products
// are named on the owner's pages, which are translated next: their words are settled here first.
import type { Locale } from "~/core/locale";
import type { MessageKey } from "./messages";

export const TERMS = [
  "sticker",
  "token",
  "owner",
  "finder",
  "message",
  "lostMode",
  "unlock",
  "digit",
  // The owner's side.
  "item",
  "account",
  "signIn",
  "email",
  "notification",
  "passkey",
  "product",
  // The profile and token pages (issue 48): claiming a sticker is "verifying" its token.
  "verify",
  // The lost, found and messaging pages (issue 48, second part): a chat between two people, and
  // an owner's report of a lost item, each one word on every page that names it.
  "conversation",
  "report",
] as const;
export type Term = (typeof TERMS)[number];

export type GlossaryEntry = { use: string; avoid: readonly string[]; keys: readonly MessageKey[] };

/** The messages that name each thing (the same in every language). */
const KEYS: Record<Term, readonly MessageKey[]> = {
  sticker: ["scan.notActivatedLead", "scan.yoursTitle", "tokenPage.reprintTitle"],
  token: ["search.numberToken", "scan.stickerToken", "ownerMail.itemToken", "tokenPage.myTokens"],
  owner: ["scan.messageOwner", "contact.button", "lostMode.title"],
  // The finder is "you" on their own pages; the word itself appears nowhere they read.
  // To the owner, the finder is named ("the finder wrote again").
  finder: ["ownerMail.replySubject", "ownerPush.finderAgainTitle"],
  message: ["scan.messageOwner", "contact.button", "contact.messageLabel", "ownerMail.contactMessage", "ownerPush.messageTitle"],
  lostMode: ["lostMode.title"],
  unlock: ["scan.unlockButton", "scan.unlockDigits"],
  digit: ["scan.digitsPlaceholder", "search.numberToken", "scan.unlockDigits"],
  item: ["ownerMail.contactLead", "ownerPush.contactTitle"],
  account: ["ownerMail.confirmSubject", "ownerMail.againSubject", "ownerMail.contactNoAccount"],
  signIn: ["ownerMail.answerHere", "ownerMail.codeLink"],
  email: ["ownerMail.scanNext", "ownerMail.codeValid", "accountLanguage.label"],
  notification: ["accountLanguage.label", "accountLanguage.lead"],
  passkey: [],
  product: ["tokenPage.registry", "tokenPage.add"],
  verify: ["tokenPage.verifyTitle", "tokenPage.verify", "profilePage.verifyToken"],
  conversation: ["messagingPage.conversations", "messagingPage.deleteConversation", "messaging.startFailed"],
  report: ["lostPage.yourReports", "lostPage.reportTitle", "lostPage.deleteConfirm"],
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
    item: { use: "चीज़" },
    // खाता is a bank's word; apps say अकाउंट.
    account: { use: "अकाउंट" },
    signIn: { use: "साइन इन" },
    email: { use: "ई-मेल" },
    notification: { use: "सूचना" },
    passkey: { use: "पासकी" },
    product: { use: "प्रोडक्ट" },
    // Bank and wallet apps say "वेरिफ़ाई करें" for this; सत्यापित is the form-filling word.
    verify: { use: "वेरिफ़ाई" },
    // बातचीत, as Hindi chat apps say it; संवाद is too formal for a list.
    conversation: { use: "बातचीत" },
    // The loanword people use for a lost-item report (and a railway complaint): शिकायत is a complaint against someone.
    report: { use: "रिपोर्ट" },
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
    item: { use: "वस्तू" },
    account: { use: "खात" },
    signIn: { use: "साइन इन" },
    email: { use: "ई-मेल" },
    notification: { use: "सूचना" },
    passkey: { use: "पासकी" },
    product: { use: "प्रॉडक्ट" },
    // As Marathi apps write it (व्हेरिफाय करा), not पडताळणी.
    verify: { use: "व्हेरिफाय" },
    // संभाषण, as Marathi apps write a chat thread.
    conversation: { use: "संभाषण" },
    report: { use: "रिपोर्ट" },
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
    item: { use: "জিনিস" },
    account: { use: "অ্যাকাউন্ট" },
    signIn: { use: "সাইন ইন" },
    email: { use: "ই-মেল" },
    notification: { use: "নোটিফিকেশন" },
    passkey: { use: "পাসকি" },
    product: { use: "প্রোডাক্ট" },
    // The loanword (ভেরিফাই করুন), as Bengali apps write it.
    verify: { use: "ভেরিফাই" },
    // কথোপকথন, the word Bengali apps use for a chat thread.
    conversation: { use: "কথোপকথন" },
    report: { use: "রিপোর্ট" },
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
    item: { use: "பொருள" },
    account: { use: "கணக்க" },
    signIn: { use: "உள்நுழை" },
    email: { use: "மின்னஞ்ச" },
    notification: { use: "அறிவிப்பு" },
    passkey: { use: "பாஸ்கீ" },
    // A product is a பொருள் (thing) in Tamil, as the found item is.
    product: { use: "பொருள" },
    // சரிபார் ("check and confirm"), the word Tamil apps use on their verify buttons.
    verify: { use: "சரிபார" },
    // உரையாடல் for a chat thread; அரட்டை (idle chatter) is already avoided above.
    conversation: { use: "உரையாட" },
    // புகார், the word Tamil Nadu's lost-property and railway services use for reporting a loss.
    report: { use: "புகார" },
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
    item: { use: "వస్తువు" },
    account: { use: "ఖాతా" },
    signIn: { use: "సైన్ ఇన్" },
    email: { use: "ఈ-మెయిల్" },
    notification: { use: "నోటిఫికేషన్" },
    passkey: { use: "పాస్‌కీ" },
    product: { use: "ప్రోడక్ట్" },
    // ధృవీకరించండి, as Telugu apps label their verify buttons.
    verify: { use: "ధృవీకరించ" },
    // సంభాషణ for a chat thread.
    conversation: { use: "సంభాషణ" },
    report: { use: "రిపోర్ట్" },
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
    item: { use: "ವಸ್ತು" },
    account: { use: "ಖಾತೆ" },
    signIn: { use: "ಸೈನ್ ಇನ್" },
    email: { use: "ಇ-ಮೇಲ್" },
    notification: { use: "ನೋಟಿಫಿಕೇಶನ್" },
    passkey: { use: "ಪಾಸ್‌ಕೀ" },
    product: { use: "ಪ್ರಾಡಕ್ಟ್" },
    // ಪರಿಶೀಲಿಸಿ ("check"), as Kannada apps label their verify buttons.
    verify: { use: "ಪರಿಶೀಲಿಸ" },
    // ಸಂಭಾಷಣೆ for a chat thread.
    conversation: { use: "ಸಂಭಾಷಣ" },
    // ವರದಿ, the Kannada word government and bank services use for a report.
    report: { use: "ವರದಿ" },
  },
};

/** Each translated language's glossary: the word, what to avoid, and where it must appear. */
export const GLOSSARY: Record<Exclude<Locale, "en">, Record<Term, GlossaryEntry>> = Object.fromEntries(
  Object.entries(WORDS).map(([locale, words]) => [
    locale,
    Object.fromEntries(TERMS.map((term) => [term, { use: words[term].use, avoid: words[term].avoid ?? [], keys: KEYS[term] }])),
  ]),
) as Record<Exclude<Locale, "en">, Record<Term, GlossaryEntry>>;
