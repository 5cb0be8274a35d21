// The finder's public pages at a URL per language (`?hl=`, issue 34 part 5, decision 028's
// amendment), through the real server (production build, demo data, requests "behind Fly" from
// public addresses): the language the URL names wins over the cookie and Accept-Language; each
// page names all seven and x-default with hreflang, and itself as canonical; /findowner has its
// link preview in its language; the sitemap lists every language's URL with its alternates; the
// switch and the search keep the language by URL; and the kept pages never hand one language's
// page to a visitor who asked for another.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { LOCALES, type Locale } from "../../app/core/locale.ts";
import { messageIn } from "../../app/i18n/messages.ts";
import { decoded, how, keptAnswer as keptAnswerOf, rawGet, KEPT } from "../support/raw-get";
import { startServer, stopServer, type ServerProcess } from "./helpers";

const PHONE = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const PAGES = ["/", "/about", "/findowner"] as const;

let server: ServerProcess;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-language-urls-"));
  server = await startServer({ DATABASE_PATH: path.join(dir, "urls.db"), TRUST_PROXY: "fly", SESSION_SECRET: "language-urls-test-secret".padEnd(48, "x") });
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

let ip = 0;
const raw = (pathname: string, headers: Record<string, string> = {}) =>
  rawGet(`${server.url}${pathname}`, { "User-Agent": PHONE, "Fly-Client-IP": `203.0.113.${(++ip % 250) + 1}`, ...headers });
const keptAnswer = (pathname: string, headers: Record<string, string> = {}) => keptAnswerOf(raw, pathname, headers);
const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const linkHref = (html: string, rel: string, hreflang?: string) => {
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!tag.includes(`rel="${rel}"`)) continue;
    if (hreflang !== undefined && !tag.includes(`hrefLang="${hreflang}"`) && !tag.includes(`hreflang="${hreflang}"`)) continue;
    return /href="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&");
  }
  return undefined;
};
const metaContent = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

/** The switch's cookie for `locale`, as the switch sets it. */
async function cookieFor(locale: Locale): Promise<string> {
  const response = await fetch(`${server.url}/language`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": "198.51.100.9" },
    body: new URLSearchParams({ lang: locale, returnTo: "/" }),
    redirect: "manual",
  });
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe("a URL per language", () => {
  test.each(PAGES)("%s: each language's URL is in that language, whatever the browser says, and names all seven, x-default and itself", async (page) => {
    const sep = page.includes("?") ? "&" : "?";
    for (const locale of LOCALES) {
      const url = `${page}${sep}hl=${locale}`;
      const other = locale === "ta" ? "bn" : "ta";
      const response = await raw(url, { "Accept-Language": `${other}-IN,${other};q=0.9` });
      expect(response.status, url).toBe(200);
      const html = decoded(response);
      expect(langOf(html), url).toBe(locale);
      expect(response.headers["content-language"], url).toBe(locale);
      expect(linkHref(html, "canonical"), url).toBe(`${server.url}${url}`);
      for (const named of LOCALES) expect(linkHref(html, "alternate", named), `${url} → ${named}`).toBe(`${server.url}${page}${sep}hl=${named}`);
      expect(linkHref(html, "alternate", "x-default"), url).toBe(`${server.url}${page}`);
    }
    // The URL without `hl` is the x-default: its own canonical, in the browser's language.
    const plain = decoded(await raw(page, { "Accept-Language": "kn" }));
    expect(langOf(plain)).toBe("kn");
    expect(linkHref(plain, "canonical")).toBe(`${server.url}${page}`);
    expect(linkHref(plain, "alternate", "kn")).toBe(`${server.url}${page}?hl=kn`);
  });

  test("the URL's language wins over the switch's cookie too; a language not ours is ignored", async () => {
    const hindiCookie = await cookieFor("hi");
    const named = decoded(await raw("/findowner?hl=te", { Cookie: hindiCookie, "Accept-Language": "ta" }));
    expect(langOf(named)).toBe("te");
    expect(named).toContain(messageIn("te", "search.pageTitle").title);
    // Without `hl`, the cookie decides as before; `hl=xx` is no language, so the same.
    expect(langOf(decoded(await raw("/findowner", { Cookie: hindiCookie, "Accept-Language": "ta" })))).toBe("hi");
    const junk = await raw("/findowner?hl=xx", { Cookie: hindiCookie });
    expect(junk.status).toBe(200);
    expect(langOf(decoded(junk))).toBe("hi");
    expect(linkHref(decoded(junk), "canonical")).toBe(`${server.url}/findowner`);
  });

  test("/findowner's link preview is in its language, with the others as alternates", async () => {
    const html = decoded(await raw("/findowner?hl=ta"));
    expect(metaContent(html, "og:title")).toBe(messageIn("ta", "search.metaTitle").title);
    expect(metaContent(html, "og:description")).toBe(messageIn("ta", "search.metaDescription").title);
    expect(metaContent(html, "og:url")).toBe(`${server.url}/findowner?hl=ta`);
    expect(metaContent(html, "og:locale")).toBe("ta_IN");
    expect(metaContent(html, "og:image")).toBe(`${server.url}/images/share.jpg`);
    const alternates = [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]*)"/g)].map((m) => m[1]);
    expect(alternates.sort()).toEqual(["bn_IN", "en_IN", "hi_IN", "kn_IN", "mr_IN", "te_IN"]);
    expect(html).toContain(`<title>${messageIn("ta", "search.metaTitle").title}</title>`);
  });

  test("a search result is not a language page: noindex, no hreflang, still in the URL's language", async () => {
    const { aarav } = DEMO_IDENTIFIERS;
    const html = decoded(await raw(`/findowner?type=metrocard&number=${aarav.metroCard}&hl=mr`, { "Accept-Language": "en" }));
    expect(langOf(html)).toBe("mr");
    expect(html).toContain(aarav.name);
    expect(html).toContain('name="robots" content="noindex"');
    expect(linkHref(html, "alternate", "mr")).toBeUndefined();
    // Closing the result goes back to the page in the same language.
    expect(html).toContain('href="/findowner?hl=mr"');
  });

  test("a sticker's URL stays /?t=TOKEN, in the browser's language", async () => {
    const { aarav } = DEMO_IDENTIFIERS;
    const html = decoded(await raw(`/?t=${aarav.token}`, { "Accept-Language": "bn-IN" }));
    expect(langOf(html)).toBe("bn");
    expect(html).toContain(aarav.name);
  });
});

describe("the page keeps the language its URL names", () => {
  test("the search form sends it, and the links to the other language pages carry it", async () => {
    const html = decoded(await raw("/about?hl=kn", { "Accept-Language": "en" }));
    const form = /<form[^>]*id="owner-search"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toContain('<input type="hidden" name="hl" value="kn"/>');
    expect(html).toContain('href="/?hl=kn"');
    expect(html).toContain('href="/about?hl=kn"');
    expect(html).toContain('href="/?hl=kn#faq"');
    // Pages without a URL per language are linked as they are.
    expect(html).toContain('href="/privacy-policy"');
    // Without `hl`, no link of the page names a language (only the hreflang alternates do).
    expect(decoded(await raw("/about", { "Accept-Language": "kn" }))).not.toMatch(/<a\b[^>]*href="[^"]*hl=/);
  });

  test("the switch on such a page comes back with the chosen language named", async () => {
    const response = await fetch(`${server.url}/language`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": "198.51.100.10" },
      body: new URLSearchParams({ lang: "bn", returnTo: "/findowner?hl=ta#find-owner" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/findowner?hl=bn#find-owner");
    // A page without `hl` comes back as it was (the cookie chooses there).
    const plain = await fetch(`${server.url}/language`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": "198.51.100.11" },
      body: new URLSearchParams({ lang: "bn", returnTo: "/findowner" }),
      redirect: "manual",
    });
    expect(plain.headers.get("Location")).toBe("/findowner");
  });
});

describe("kept pages never mix languages", () => {
  test("each language's page is kept on its own, and a visitor gets the one they asked for", async () => {
    // Seed the kept pages in several languages at once: by URL, by browser and by cookie.
    const tamilByUrl = await keptAnswer("/findowner?hl=ta", { "Accept-Language": "bn" });
    const bengaliByBrowser = await keptAnswer("/findowner", { "Accept-Language": "bn" });
    const tamilByBrowser = await keptAnswer("/findowner", { "Accept-Language": "ta" });
    const marathiCookie = await cookieFor("mr");
    const marathiByCookie = await keptAnswer("/findowner", { Cookie: marathiCookie, "Accept-Language": "ta" });
    expect(langOf(decoded(tamilByUrl))).toBe("ta");
    expect(langOf(decoded(bengaliByBrowser))).toBe("bn");
    expect(langOf(decoded(tamilByBrowser))).toBe("ta");
    expect(langOf(decoded(marathiByCookie))).toBe("mr");
    // The Tamil page at the Tamil URL is its own page: canonical and all.
    expect(linkHref(decoded(tamilByUrl), "canonical")).toBe(`${server.url}/findowner?hl=ta`);
    expect(linkHref(decoded(tamilByBrowser), "canonical")).toBe(`${server.url}/findowner`);

    // Now ask in every combination: each answer (kept or not) is in the language asked for.
    const asks: Array<[string, Record<string, string>, Locale]> = [
      ["/findowner?hl=ta", { "Accept-Language": "bn" }, "ta"],
      ["/findowner?hl=ta", { Cookie: marathiCookie }, "ta"],
      ["/findowner?hl=ta&utm_source=x", { "Accept-Language": "hi" }, "ta"],
      ["/findowner?hl=bn", { "Accept-Language": "ta" }, "bn"],
      ["/findowner?hl=en", { Cookie: marathiCookie, "Accept-Language": "ta" }, "en"],
      ["/findowner", { "Accept-Language": "bn" }, "bn"],
      ["/findowner", { "Accept-Language": "ta" }, "ta"],
      ["/findowner", { Cookie: marathiCookie, "Accept-Language": "ta" }, "mr"],
      ["/findowner", {}, "en"],
      ["/findowner?hl=xx", { "Accept-Language": "ta" }, "ta"],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [url, headers, locale] of asks) {
        const response = await raw(url, { "Accept-Encoding": "br", ...headers });
        const html = decoded(response);
        expect(langOf(html), `${url} ${JSON.stringify(headers)}`).toBe(locale);
        expect(response.headers["content-language"], url).toBe(locale);
        expect(html, url).toContain(messageIn(locale, "search.pageTitle").title);
      }
    }
    // The pages seeded above are answered from the kept pages, not rendered again.
    expect(how(await raw("/findowner?hl=ta&utm_source=y", { "Accept-Language": "bn" }))).toBe(KEPT);
    expect(how(await raw("/findowner", { "Accept-Language": "ta" }))).toBe(KEPT);
  });

  test("the landing page and /about, seeded in two languages by URL, are two pages", async () => {
    for (const page of ["/", "/about"]) {
      const tamil = decoded(await keptAnswer(`${page}?hl=ta`));
      const english = decoded(await keptAnswer(`${page}?hl=en`, { "Accept-Language": "ta" }));
      expect(langOf(tamil), page).toBe("ta");
      expect(langOf(english), page).toBe("en");
      expect(langOf(decoded(await raw(`${page}?hl=ta`, { "Accept-Language": "en" }))), page).toBe("ta");
      expect(langOf(decoded(await raw(`${page}?hl=en`, { "Accept-Language": "ta" }))), page).toBe("en");
      expect(langOf(decoded(await raw(page, { "Accept-Language": "te" }))), page).toBe("te");
    }
  });
});

test("the sitemap lists each language page at every language's URL, each naming all the others", async () => {
  const response = await fetch(`${server.url}/sitemap.xml`);
  expect(response.headers.get("Content-Type")).toContain("application/xml");
  const xml = await response.text();
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
  for (const page of PAGES) {
    const urls = [`${server.url}${page}`, ...LOCALES.map((locale) => `${server.url}${page}?hl=${locale}`)];
    for (const url of urls) {
      const entry = entries.find((text) => text.includes(`<loc>${url}</loc>`));
      expect(entry, url).toBeDefined();
      for (const locale of LOCALES) expect(entry, `${url} → ${locale}`).toContain(`<xhtml:link rel="alternate" hreflang="${locale}" href="${server.url}${page}?hl=${locale}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${server.url}${page}"/>`);
    }
  }
  // Pages with one URL are listed once, without alternates.
  const blog = entries.filter((text) => text.includes(`<loc>${server.url}/blog</loc>`));
  expect(blog).toHaveLength(1);
  expect(blog[0]).not.toContain("xhtml:link");
});
