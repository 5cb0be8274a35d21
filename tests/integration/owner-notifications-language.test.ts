// Every mail and push an owner can receive, rendered by the very functions the outbox's rows are
// made with (the queueing code calls nothing else for their words), in each of the six
// non-English languages, holds no English left behind: no run of Latin-script words that is not
// user data, a link, a brand or on the allowlist beside this test (tests/support/latin-words.ts).
// Each kind of outbox row is listed below by its type, so a new kind of notification fails the
// type check until it is added here. owner-language.test.ts reads the same mails and pushes at the
// loopback SMTP server and push service.
import { describe, expect, test } from "vitest";
import type { OutboxKind } from "~/core/outbox.server";
import { LOCALES, type Locale } from "~/core/locale";
import { confirmMail, signInCodeMail, signUpAgainMail } from "~/features/account/account-mail";
import { contactAlertMail, finderReplyMail, ownerItemLabel, scanAlertMail } from "~/features/finder-contact/owner-mail.server";
import { withLocationPreview } from "~/features/finder-contact/finder-location";
import type { Handover } from "~/features/finder-contact/rules";
import { contactPush, messagePush, scanPush } from "~/features/push/owner-push";
import { en } from "~/i18n/en";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { LANGUAGE, SCRIPT, type TranslatedLocale } from "../support/locale-scripts";
import { strayLatin } from "../support/latin-words";
import { LATIN_ALLOWED } from "./latin-allowlist";

const translated = LOCALES.filter((locale): locale is TranslatedLocale => locale !== "en");

// What people typed or chose, in English on purpose: it must reach the owner as written, and the
// checker must tell it from the mail's own words.
const USER = {
  message: "Found your keys at Rajiv Chowk, gate 2.\nCall me after 6 pm",
  place: "Gate 2 near the ticket counter",
  foundWhere: "Platform 3, Blue Line",
  contact: "+91 90000 00000",
  city: "Pune",
  product: "Office Laptop",
  link: "http://localhost:3000/messaging/0f3c",
  /** A position the finder shared (issue 49): rounded, with its accuracy. */
  location: { latitude: 28.6285, longitude: 77.219, accuracy: 50 },
};
const USER_DATA = [USER.message, ...USER.message.split("\n"), USER.place, USER.foundWhere, USER.contact, USER.city, USER.product];
const TOKEN = { type: "tagback_token", value: "700000000071" } as const;
const METRO = { type: "metro_card", value: "9876543210" } as const;
const AT = new Date("2026-11-23T10:56:00Z");
const HANDOVERS: Handover[] = ["keep", "metro_counter", "police", "place"];

type Text = { what: string; text: string };
const mail = (what: string, composed: { subject: string; text: string }): Text[] => [
  { what: `${what} (subject)`, text: composed.subject },
  { what, text: composed.text },
];
const pushed = (what: string, composed: { title: string; body: string }): Text[] => [
  { what: `${what} (title)`, text: composed.title },
  { what: `${what} (body)`, text: composed.body },
];

/**
 * Every notification an owner's account receives, by the outbox kind it is queued as. The finder's
 * own mails (their private link, the owner's answer) follow the finder's language and are not
 * the owner's: finder-mail.test.ts and finder-contact-mail.test.ts hold them to it.
 */
const OWNER_NOTIFICATIONS = {
  contact: (locale) => [
    ...HANDOVERS.flatMap((handover) =>
      mail(`a finder's message, handover ${handover}`, contactAlertMail({ item: TOKEN, handover, place: USER.place, foundWhere: USER.foundWhere, contact: USER.contact, message: USER.message, link: USER.link }, locale)),
    ),
    ...mail("a finder's message about a metro card, nothing optional", contactAlertMail({ item: METRO, handover: "keep", place: null, foundWhere: null, contact: null, message: USER.message, link: USER.link }, locale)),
    ...pushed("a finder's message, named product", contactPush({ item: USER.product, preview: null }, locale)),
    ...pushed("a finder's message, the item's label", contactPush({ item: ownerItemLabel(TOKEN, locale), preview: null }, locale)),
    ...pushed("a finder's message, previews on", contactPush({ item: USER.product, preview: USER.message }, locale)),
    ...mail("a finder's message with their shared position", contactAlertMail({ item: TOKEN, handover: "place", place: USER.place, foundWhere: null, contact: null, message: USER.message, link: USER.link, location: USER.location }, locale)),
    ...pushed("a finder's message with their position, previews on", contactPush({ item: USER.product, preview: withLocationPreview(USER.message, USER.location, locale) }, locale)),
  ],
  finder_reply: (locale) => [
    ...mail("a finder's later message", finderReplyMail({ item: TOKEN, content: USER.message, link: USER.link }, locale)),
    // Its push is a conversation's message push (kind "message", fromFinder).
  ],
  scan: (locale) => {
    const scanned = scanAlertMail({ item: TOKEN, at: AT, city: USER.city, historyLink: USER.link, settingsLink: USER.link }, locale);
    const unknownPlace = scanAlertMail({ item: METRO, at: AT, city: null, historyLink: USER.link, settingsLink: USER.link }, locale);
    return [
      ...mail("a scan alert", scanned),
      ...mail("a scan alert, place unknown", unknownPlace),
      ...pushed("a scan alert's push", scanPush({ subject: scanned.subject, place: null }, locale)),
      ...pushed("a scan alert's push, previews on", scanPush({ subject: scanned.subject, place: USER.city }, locale)),
    ];
  },
  message: (locale) => [
    ...pushed("another owner's message", messagePush({ fromFinder: false, preview: null }, locale)),
    ...pushed("a finder's later message", messagePush({ fromFinder: true, preview: null }, locale)),
    ...pushed("a message, previews on", messagePush({ fromFinder: false, preview: USER.message }, locale)),
  ],
  account: (locale) => [
    ...mail("a sign-in code", signInCodeMail({ code: "012345", link: `${USER.link}/auth/code?email=a%40b.test&code=012345`, minutes: 10 }, locale)),
    ...mail("a developer-mode confirmation", confirmMail({ link: `${USER.link}/auth/confirm?token=abc` }, locale)),
    ...mail("a developer-mode sign-up to a taken address", signUpAgainMail({ link: `${USER.link}/auth` }, locale)),
  ],
  finder_link: null,
  owner_answer: null,
  // To the finder, in the finder's language (returns.mail*, a finder area).
  finder_returned: null,
} satisfies Record<OutboxKind, ((locale: Locale) => Text[]) | null>;

const everyNotification = (locale: Locale) => Object.values(OWNER_NOTIFICATIONS).flatMap((render) => (render ? render(locale) : []));

describe.each(translated)("an owner reading %s", (locale) => {
  test(`every mail and push is in ${LANGUAGE[locale]}: no English outside user data, links and brands`, () => {
    const stray = everyNotification(locale).flatMap(({ what, text }) => strayLatin(text, { userData: USER_DATA, allow: LATIN_ALLOWED }).map((run) => `${what}: "${run}"`));
    expect(stray).toEqual([]);
    // Each says something in the language (a preview alone is the finder's words, as written).
    for (const { what, text } of everyNotification(locale)) if (!USER_DATA.includes(text)) expect(SCRIPT[locale].test(text), `${what}: ${text}`).toBe(true);
  });

  test("what people typed reaches the owner as written, a finder's words quoted line by line", () => {
    const { text } = contactAlertMail({ item: TOKEN, handover: "place", place: USER.place, foundWhere: USER.foundWhere, contact: USER.contact, message: USER.message, link: USER.link }, locale);
    const lines = text.split("\n");
    expect(lines).toContain("> Found your keys at Rajiv Chowk, gate 2.");
    expect(lines).toContain("> Call me after 6 pm");
    for (const value of [USER.place, USER.foundWhere, USER.contact, USER.link, "7000-0000-0071"]) expect(text).toContain(value);
  });

  test("every message of the owner's mails and pushes, its slots filled, is free of English too", () => {
    const stray: string[] = [];
    for (const area of ["ownerMail", "ownerPush"] as const) {
      for (const name of Object.keys(en[area])) {
        const key = `${area}.${name}` as MessageKey;
        const { title } = messageIn(locale, key, { item: "ITEM", handover: "HANDOVER", place: "PLACE", contact: "CONTACT", link: "LINK", time: "TIME", date: "DATE", code: "012345", minutes: 10, metres: 50, number: "7000-0000-0071" });
        stray.push(...strayLatin(title, { userData: ["ITEM", "HANDOVER", "PLACE", "CONTACT", "LINK", "TIME", "DATE"], allow: LATIN_ALLOWED }).map((run) => `${key}: "${run}"`));
      }
    }
    expect(stray).toEqual([]);
  });
});

test("the checker itself: it finds a stray English word, and lets user data, links, addresses and brands through", () => {
  expect(strayLatin("टोकन 7000-0000-0071 अभी स्कैन हुआ")).toEqual([]);
  expect(strayLatin("Token 7000-0000-0071 अभी स्कैन हुआ")).toEqual(["Token"]);
  expect(strayLatin("आपका Tagback कोड, Google से")).toEqual([]);
  expect(strayLatin("Tap to answer.")).toEqual(["Tap to answer."]);
  expect(strayLatin("लिंक: http://localhost:3000/messaging/x?a=b, पता a.b@example.test")).toEqual([]);
  expect(strayLatin("> Found your keys", { userData: ["Found your keys"] })).toEqual([]);
  expect(strayLatin("समय: 04:26 PM")).toEqual(["PM"]);
});

test("the English mails read as before: the finder's first message to an owner who reads English", () => {
  const { subject, text } = contactAlertMail({ item: TOKEN, handover: "keep", place: null, foundWhere: null, contact: null, message: "Found it", link: USER.link }, "en");
  expect(subject).toBe("Found: Token 7000-0000-0071 — I'll keep it until you reply");
  expect(text.split("\n")).toEqual([
    "Someone found your item (Token 7000-0000-0071) and wrote to you through Tagback.",
    "",
    "How they will hand it back: I'll keep it until you reply",
    "",
    "Their message:",
    "> Found it",
    "",
    `Answer them here (sign in to Tagback): ${USER.link}`,
    "",
    "The finder has no Tagback account; they read your answers through a private link.",
  ]);
  expect(scanAlertMail({ item: TOKEN, at: AT, city: null, historyLink: USER.link, settingsLink: USER.link }, "en").text).toContain("\nWhen: 04:26 pm IST, 23/11/2026\nApproximate place: unknown\n");
});
