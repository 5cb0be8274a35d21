// The finder's pages in Hindi and English, through the real server (production build, demo data):
// the language from Accept-Language or the switch's cookie, `<html lang>`, `Vary`, every search
// message in Hindi, the unlock's answers, the honest miss and the unactivated sticker.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopServer, type ServerProcess } from "./helpers";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { messageIn, type MessageKey } from "../../app/i18n/messages.ts";
import { SEARCHES_PER_MINUTE, UNLOCK_WRONG_PER_CLIENT } from "../../app/features/finder/rules.ts";
import { SOCIAL_LINKS } from "../../app/core/site.ts";

let server: ServerProcess;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-language-"));
  // Fly's client-IP header, so each request can be its own client (the search limit is per client).
  server = await startServer({ DATABASE_PATH: path.join(dir, "language.db"), TRUST_PROXY: "fly" });
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
    for (const header of ["en-IN,en;q=0.9", "ta-IN,ta;q=0.9", "fr, hi;q=0"]) {
      const { html, response } = await get(`/?t=${aarav.token}`, { "Accept-Language": header });
      expect(html).toMatch(/<html lang="en"/);
      expect(html).toContain(en("scan.dialogTitle").title);
      expect(response.headers.get("Content-Language")).toBe("en");
    }
    const { html, response } = await get(`/findowner`);
    expect(html).toMatch(/<html lang="en"/);
    expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
  });

  test("Hindi ranked below English stays English; Hindi first among our two languages is Hindi", async () => {
    expect((await get("/findowner", { "Accept-Language": "en;q=0.9, hi;q=0.5" })).html).toMatch(/<html lang="en"/);
    expect((await get("/findowner", { "Accept-Language": "mr-IN, hi;q=0.8, en;q=0.5" })).html).toMatch(/<html lang="hi"/);
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
  });

  test("only a local path is a way back; an unknown language is a 400", async () => {
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const response = await choose("hi", target);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect((await choose("fr", "/")).status).toBe(400);
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
      const text = menuText(html).replace(new RegExp(`\\b(?:${SOCIAL_LINKS.map((link) => link.label).join("|")})\\b`, "g"), " ");
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
