// /profile and /token in each of the six non-English languages, through the real server
// (production build): two seeded owners — one with a full profile, verified and unverified tokens,
// products, search history, a lost item, a conversation, a device and a passkey; one with only an
// unverified token, for the empty states — and every view of the two pages (view, edit, the
// preview and its "No Identifiers Found", the rename row, the lock-screen and reprint forms). Each
// page's own words are read (its text, title, labels, placeholders, alt text) and any run of
// Latin-script words that is not the owners' data, a brand or on the allowlist fails. Then the form
// errors the pages' actions return, and a toast, in languages other than English.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOCALES } from "~/core/locale";
import { LOCK_SCREEN_LINE_DEFAULT, MAX_PRODUCTS } from "~/features/stickers/rules";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { hashPassword } from "../../db/password";
import {
  conversationParticipants,
  conversations,
  lostItems,
  passkeys,
  products,
  profiles,
  pushSubscriptions,
  searchHistory,
  tagbackTokens,
} from "../../db/schema";
import { strayLatin } from "../support/latin-words";
import { signIn, startLiveServer, stopLiveServer, type LiveServer, type SignedInUser } from "../support/live-server";
import { LATIN_ALLOWED } from "./latin-allowlist";
import { decodeEntities as decode } from "../support/page-words";

type Translated = Exclude<(typeof LOCALES)[number], "en">;
const TRANSLATED = LOCALES.filter((locale): locale is Translated => locale !== "en");

let live: LiveServer;
let meera: SignedInUser;
let ravi: SignedInUser;
let meeraProduct: string;

const MEERA = {
  firstName: "Meera",
  lastName: "Iyer",
  xUsername: "meera_iyer",
  bio: "Coffee lover, call me if you find my bag",
  mobileNumber: "9876543210",
  metroCardNumber: "123456789012",
  socialSms: "9876543210",
  socialCall: "9876543211",
  socialTelegram: "@meera_tg",
  socialWhatsapp: "9876543212",
};
const TOKENS = { verified: "700000000101", second: "700000000102", unverified: "700000000103", ravis: "700000000201" };
const PRODUCTS = ["Laptop bag", "House keys"];
const PLACES = ["Chennai", "T. Nagar", "Bengaluru"];

/** What the owners typed or chose, and what the pages print as the owner's data: never "English left behind". */
const USER_DATA = [
  ...Object.values(MEERA),
  `${MEERA.firstName} ${MEERA.lastName}`,
  "Ravi",
  ...PRODUCTS,
  ...PLACES,
  // The card's own default line, quoted in the line's hint as the card prints it: the card prints
  // English and Hindi only (its font is Noto Sans Devanagari), so this is what the owner's card says.
  LOCK_SCREEN_LINE_DEFAULT,
];

beforeAll(async () => {
  live = await startLiveServer("owner-tokens-language");
  const { db } = live;
  meera = await signIn(db, "Meera");
  ravi = await signIn(db, "Ravi");
  const { firstName: _first, ...rest } = MEERA;
  await db.update(profiles).set({ ...rest, maskBio: true, useSocialIcons: true }).where(eq(profiles.id, meera.id)).run();
  const passwordHash = await hashPassword("11112222");
  await db
    .insert(tagbackTokens)
    .values([
      { token: TOKENS.verified, passwordHash, userId: meera.id, isClaimed: true, isVerified: true },
      { token: TOKENS.second, passwordHash, userId: meera.id, isClaimed: true, isVerified: true },
      { token: TOKENS.unverified, passwordHash, userId: meera.id, isClaimed: true, isVerified: false },
      { token: TOKENS.ravis, passwordHash, userId: ravi.id, isClaimed: true, isVerified: false },
    ])
    .run();
  const [bag] = await db
    .insert(products)
    .values([
      { userId: meera.id, name: PRODUCTS[0]!, token: TOKENS.verified },
      { userId: meera.id, name: PRODUCTS[1]!, token: TOKENS.second },
    ])
    .returning({ id: products.id });
  meeraProduct = bag!.id;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  await db
    .insert(searchHistory)
    .values([
      { userId: meera.id, searchType: "tagback_token", searchValue: TOKENS.verified, searchedAt: at(5), city: "Chennai", address: "T. Nagar", kind: "messaged" },
      { userId: meera.id, searchType: "metro_card", searchValue: MEERA.metroCardNumber, searchedAt: at(90), city: "Bengaluru", kind: "viewed" },
      { userId: meera.id, searchType: "tagback_token", searchValue: TOKENS.second, searchedAt: at(600), kind: "viewed" },
    ])
    .run();
  await db.insert(lostItems).values({ userId: meera.id, type: "product", name: PRODUCTS[0]!, identifier: TOKENS.verified, dateLost: "2026-11-20" }).run();
  const [conversation] = await db.insert(conversations).values({ pairKey: [meera.id, ravi.id].sort().join(":") }).returning({ id: conversations.id });
  await db
    .insert(conversationParticipants)
    .values([
      { conversationId: conversation!.id, userId: meera.id },
      { conversationId: conversation!.id, userId: ravi.id },
    ])
    .run();
  await db.insert(pushSubscriptions).values({ userId: meera.id, endpoint: "https://push.example.test/meera", p256dh: "key", auth: "auth", deviceLabel: "Chrome on Android" }).run();
  await db.insert(passkeys).values({ id: "meera-passkey", userId: meera.id, publicKey: Buffer.from([1, 2, 3]), name: "Pixel 8" }).run();
}, 90_000);

afterAll(async () => {
  await stopLiveServer(live);
});

const phoneIn = (locale: Translated) => `${locale}-IN,${locale};q=0.9,en;q=0.8`;

async function page(user: SignedInUser, path: string, locale: Translated, init: RequestInit = {}) {
  const response = await fetch(`${live.server.url}${path}`, {
    redirect: "manual",
    ...init,
    headers: { Cookie: user.cookie, "Accept-Language": phoneIn(locale), Origin: live.server.url, ...(init.headers ?? {}) },
  });
  return { response, html: await response.text() };
}


/** The element that starts at `start` (an opening tag), whole: its tag name's nesting counted. */
function elementAt(html: string, start: number): string {
  const tag = /^<(\w+)/.exec(html.slice(start))![1]!;
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*?(/?)>`, "g");
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match[1]) depth--;
    else if (!match[2]) depth++;
    if (depth === 0) return html.slice(start, pattern.lastIndex);
  }
  return html.slice(start);
}

/**
 * The page's own part (the route's element inside <main>: the owner area's navigation is another
 * part's) and its <title>, as a reader meets them: text, labels, placeholders, alt text.
 */
function pageWords(html: string): string {
  const main = html.indexOf('<main id="main"');
  expect(main, "the page has its <main>").toBeGreaterThan(-1);
  const own = html.indexOf('<div class="max-w-3xl space-y-10"', main);
  expect(own, "the route's element is in <main>").toBeGreaterThan(-1);
  const element = elementAt(html, own);
  const attributes = [...element.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((m) => m[1]);
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const text = element
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<svg[\s\S]*?<\/svg>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return decode([title, text, ...attributes].join(" \n "));
}

// X (the network formerly Twitter) is a brand, named as its owners write it: "X username".
const ALLOWED = [...LATIN_ALLOWED, "X"];
const stray = (html: string) => strayLatin(pageWords(html), { userData: USER_DATA, allow: ALLOWED });

describe.each(TRANSLATED)("/profile and /token in %s", (locale) => {
  test("every view of both pages, for both owners: no English but the owners' data, brands and the allowlist", async () => {
    const views: Array<[SignedInUser, string]> = [
      [meera, "/profile"],
      [meera, "/profile?edit=1"],
      [meera, "/profile?preview=1"],
      [meera, "/token"],
      [meera, `/token?rename=${meeraProduct}`],
      [ravi, "/profile"],
      [ravi, "/profile?preview=1"],
      [ravi, "/token"],
    ];
    const found: Record<string, string[]> = {};
    for (const [user, path] of views) {
      const { response, html } = await page(user, path, locale);
      expect(response.status, path).toBe(200);
      expect(html, path).toMatch(new RegExp(`<html lang="${locale}"`));
      const left = stray(html);
      if (left.length) found[`${user === meera ? "Meera" : "Ravi"} ${path}`] = left;
    }
    expect(found).toEqual({});
  });

  test("the page's words are this language's: a few messages of each part, as the catalogue has them", async () => {
    const t = (key: MessageKey, values?: Record<string, string | number>) => messageIn(locale, key, values).title;
    const profile = pageWords((await page(meera, "/profile", locale)).html);
    for (const key of ["profilePage.title", "profilePage.historyTitle", "profilePage.messagedYou", "profilePage.byMetroCard", "profilePage.shown"] as const) {
      expect(profile, key).toContain(t(key));
    }
    // A visit without a city is named in this language; the times are this language's (no "pm").
    expect(profile).toContain(t("profilePage.unknownCity"));
    expect(profile).not.toMatch(/\b[ap]m\b/i);
    const tokens = pageWords((await page(meera, "/token", locale)).html);
    for (const key of ["tokenPage.verifyTitle", "tokenPage.myTokens", "tokenPage.registry", "tokenPage.lockTitle", "tokenPage.reprintTitle"] as const) {
      expect(tokens, key).toContain(t(key));
    }
    expect(tokens).toContain(t("tokenPage.registryCount", { count: 2, max: MAX_PRODUCTS }));
    const empty = pageWords((await page(ravi, "/profile?preview=1", locale)).html);
    expect(empty).toContain(t("profilePage.noIdentifiers"));
  });
});

describe("form errors and toasts in the page's language", () => {
  const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

  test("Tamil: a token of too few digits, a password left out, and a product without a name, come back in Tamil", async () => {
    const verify = await page(meera, "/token", "ta", form({ intent: "verify-token", token: "1234", password: "" }));
    expect(verify.response.status).toBe(400);
    const words = pageWords(verify.html);
    expect(words).toContain(messageIn("ta", "token.missing").title);
    expect(words).toContain(messageIn("ta", "token.missing").description!);
    expect(words).not.toContain(messageIn("en", "token.missing").description!);
    const wrong = await page(meera, "/token", "ta", form({ intent: "verify-token", token: TOKENS.unverified, password: "99999999" }));
    expect(pageWords(wrong.html)).toContain(messageIn("ta", "token.wrong").description!);
    expect(stray(wrong.html)).toEqual([]);
    expect(stray(verify.html)).toEqual([]);

    const product = await page(meera, "/token", "ta", form({ intent: "add-product", name: "   ", token: TOKENS.verified }));
    expect(product.response.status).toBe(400);
    expect(pageWords(product.html)).toContain(messageIn("ta", "product.missingName").description!);
    expect(stray(product.html)).toEqual([]);
  });

  test("Hindi: the profile's field errors and their alert, with what was typed kept", async () => {
    const saved = await page(
      meera,
      "/profile?edit=1",
      "hi",
      form({ intent: "update-profile", fullName: "Meera Iyer", mobileNumber: "98x", metroCardNumber: "1234" }),
    );
    expect(saved.response.status).toBe(400);
    const words = pageWords(saved.html);
    expect(words).toContain(messageIn("hi", "profile.mobileDigitsOnly").title);
    // The metro card's message is one the spec titles: its title heads the alert, its text is beside the field.
    expect(words).toContain(messageIn("hi", "profile.metroCardTooShort").title);
    expect(words).toContain(messageIn("hi", "profile.metroCardTooShort").description!);
    expect(saved.html).toContain('value="98x"');
    expect(strayLatin(words, { userData: [...USER_DATA, "98x"], allow: ALLOWED })).toEqual([]);
  });

  test("the card's and the sheet's plain-text refusals: Bengali and Telugu", async () => {
    const card = await page(meera, `/token/${TOKENS.verified}/lock-screen.png?size=1000x1000`, "bn");
    expect(card.response.status).toBe(400);
    expect(card.html).toBe(messageIn("bn", "token.cardRatio").description);
    const sheet = await page(meera, "/token/stickers.pdf?copies=0", "te");
    expect(sheet.response.status).toBe(400);
    expect(sheet.html).toBe(messageIn("te", "token.badCopies").description);
  });

  test("Kannada: a rename's toast is in Kannada; the product is renamed", async () => {
    const renamed = await page(meera, `/token?rename=${meeraProduct}`, "kn", form({ intent: "rename-product", productId: meeraProduct, name: "Office bag" }));
    expect(renamed.response.status).toBe(302);
    const toastCookie = renamed.response.headers.getSetCookie().find((cookie) => cookie.includes("toast"));
    expect(toastCookie, "the answer sets the toast").toBeDefined();
    const next = await page(meera, "/token", "kn", { headers: { Cookie: `${meera.cookie}; ${toastCookie!.split(";")[0]}` } });
    expect(next.html).toContain(messageIn("kn", "product.renamed").title);
    expect(next.html).not.toContain(messageIn("en", "product.renamed").title);
    expect(next.html).toContain("Office bag");
  });
});
