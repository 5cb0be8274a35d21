// The finder's pages in every language, through the real server (production build, demo data):
// the language from Accept-Language or the switch's cookie, `<html lang>`, `Vary`, every search
// message in Hindi, the unlock's answers, the honest miss and the unactivated sticker; and in each
// of Hindi, Marathi, Bengali, Tamil, Telugu and Kannada, no English left on any finder page.
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopServer, type ServerProcess } from "./helpers";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import * as schema from "../../db/schema.ts";
import { messageIn, type MessageKey } from "../../app/i18n/messages.ts";
import { SEARCHES_PER_MINUTE, UNLOCK_WRONG_PER_CLIENT } from "../../app/features/finder/rules.ts";
import { socialLinks, STICKER_PRICE_INR } from "../../app/core/site.ts";
import { formTicket } from "../../app/features/finder-contact/form-ticket.server.ts";
import { LOCALES, LOCALE_NAMES } from "../../app/core/locale.ts";
import { ENGLISH_RUN, LANGUAGE, SCRIPT, type TranslatedLocale } from "../support/locale-scripts.ts";
import { decodeEntities as decode, wordsOf } from "../support/page-words";

let server: ServerProcess;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-language-"));
  // The server's secret is this process's too, so a test can seal an "I found this" form's ticket.
  const secret = "language-test-secret-".padEnd(48, "x");
  process.env.SESSION_SECRET = secret;
  // Fly's client-IP header, so each request can be its own client (the search limit is per client).
  server = await startServer({ DATABASE_PATH: path.join(dir, "language.db"), TRUST_PROXY: "fly", SESSION_SECRET: secret });
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

let ipCounter = 0;
const nextIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const HINDI = "hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7";

async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${pathAndQuery}`, { headers: { "Fly-Client-IP": nextIp(), ...headers }, redirect: "manual" });
  return { response, html: await response.text() };
}

const hi = (key: MessageKey, values?: Record<string, string | number>) => messageIn("hi", key, values);
const en = (key: MessageKey, values?: Record<string, string | number>) => messageIn("en", key, values);

describe("which language", () => {
  test("Accept-Language: hi-IN renders the scan result in Hindi; the owner's own text stays as written", async () => {
    const { aarav } = DEMO_IDENTIFIERS;
    const { response, html } = await get(`/?t=${aarav.token}`, { "Accept-Language": HINDI });
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html lang="hi"/);
    expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
    expect(response.headers.get("Vary")).toMatch(/Cookie/);
    expect(response.headers.get("Content-Language")).toBe("hi");
    for (const key of ["scan.dialogTitle", "scan.ownerInfo", "scan.ownerProducts", "search.findOwner", "search.whatFound"] as const) {
      expect(html).toContain(hi(key).title);
    }
    expect(html).toContain("Aarav Sharma");
    expect(html).toContain("Software engineer in Gurugram");
    expect(html).toContain(">Laptop<");
    expect(html).not.toContain(en("scan.dialogTitle").title);
  });

  test("plain `hi` is Hindi; English, other languages and no header are English", async () => {
    const { aarav } = DEMO_IDENTIFIERS;
    expect((await get(`/?t=${aarav.token}`, { "Accept-Language": "hi" })).html).toContain(hi("scan.dialogTitle").title);
    for (const header of ["en-IN,en;q=0.9", "fr-FR,de;q=0.9", "fr, hi;q=0"]) {
      const { html, response } = await get(`/?t=${aarav.token}`, { "Accept-Language": header });
      expect(html).toMatch(/<html lang="en"/);
      expect(html).toContain(en("scan.dialogTitle").title);
      expect(response.headers.get("Content-Language")).toBe("en");
    }
    const { html, response } = await get(`/findowner`);
    expect(html).toMatch(/<html lang="en"/);
    expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
  });

  test("Hindi ranked below English stays English; the finder's first language of ours wins", async () => {
    expect((await get("/findowner", { "Accept-Language": "en;q=0.9, hi;q=0.5" })).html).toMatch(/<html lang="en"/);
    expect((await get("/findowner", { "Accept-Language": "fr-FR, hi;q=0.8, en;q=0.5" })).html).toMatch(/<html lang="hi"/);
    expect((await get("/findowner", { "Accept-Language": "mr-IN, hi;q=0.8, en;q=0.5" })).html).toMatch(/<html lang="mr"/);
  });

  test("a phone set to Tamil gets Tamil; Tamil ranked below English stays English", async () => {
    const tamil = await get(`/?t=${DEMO_IDENTIFIERS.aarav.token}`, { "Accept-Language": "ta-IN,ta;q=0.9,en;q=0.8" });
    expect(tamil.html).toMatch(/<html lang="ta"/);
    expect(tamil.response.headers.get("Content-Language")).toBe("ta");
    expect(tamil.html).toContain(messageIn("ta", "scan.dialogTitle").title);
    const english = await get(`/?t=${DEMO_IDENTIFIERS.aarav.token}`, { "Accept-Language": "en-IN,ta;q=0.5" });
    expect(english.html).toMatch(/<html lang="en"/);
    expect(english.response.headers.get("Content-Language")).toBe("en");
  });
});

describe("every search message in Hindi", () => {
  const cases: Array<[string, MessageKey, number]> = [
    ["/?type=metrocard&number=", "finder.emptyMetroCard", 400],
    ["/?type=tagbacktoken&number=", "finder.emptyToken", 400],
    ["/?type=metrocard&number=1234567", "finder.shortMetroCard", 400],
    ["/?type=tagbacktoken&number=12345678901", "finder.shortToken", 400],
    ["/?t=", "finder.missing", 400],
    ["/about?type=metrocard&number=12345678901234567", "finder.badMetroCard", 400],
    ["/findowner?owner=1234567890123", "finder.badToken", 400],
    ["/findowner?type=passport&number=12345678", "finder.invalidType", 400],
  ];
  for (const [url, key, status] of cases) {
    test(`${url} → ${key}`, async () => {
      const { response, html } = await get(url, { "Accept-Language": HINDI });
      expect(response.status).toBe(status);
      expect(html).toContain(hi(key).title);
      expect(html).toContain(hi(key).description!);
      expect(html).not.toContain(en(key).description!);
    });
  }
});

describe("the language switch (a plain form, no JavaScript)", () => {
  async function choose(lang: string, redirectTo: string) {
    return fetch(`${server.url}/language`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": nextIp() },
      body: new URLSearchParams({ lang, returnTo: redirectTo }),
      redirect: "manual",
    });
  }
  const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

  test("English over a Hindi browser, and Hindi over an English one, back on the same page", async () => {
    const { aarav } = DEMO_IDENTIFIERS;
    const toEnglish = await choose("en", `/findowner?t=${aarav.token}`);
    expect(toEnglish.status).toBe(303);
    expect(toEnglish.headers.get("Location")).toBe(`/findowner?t=${aarav.token}`);
    const english = await get(`/findowner?t=${aarav.token}`, { "Accept-Language": HINDI, Cookie: cookieOf(toEnglish) });
    expect(english.html).toMatch(/<html lang="en"/);
    expect(english.html).toContain(en("scan.dialogTitle").title);

    const toHindi = await choose("hi", "/findowner");
    const hindi = await get("/findowner", { "Accept-Language": "en-GB", Cookie: cookieOf(toHindi) });
    expect(hindi.html).toMatch(/<html lang="hi"/);
    expect(hindi.html).toContain(hi("search.pageTitle").title);
  });

  test("the page shows the switch as a form that posts the page it is on", async () => {
    const { html } = await get("/findowner?type=metrocard&number=12", { "Accept-Language": HINDI });
    expect(html).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/language")/);
    expect(html).toContain('name="returnTo" value="/findowner?type=metrocard&amp;number=12"');
    expect(html).toMatch(/<button(?=[^>]*name="lang")(?=[^>]*value="en")(?=[^>]*type="submit")[^>]*>English</);
    // Every language, by its own name in its own script, marked with its language.
    for (const locale of LOCALES) {
      expect(html).toMatch(new RegExp(`<button(?=[^>]*value="${locale}")(?=[^>]*lang="${locale}")[^>]*>${LOCALE_NAMES[locale]}<`));
    }
  });

  test.each(LOCALES.filter((locale) => locale !== "en" && locale !== "hi"))("the switch's %s lasts across pages over an English phone", async (locale) => {
    const chosen = await choose(locale, "/findowner");
    expect(chosen.status).toBe(303);
    for (const url of ["/findowner", `/?t=${DEMO_IDENTIFIERS.aarav.token}`, "/no-such-page"]) {
      const { html, response } = await get(url, { "Accept-Language": "en-IN,en;q=0.9", Cookie: cookieOf(chosen) });
      expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
      expect(response.headers.get("Content-Language")).toBe(locale);
      expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
      expect(response.headers.get("Vary")).toMatch(/Cookie/);
    }
  });

  test("only a local path is a way back; an unknown language is a 400", async () => {
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const response = await choose("hi", target);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect((await choose("fr", "/")).status).toBe(400);
    expect((await choose("ta-IN", "/")).status).toBe(400);
    expect((await choose("", "/")).status).toBe(400);
  });
});

describe("no owner", () => {
  const normalise = (body: string, number: string) =>
    body
      .replaceAll(number, "NUMBER")
      .replaceAll(number.replace(/(\d{4})(?=\d)/g, "$1-"), "NUMBER")
      .replace(/nonce="[^"]+"/g, 'nonce=""');

  test("a minted sticker nobody has claimed says it is not activated and how to activate it", async () => {
    const token = DEMO_IDENTIFIERS.unclaimedTokens[1];
    const english = await get(`/?t=${token}`);
    expect(english.response.status).toBe(200);
    expect(english.html).toContain(en("scan.notActivatedTitle").title);
    expect(english.html).toContain(en("scan.yoursSteps").title);
    expect(english.html).toContain('href="/auth?redirectTo=%2Ftoken"');
    expect(english.html).not.toContain(en("scan.dialogTitle").title);
    const hindi = await get(`/?t=${token}`, { "Accept-Language": HINDI });
    expect(hindi.html).toContain(hi("scan.notActivatedTitle").title);
    expect(hindi.html).toContain(hi("scan.yoursSteps").title);
  });

  test("an unknown and an unverified token get the identical placeholder, which says no owner was found", async () => {
    const numbers = ["987654321098", DEMO_IDENTIFIERS.unverifiedToken];
    const pages = await Promise.all(numbers.map(async (n) => normalise((await get(`/?t=${n}`, { "Accept-Language": HINDI })).html, n)));
    expect(pages[1]).toBe(pages[0]);
    expect(pages[0]).toContain(hi("scan.missTitle").title);
    expect(pages[0]).toContain(hi("scan.missToken", { number: "NUMBER" }).title);
    expect(pages[0]).toContain(hi("scan.metroCounter").title);
    expect(pages[0]).not.toContain(hi("scan.dialogTitle").title);
    expect(pages[0]).not.toContain(hi("scan.notActivatedTitle").title);
    // No avatar suggesting a person.
    expect(pages[0]).not.toMatch(/<img[^>]*data:image\/svg/);
  });

  test("an unknown metro card: no owner for that number, and the metro's lost-and-found counter", async () => {
    const { html } = await get("/findowner?type=metrocard&number=11223344556677");
    expect(html).toContain(en("scan.missTitle").title);
    expect(html).toContain(en("scan.missMetroCard", { number: "11223344556677" }).title);
    expect(html).toContain(en("scan.metroCounter").title);
  });
});

describe("unlocking in Hindi", () => {
  const { priya } = DEMO_IDENTIFIERS;
  const wrong = [...priya.unlockDigits].reverse().join(""); // not a palindrome: always wrong
  const unlock = (ip: string, digits: string) =>
    fetch(`${server.url}/findowner?t=${priya.token}`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": ip, "Accept-Language": HINDI },
      body: new URLSearchParams({ intent: "unlock", type: "tagbacktoken", number: priya.token, digits }),
    });

  test("wrong digits say so in Hindi; once locked, the page says so before the finder types", async () => {
    const ip = nextIp();
    const first = await unlock(ip, wrong);
    expect(first.status).toBe(400);
    expect(await first.text()).toContain(hi("unlock.wrong").title);
    for (let i = 1; i < UNLOCK_WRONG_PER_CLIENT; i++) await unlock(ip, wrong);
    const before = await get(`/findowner?t=${priya.token}`, { "Accept-Language": HINDI, "Fly-Client-IP": ip });
    expect(before.html).toContain(hi("unlock.locked").title);
    expect(before.html).toContain(hi("unlock.tokenStillWorks").title);
    // The form asks for the full token, which still unlocks; the digits field is gone.
    expect(before.html).toContain('name="stickerToken"');
    expect(before.html).not.toContain('name="digits"');
    // Another client sees the ordinary form.
    const other = await get(`/findowner?t=${priya.token}`, { "Accept-Language": HINDI });
    expect(other.html).not.toContain(hi("unlock.locked").title);
    expect(other.html).toContain('name="digits"');
  });
});

describe("closed menus (<details>) in Hindi", () => {
  // A run of three or more English words, as tests/e2e/hindi.spec.ts looks for.
  const ENGLISH_RUN = /[A-Za-z][A-Za-z']+(?:[\s,.?!:—-]+[A-Za-z][A-Za-z']+){2,}/g;
  /** The words inside every <details> of a page (the header's menu, Contact us), icons left out. */
  const menuText = (html: string) =>
    [...html.matchAll(/<details[\s\S]*?<\/details>/g)].map(([block]) => block.replace(/<svg[\s\S]*?<\/svg>/g, " ").replace(/<[^>]+>/g, " ")).join(" ");
  const contactItems = (translate: typeof hi) => [
    translate("search.chatOnWhatsApp").title,
    ...["Instagram", "X"].map((network) => translate("search.messageUsOn", { network }).title),
  ];

  for (const url of ["/findowner", `/findowner?t=${DEMO_IDENTIFIERS.aarav.token}`]) {
    test(`${url}: no English in its menus but the networks' names`, async () => {
      const { html } = await get(url, { "Accept-Language": HINDI });
      const text = menuText(html).replace(new RegExp(`\\b(?:${socialLinks("").map((link) => link.label).join("|")})\\b`, "g"), " ");
      expect(text.match(ENGLISH_RUN) ?? []).toEqual([]);
      for (const item of contactItems(hi)) expect(html).toContain(item);
    });
  }

  test("the landing page's Contact us menu is in the visitor's language", async () => {
    const hindi = await get("/", { "Accept-Language": HINDI });
    for (const item of contactItems(hi)) expect(hindi.html).toContain(item);
    for (const item of contactItems(en)) expect(hindi.html).not.toContain(item);
    const english = await get("/", { "Accept-Language": "en-IN" });
    for (const item of contactItems(en)) expect(english.html).toContain(item);
  });
});

test("the not-found page in Hindi", async () => {
  const { response, html } = await get("/no-such-page", { "Accept-Language": HINDI });
  expect(response.status).toBe(404);
  expect(html).toMatch(/<html lang="hi"/);
  expect(html).toContain(hi("site.notFoundTitle").title);
  expect(html).toContain(`<title>${hi("site.notFoundMetaTitle").title}</title>`);
  expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
});

test("the refused search (the search limit, answered before the router) is in Hindi too", async () => {
  const ip = nextIp();
  const { aarav } = DEMO_IDENTIFIERS;
  for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
    expect((await get(`/?t=${aarav.token}`, { "Fly-Client-IP": ip })).response.status).toBe(200);
  }
  const { response, html } = await get(`/findowner?t=${aarav.token}`, { "Fly-Client-IP": ip, "Accept-Language": HINDI });
  expect(response.status).toBe(429);
  expect(html).toMatch(/<html lang="hi"/);
  expect(html).toContain(hi("finder.tooManySearches").title);
  expect(html).toContain(hi("finder.tooManySearches").description!);
  expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
});

// ---------------------------------------------------------------------------------------------
// Every finder page in each translated language: nothing in English is left but what the owner
// (or the finder) wrote, the networks' names and the data credit. Read from the HTML, so closed
// menus (<details>), screen-reader text, labels and placeholders count as much as what shows.

const TRANSLATED = LOCALES.filter((locale): locale is TranslatedLocale => locale !== "en");
/** What a phone set to that language sends. */
const phoneIn = (locale: TranslatedLocale) => `${locale}-IN,${locale};q=0.9,en;q=0.8`;

const LOST = { message: "Please call me, it has my office notes", reward: "Coffee and many thanks" };
const FINDER_WROTE = "Found it near the ticket gate";

/** The people's own words on these pages, kept as written: names, bios, products, handles, lost notes. */
let peoplesWords: string[] = [];
/** The server's database, beside it (WAL mode): what a test needs that no page makes. */
let serverDb: ReturnType<typeof drizzle<typeof schema>>;
let sqlite: Database.Database;

beforeAll(() => {
  sqlite = new Database(path.join(dir, "language.db"));
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  serverDb = drizzle({ client: sqlite, schema });
  const rohan = serverDb.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, DEMO_IDENTIFIERS.rohan.email)).get()!;
  serverDb
    .insert(schema.lostItems)
    .values({ userId: rohan.id, type: "product", name: "Helmet", identifier: DEMO_IDENTIFIERS.rohan.token, dateLost: "2026-11-20", ...LOST })
    .run();
  const profiles = serverDb.select().from(schema.profiles).all();
  const products = serverDb.select({ name: schema.products.name }).from(schema.products).all();
  peoplesWords = [
    ...profiles.flatMap((p) => [`${p.firstName ?? ""} ${p.lastName ?? ""}`.trim(), p.bio, p.xUsername, p.socialTelegram]),
    ...products.map((p) => p.name),
    LOST.message,
    LOST.reward,
    FINDER_WROTE,
  ].filter((words): words is string => Boolean(words));
});

afterAll(() => sqlite.close());

let maskedCount = 0;
/** An owner whose bio is masked, for one language's unlock (each try counts against the profile). */
function maskedOwner(): { token: string; unlockDigits: string } {
  const token = `7${String(Date.now() % 1e6).padStart(6, "0")}${String(++maskedCount).padStart(5, "0")}`;
  serverDb.transaction((tx) => {
    const [user] = tx.insert(schema.users).values({ email: `masked-${token}@example.test` }).returning({ id: schema.users.id }).all();
    tx.insert(schema.profiles).values({ id: user!.id, firstName: "Aarav", lastName: "Sharma", bio: "Software engineer in Gurugram", maskBio: true }).run();
    tx.insert(schema.tagbackTokens).values({ token, passwordHash: "x", userId: user!.id, isClaimed: true, isVerified: true }).run();
  });
  return { token, unlockDigits: token.slice(4, 8) };
}



function englishLeftIn(html: string): string[] {
  let words = wordsOf(html);
  for (const own of [...peoplesWords].sort((a, b) => b.length - a.length)) words = words.split(own).join(" ");
  // The licence credit of the IP-location data is kept in the words its licence asks for.
  words = words.split("IP Geolocation by DB-IP").join(" ");
  words = words.replace(new RegExp(`\\b(?:${socialLinks("").map((link) => link.label).join("|")})\\b`, "g"), " ");
  return words.match(ENGLISH_RUN) ?? [];
}

/** Sends "I found this" to Aarav as a finder would (a form shown long enough ago), in `locale`. */
async function privatePageOf(locale: TranslatedLocale): Promise<string> {
  const aarav = serverDb.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, DEMO_IDENTIFIERS.aarav.email)).get()!;
  const ticket = formTicket({ ownerId: aarav.id, type: "tagbacktoken", number: DEMO_IDENTIFIERS.aarav.token, visitId: null }, Date.now() - 60_000);
  const sent = await fetch(`${server.url}/contact-owner?type=tagbacktoken&number=${DEMO_IDENTIFIERS.aarav.token}`, {
    method: "POST",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "Fly-Client-IP": nextIp(),
      "Accept-Language": phoneIn(locale),
      "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    },
    body: new URLSearchParams({ ticket, message: FINDER_WROTE, handover: "police", place: "", foundWhere: "", contact: "", website: "" }),
    redirect: "manual",
  });
  expect(sent.status, await sent.clone().text()).toBe(303);
  const location = sent.headers.get("Location")!;
  expect(location).toMatch(/^\/f\/[A-Za-z0-9_-]+\?sent=1$/);
  return location;
}

test("the check finds English where there is English", async () => {
  const { html } = await get(`/contact-owner?type=tagbacktoken&number=${DEMO_IDENTIFIERS.aarav.token}`, { "Accept-Language": "en-IN" });
  expect(englishLeftIn(html).join(" ")).toContain("Only the owner sees it");
});

describe.each(TRANSLATED)("every finder page in %s", (locale) => {
  const { aarav, rohan, unclaimedTokens, unverifiedToken } = DEMO_IDENTIFIERS;
  const inLocale = (key: MessageKey, values?: Record<string, string | number>) => messageIn(locale, key, values);

  test(`no run of English words, and the page's own words in ${LANGUAGE[locale]}`, async () => {
    const pages: Array<[string, MessageKey]> = [
      [`/?t=${aarav.token}`, "scan.dialogTitle"],
      [`/?t=${rohan.token}`, "lostMode.title"],
      [`/findowner?t=${maskedOwner().token}`, "scan.unlockButton"],
      [`/findowner?t=${unverifiedToken}`, "scan.missTitle"],
      [`/?t=${unclaimedTokens[0]}`, "scan.notActivatedTitle"],
      ["/findowner?type=metrocard&number=1234567", "finder.shortMetroCard"],
      [`/contact-owner?type=tagbacktoken&number=${aarav.token}`, "contact.pageTitle"],
      [await privatePageOf(locale), "contact.threadTitle"],
      ["/no-such-page", "site.notFoundTitle"],
    ];
    const leftOver: Record<string, string[]> = {};
    for (const [url, key] of pages) {
      const { response, html } = await get(url, { "Accept-Language": phoneIn(locale) });
      expect(html, url).toMatch(new RegExp(`<html lang="${locale}"`));
      expect(response.headers.get("Content-Language"), url).toBe(locale);
      expect(html.includes(inLocale(key, { name: "Aarav Sharma" }).title.replace(/&/g, "&amp;")), `${url} says ${key}`).toBe(true);
      // The owner's own words are there, as written.
      if (url.includes(rohan.token)) {
        expect(html).toContain(LOST.message);
        expect(html).toContain(LOST.reward);
      }
      if (url.startsWith("/f/")) expect(html).toContain(FINDER_WROTE);
      const left = englishLeftIn(html);
      if (left.length) leftOver[url] = left;
      expect(SCRIPT[locale].test(wordsOf(html)), url).toBe(true);
    }
    expect(leftOver).toEqual({});
  });

  test("the unlock's answer is in the language too", async () => {
    const owner = maskedOwner();
    const wrong = owner.unlockDigits === "0000" ? "1111" : "0000";
    const response = await fetch(`${server.url}/findowner?t=${owner.token}`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": nextIp(), "Accept-Language": phoneIn(locale) },
      body: new URLSearchParams({ intent: "unlock", type: "tagbacktoken", number: owner.token, digits: wrong }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html.includes(inLocale("unlock.wrong").title), "unlock.wrong").toBe(true);
    expect(englishLeftIn(html)).toEqual([]);
  });
});

describe("one page, one language (issue 34)", () => {
  test("/ in Tamil: the hero's actions read as the same actions elsewhere on the page, the English copy says it is English", async () => {
    const { html } = await get("/", { "Accept-Language": "ta" });
    const ta = (key: MessageKey) => messageIn("ta", key).title;
    const hero = html.slice(html.indexOf('id="hero"'), html.indexOf("</section>", html.indexOf('id="hero"')));
    expect(hero).toContain(ta("search.findOwner"));
    expect(hero).toContain(ta("search.buyStickers"));
    expect(hero).not.toContain(">Find Owner<");
    expect(hero).not.toContain("Buy Stickers");
    // The hero's English copy, and every marketing section, is marked lang="en".
    expect(hero).toMatch(/<h1 lang="en"/);
    for (const id of ["problem", "features", "faq", "get-started"]) expect(html, id).toMatch(new RegExp(`<section lang="en" id="${id}"`));
    // The search stays in the page's language: its section is not marked.
    expect(html).toMatch(/<section id="find-owner"/);
  });

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
  /** The page with every element marked with a language other than the page's own cut out. */
  function withoutMarked(html: string, keep: (lang: string) => boolean): string {
    let rest = html;
    for (;;) {
      const marked = [...rest.matchAll(/<\w+\b[^>]*\slang="([^"]+)"[^>]*>/g)].find((m) => !m[0].startsWith("<html") && !keep(m[1]!));
      if (!marked) return rest;
      rest = rest.slice(0, marked.index) + " " + rest.slice(marked.index! + elementAt(rest, marked.index!).length);
    }
  }

  test.each(TRANSLATED)("/ , /about and /findowner in %s: no English but what is marked lang=\"en\", and nothing of the page's language inside it unmarked", async (locale) => {
    for (const url of ["/", "/about", "/findowner"]) {
      const { html } = await get(url, { "Accept-Language": phoneIn(locale) });
      expect(html, url).toMatch(new RegExp(`<html lang="${locale}"`));
      const body = html.slice(html.indexOf("<body"));
      expect(englishLeftIn(withoutMarked(body, (lang) => lang !== "en")), url).toEqual([]);
      // Inside the English sections, anything in the page's script carries its own lang.
      const english = [...body.matchAll(/<\w+\b[^>]*\slang="en"[^>]*>/g)].map((m) => elementAt(body, m.index!));
      for (const section of english) expect(SCRIPT[locale].test(wordsOf(withoutMarked(section, (lang) => lang === "en"))), `${url}: ${section.slice(0, 80)}`).toBe(false);
    }
  });

  test("/ and /about in Tamil: each action reads as the same action elsewhere on the page", async () => {
    const ta = (key: MessageKey) => messageIn("ta", key).title;
    for (const url of ["/", "/about"]) {
      const { html } = await get(url, { "Accept-Language": "ta" });
      const cta = elementAt(html, html.indexOf('<section lang="en" id="get-started"'));
      // Start (the header's) and How it works (the header's section menu), not "Get started" / "See how it works".
      expect(cta, url).toMatch(new RegExp(`<a[^>]*href="/auth"[^>]*lang="ta"[^>]*>${ta("site.start")}</a>|<a[^>]*lang="ta"[^>]*href="/auth"[^>]*>${ta("site.start")}</a>`));
      expect(cta, url).toContain(`>${ta("site.secHowItWorks")}</a>`);
      expect(cta, url).not.toContain("Get started");
      expect(html, url).not.toContain(">Buy Stickers<");
      expect(html, url).not.toContain("All posts");
    }
    const { html } = await get("/", { "Accept-Language": "ta" });
    // The sticker promo's Buy Stickers is the hero's and the floating button's.
    const promo = elementAt(html, html.search(/<section lang="en" id="[^"]*" data-promo=""/));
    expect(promo).toContain(ta("search.buyStickers"));
    // /about's own English copy (what Tagback is, the find-owner section's text, the demo) is marked.
    const about = (await get("/about", { "Accept-Language": "ta" })).html;
    expect(about).toMatch(/<section lang="en" aria-labelledby="about-title"/);
    expect(about).toMatch(/<h2 id="find-owner-title" lang="en"/);
    expect(about).toMatch(/<section lang="en" id="demo"/);
    // The English page keeps the copy's own words.
    const english = (await get("/about", { "Accept-Language": "en" })).html;
    expect(english).toContain(">Get started</a>");
    expect(english).toContain(">See how it works</a>");
  });

  test("a mistyped sticker link (/?t=12) is the finder's small page in their language with the error, not the landing page", async () => {
    const { response, html } = await get("/?t=12", { "Accept-Language": "ta" });
    expect(response.status).toBe(400);
    expect(html).toContain('lang="ta"');
    expect(html).toContain(messageIn("ta", "search.pageTitle").title);
    expect(html).not.toContain('id="hero"');
    expect(html).not.toContain('id="faq"');
  });
});

// ---------------------------------------------------------------------------------------------
// The public pages' titles, descriptions and the share image's alt text, in each language (issue
// 48): what a search result or a shared link shows before anyone opens the page. The bodies of
// the legal pages and the blog's posts stay as written (English).

/** An attribute's or a title's text as React writes it into HTML. */
const unescaped = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const titleOf = (html: string) => unescaped(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const metaOf = (html: string, attribute: "name" | "property", name: string) =>
  unescaped(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? "");

describe.each(TRANSLATED)("the public pages' titles in %s", (locale) => {
  const m = (key: MessageKey, values?: Record<string, string | number>) => messageIn(locale, key, values).title;
  test("title, description and the share image's alt text of each public page", async () => {
    const pages: Array<[string, string, string]> = [
      ["/", m("meta.homeTitle"), m("meta.homeDescription", { price: STICKER_PRICE_INR })],
      ["/about", m("meta.aboutTitle"), m("meta.aboutDescription")],
      ["/findowner", m("search.metaTitle"), m("search.metaDescription")],
      ["/blog", m("meta.blogTitle"), m("meta.blogDescription")],
      ["/puzzle", m("meta.puzzleTitle"), m("meta.puzzleDescription")],
      ["/privacy-policy", m("meta.privacyTitle"), m("meta.privacyDescription")],
      ["/terms-and-conditions", m("meta.termsTitle"), m("meta.termsDescription")],
      ["/refund-policy", m("meta.refundTitle"), m("meta.refundDescription")],
    ];
    for (const [path, title, description] of pages) {
      const { html } = await get(path, { "Accept-Language": phoneIn(locale) });
      expect(titleOf(html), path).toBe(title);
      expect(metaOf(html, "name", "description"), path).toBe(description);
      expect(SCRIPT[locale].test(title), path).toBe(true);
      if (["/", "/about", "/findowner"].includes(path)) expect(metaOf(html, "property", "og:image:alt"), path).toBe(m("site.shareText"));
    }
    // A post: the frame in the language, the post's own title as published.
    const { html: blog } = await get("/blog", { "Accept-Language": phoneIn(locale) });
    const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(blog)![1]!;
    const { html: post } = await get(`/blog/${slug}`, { "Accept-Language": phoneIn(locale) });
    const postTitle = metaOf(post, "property", "og:title");
    expect(titleOf(post)).toBe(m("meta.postTitle", { post: postTitle }));
    expect(titleOf((await get("/blog/no-such-post-at-all", { "Accept-Language": phoneIn(locale) })).html)).toBe(m("meta.postNotFoundTitle"));
  });
});
