// What the landing page and /about say (spec 000 §1–§2, counts in §9: 6 features, 6 use cases,
// 3 user stories, 2 founders, 3 steps, 8 FAQ entries, 8 slides). Numbers come from the rules
// modules, so the copy never contradicts what the app enforces.
import { SETUP_MINUTES, STICKER_PRICE_INR } from "~/core/site";
import { UNLOCK_DIGIT_COUNT } from "~/features/finder/rules";
import { MAX_PRODUCTS, TOKEN_LENGTH } from "~/features/stickers/rules";

/** The hero slideshow: one of our own sticker pictures per kind of belonging (public/images/stickers). */
export const SLIDES = [
  { src: "/images/stickers/metro-card.svg", alt: "A Tagback QR sticker on a metro card", caption: "Metro card" },
  { src: "/images/stickers/laptop.svg", alt: "A Tagback QR sticker on a laptop lid", caption: "Laptop" },
  { src: "/images/stickers/keys.svg", alt: "A Tagback QR sticker tag on a key ring", caption: "Keys" },
  { src: "/images/stickers/backpack.svg", alt: "A Tagback QR sticker on a backpack", caption: "Bag" },
  { src: "/images/stickers/phone.svg", alt: "A Tagback QR sticker on the back of a phone", caption: "Phone" },
  { src: "/images/stickers/helmet.svg", alt: "A Tagback QR sticker on a two-wheeler helmet", caption: "Helmet" },
  { src: "/images/stickers/wallet.svg", alt: "A Tagback QR sticker inside a wallet", caption: "Wallet" },
  { src: "/images/stickers/charger.svg", alt: "A Tagback QR sticker on a laptop charger", caption: "Charger" },
] as const;
/** The drawings' own size (scripts/marketing-images.ts), for width/height: no layout shift. */
export const SLIDE_SIZE = { width: 640, height: 480 } as const;

export const PROBLEM = {
  title: "Most lost things are found. Few find their way back.",
  points: [
    "A metro card dropped at Rajiv Chowk, a laptop left in an Ola, keys on a college bench: someone usually picks them up.",
    "Then they have no way to reach you. No name, no number, and no reason to trust a stranger's phone number anyway.",
    "So your things end up in a lost-property cupboard, or with whoever found them, while you pay for a new card or a new lock.",
  ],
};

export const SOLUTION = {
  title: "A sticker that speaks for you",
  points: [
    `Every Tagback sticker carries a QR code and a ${TOKEN_LENGTH}-digit number linked to your profile.`,
    "The finder scans it with any phone camera, or types the number on Tagback, and sees only what you chose to show.",
    "They message you, or use the contact buttons you switched on. Your e-mail and phone number stay private.",
  ],
};

/** Six features (spec 000 §9). `icon` is a path on the 24×24 grid of components/ui/icon. */
export const FEATURES = [
  {
    title: "No app, for anyone",
    text: "A finder points any phone camera at the sticker and your profile opens in the browser. Nothing to install, no sign-up.",
    icon: "M7 3h10v18H7zM11 18h2",
  },
  {
    title: "Private by design",
    text: "Your e-mail and mobile number are never shown to strangers. You pick which contact buttons appear, if any.",
    icon: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4",
  },
  {
    title: "Masked note for the finder",
    text: `Hide your note behind the ${UNLOCK_DIGIT_COUNT} digits printed only on your sticker: whoever holds the item can read it, nobody else.`,
    icon: "M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4",
  },
  {
    title: "Metro card lookup",
    text: "Register your metro card number and a finder can search it, even if the sticker has worn off.",
    icon: "M3 6h18v12H3zM3 10h18M7 15h4",
  },
  {
    title: "Know when it's scanned",
    text: "Every search shows up in your history with the time and the approximate city, so you know where to look.",
    icon: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 8v3l2 1",
  },
  {
    title: "Fast on any network",
    text: "The finder's page is tiny and works without JavaScript, on a 2G connection and the cheapest phone.",
    icon: "M13 3L5 14h6l-1 7 8-11h-6z",
  },
] as const;

/** Six use cases with example chips (spec 000 §2). */
export const USE_CASES = [
  {
    title: "Daily commute",
    text: "Metro and bus cards are the most dropped thing in any city. Tag yours once and forget about it.",
    chips: ["Delhi Metro card", "Namma Metro", "Mumbai One", "Bus pass"],
  },
  {
    title: "Work laptop",
    text: "Left in a cab, a café or a meeting room, a laptop with a Tagback sticker tells the finder who to call.",
    chips: ["Laptop", "Charger", "Tablet"],
  },
  {
    title: "Keys",
    text: "A small tag on the key ring: the finder reaches you without ever learning your address.",
    chips: ["House keys", "Scooty keys", "Locker key"],
  },
  {
    title: "College and school",
    text: "Bags, ID cards and water bottles walk away every day in a hostel or a classroom.",
    chips: ["Backpack", "ID card holder", "Calculator"],
  },
  {
    title: "Travel",
    text: "At airports and railway stations, a sticker on the suitcase or passport cover speaks every language.",
    chips: ["Suitcase", "Passport cover", "Power bank"],
  },
  {
    title: "On the road",
    text: "Helmets and riding gear get left at parking stands. A sticker inside the helmet brings it back.",
    chips: ["Helmet", "Riding gloves", "Wallet"],
  },
] as const;

/** Three user stories with five-star ratings (spec 000 §2). */
export const STORIES = [
  {
    name: "Sneha K.",
    place: "Bengaluru",
    quote:
      "I left my laptop bag in an auto near Indiranagar. The driver's son scanned the sticker and messaged me before I had even reached office.",
  },
  {
    name: "Rahul M.",
    place: "New Delhi",
    quote:
      "My metro card fell out at Kashmere Gate. A student found it, typed the number on Tagback and we met at the same station the next morning.",
  },
  {
    name: "Fatima S.",
    place: "Pune",
    quote: "I put stickers on my kids' school bags and water bottles. Two bottles and one jacket have already come home. Worth every rupee.",
  },
] as const;

/** The two founders (spec 000 §1). */
export const FOUNDERS = [
  {
    name: "Arjun Mehta",
    role: "Co-founder, product",
    bio: "Lost three metro cards in one year on the Delhi Metro and decided the fourth would come back.",
    initials: "AM",
  },
  {
    name: "Kavya Iyer",
    role: "Co-founder, engineering",
    bio: "Builds the finder's page to load in a blink on a budget phone, because finders are doing you a favour.",
    initials: "KI",
  },
] as const;

/** How it works: the spec's three steps (attach, someone finds it, instant connection). */
export const STEPS = [
  {
    title: "Attach the QR sticker",
    text: `Stick it on your metro card, laptop, keys, bag or helmet and claim it on Tagback in about ${SETUP_MINUTES} minutes.`,
  },
  {
    title: "Someone finds it",
    text: "They scan the code with any phone camera, or type the number on Tagback. No app, no account.",
  },
  {
    title: "Instant connection",
    text: "They see your public profile and reach you the way you chose: a message, SMS, call, Telegram or WhatsApp.",
  },
] as const;

/** The two promo sections. */
export const PROMOS = [
  {
    id: "promo-stickers",
    eyebrow: `₹${STICKER_PRICE_INR} a sticker`,
    title: "Weatherproof stickers that last",
    text: "Printed on tough vinyl that survives rain, sweat and daily use. Each one is unique, with its own QR code and number, and works for as long as your account does. No subscription.",
    cta: "Buy Stickers",
  },
  {
    id: "promo-demo",
    eyebrow: "See it for yourself",
    title: "Be the finder for a minute",
    text: "Scan the demo sticker and see exactly what someone who finds your things sees, masked note and all.",
    cta: "Scan demo",
  },
] as const;

/** Eight questions (spec 000 §9); one open at a time. */
export const FAQ = [
  {
    question: "What is Tagback?",
    answer: `A lost-and-found service built on QR stickers. Each sticker carries a ${TOKEN_LENGTH}-digit number linked to your public profile, so whoever finds your things can reach you.`,
  },
  {
    question: "Does the finder need an app or an account?",
    answer: "No. Any phone camera opens the sticker's link in the browser. They can also type the number on Tagback from any device.",
  },
  {
    question: "What does a finder see?",
    answer: "Only what you make public: your name, X username, a note (which you can mask) and the contact buttons you switch on.",
  },
  {
    question: "Is my phone number shown?",
    answer: "Never to an anonymous finder. You decide whether SMS, call, Telegram or WhatsApp buttons appear on your profile.",
  },
  {
    question: "Can I use my metro card without a sticker?",
    answer: "Yes. Add its number to your profile and a finder can search it on Tagback.",
  },
  {
    question: "How many things can I protect?",
    answer: `Put a sticker on as many things as you like. You can name up to ${MAX_PRODUCTS} products on your account, so a finder knows which one is yours.`,
  },
  {
    question: "What does it cost?",
    answer: `A sticker costs ₹${STICKER_PRICE_INR} in our shop. The service itself is free: no subscription, no renewal.`,
  },
  {
    question: "How do I delete my account?",
    answer: "From Settings, message us from the Danger Zone and we delete your profile, stickers and history.",
  },
] as const;
