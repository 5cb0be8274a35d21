// Pages kept rendered and precompressed (app/core/kept-pages.server.ts, decision 029), through the
// real server (production build, demo data, requests "behind Fly" from public addresses): a sticker
// scan answered like a static file, the landing page rendered once, and what must never be kept or
// mixed up — an owner's edit, another owner, a signed-in visitor, a per-request value.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { profiles, searchHistory } from "../../db/schema";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { visitsOf } from "~/features/finder/location-ticket.server";
import { signIn } from "../support/live-server";
import { decoded, how, keptAnswer as keptAnswerOf, rawGet, type Raw } from "../support/raw-get";
import { startServer, stopServer, type ServerProcess } from "./helpers";

const PHONE = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const { aarav, priya, rohan } = DEMO_IDENTIFIERS;
const SECRET = "kept-pages-test-secret";

let server: ServerProcess;
let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-kept-pages-"));
  const file = path.join(dir, "kept.db");
  server = await startServer({ DATABASE_PATH: file, TRUST_PROXY: "fly", SESSION_SECRET: SECRET });
  // This process reads the tickets and signs sessions with the server's secret.
  process.env.SESSION_SECRET = SECRET;
  process.env.APP_URL = server.url;
  db = openDatabase(file).db;
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let ip = 0;
/** A GET as a new public client would send it; the body as sent (still compressed). */
const raw = (pathname: string, headers: Record<string, string> = {}) =>
  rawGet(`${server.url}${pathname}`, { "User-Agent": PHONE, "Fly-Client-IP": `203.0.113.${(++ip % 250) + 1}`, ...headers });
const keptAnswer = (pathname: string, headers: Record<string, string> = {}) => keptAnswerOf(raw, pathname, headers);
const visitsCookie = (response: Raw) => (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("tb_visits="))?.split(";")[0];

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** Every inline script and stylesheet of a page is allowed by the page's own policy: by its hash or its nonce. */
function expectPolicyAllowsOnlyItsOwn(response: Raw, html: string) {
  const policy = String(response.headers["content-security-policy"]);
  const directive = (name: string) => policy.split(";").map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? "";
  const scriptSrc = directive("script-src");
  const styleSrc = directive("style-src");
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(styleSrc).not.toContain("unsafe-inline");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes!) || !text) continue;
    const nonced = nonce !== undefined && attributes!.includes(`nonce="${nonce}"`);
    expect(nonced || scriptSrc.includes(hash(text)), `inline script ${text.slice(0, 60)}`).toBe(true);
  }
  for (const [, text] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) expect(styleSrc).toContain(hash(text!));
}

describe("a sticker scan answered like a static file", () => {
  test("two finders of the same owner get byte-identical bodies, each with their own visit in a cookie", async () => {
    const first = await raw(`/?t=${aarav.token}`, { "Accept-Encoding": "br" });
    expect(first.status).toBe(200);
    const second = await keptAnswer(`/?t=${aarav.token}`, { "Accept-Encoding": "br" });
    const third = await raw(`/?t=${aarav.token}`, { "Accept-Encoding": "br" });
    expect(how(third)).toBe('render;desc="kept"');
    expect(third.headers["content-encoding"]).toBe("br");
    expect(third.body.equals(second.body)).toBe(true);
    expect(decoded(second)).toBe(decoded(first));
    expect(decoded(second)).toContain(aarav.name);

    // Each finder's visit is logged and named by their own cookie, never by the page.
    const cookies = [first, second, third].map(visitsCookie);
    const visits = await Promise.all(cookies.map(async (cookie) => (await visitsOf(cookie!))[0]));
    expect(new Set(visits).size).toBe(3);
    const aaravId = (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.metroCardNumber, aarav.metroCard)).get())!.id;
    for (const visit of visits) {
      const row = await db.select().from(searchHistory).where(and(eq(searchHistory.id, visit!), eq(searchHistory.userId, aaravId))).get();
      expect(row).toMatchObject({ searchValue: aarav.token, kind: "viewed" });
      expect(decoded(third)).not.toContain(visit!);
    }
    expect(third.headers["set-cookie"]![0]).toMatch(/; HttpOnly; SameSite=Lax/i);
  });

  test("the precompressed bodies decompress to the page a fresh render gives, whatever the client accepts", async () => {
    const fresh = await raw(`/?t=${rohan.token}`, { "Accept-Encoding": "identity" });
    expect(how(fresh)).toBe('render;desc="react"');
    for (const encoding of ["br", "gzip", "identity"]) {
      const kept = await keptAnswer(`/?t=${rohan.token}`, { "Accept-Encoding": encoding });
      expect(kept.headers["content-encoding"] ?? "identity").toBe(encoding);
      expect(Number(kept.headers["content-length"])).toBe(kept.body.length);
      expect(decoded(kept)).toBe(fresh.body.toString("utf8"));
      expect(kept.headers.vary).toMatch(/Accept-Encoding/);
      expect(kept.headers.vary).toMatch(/Accept-Language, Cookie/);
      expect(kept.headers["content-language"]).toBe("en");
      expect(kept.headers["cache-control"]).toBe("private, no-store");
    }
  });

  test("an owner's edit is on the very next scan, and another owner's scan gets that owner", async () => {
    await keptAnswer(`/?t=${aarav.token}`);
    db.$client.prepare("UPDATE profiles SET first_name = 'Aarav K.' WHERE metro_card_number = ?").run(aarav.metroCard);
    const edited = await raw(`/?t=${aarav.token}`);
    expect(how(edited)).toBe('render;desc="react"');
    expect(decoded(edited)).toContain("Aarav K. Sharma");
    expect(decoded(await keptAnswer(`/?t=${aarav.token}`))).toContain("Aarav K. Sharma");

    const other = decoded(await raw(`/?t=${rohan.token}`));
    expect(other).toContain(rohan.name);
    expect(other).not.toContain("Aarav");
  });

  test("a language is a page of its own", async () => {
    const english = decoded(await keptAnswer(`/?t=${priya.token}`));
    const hindi = await keptAnswer(`/?t=${priya.token}`, { "Accept-Language": "hi-IN,hi;q=0.9" });
    expect(hindi.headers["content-language"]).toBe("hi");
    expect(decoded(hindi)).toContain('<html lang="hi"');
    expect(english).toContain('<html lang="en"');
  });

  test("a bot gets a kept page (without the visit's offers) and is counted, not logged", async () => {
    const bot = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const bots = async () => (await db.select({ bots: profiles.botSearches }).from(profiles).where(eq(profiles.metroCardNumber, rohan.metroCard)).get())!.bots;
    const history = async () => (await db.select().from(searchHistory).where(eq(searchHistory.searchValue, rohan.token)).all()).length;
    await keptAnswer(`/?t=${rohan.token}`, bot);
    const [botsBefore, loggedBefore] = [await bots(), await history()];
    const kept = await raw(`/?t=${rohan.token}`, bot);
    expect(how(kept)).toBe('render;desc="kept"');
    expect(decoded(kept)).toContain(rohan.name);
    expect(decoded(kept)).not.toContain("data-share-location");
    expect(visitsCookie(kept)).toBeUndefined();
    expect(await history()).toBe(loggedBefore);
    expect(await bots()).toBe(botsBefore + 1);
  });

  test("a signed-in finder never gets a kept page, and no anonymous finder gets a signed-in one", async () => {
    const user = await signIn(db, "Meera");
    const sticker = `/?t=${DEMO_IDENTIFIERS.unclaimedTokens[1]}`;
    // The signed-in finder scans first: rendered for them (their header), and not kept.
    const signedIn = await raw(sticker, { Cookie: user.cookie });
    expect(how(signedIn)).toBeUndefined();
    expect(decoded(signedIn)).toContain('href="/profile"');
    const anonymous = await raw(sticker);
    expect(how(anonymous)).toBe('render;desc="react"');
    expect(decoded(anonymous)).not.toContain('href="/profile"');
    // With the page kept, the signed-in finder is still rendered for.
    await keptAnswer(sticker);
    const again = await raw(sticker, { Cookie: user.cookie });
    expect(how(again)).toBeUndefined();
    expect(decoded(again)).toContain('href="/profile"');
    // Another cookie of ours that changes the page (a toast to show) is rendered for too.
    expect(how(await raw(sticker, { Cookie: "tb_toast=x" }))).toBeUndefined();
  });

  test("the policy allows nothing inline that is not hashed or nonced, kept or rendered", async () => {
    const rendered = await raw(`/?t=${aarav.token}&fresh=1`, { "Accept-Encoding": "identity" });
    expectPolicyAllowsOnlyItsOwn(rendered, decoded(rendered));
    const kept = await keptAnswer(`/?t=${aarav.token}`);
    expectPolicyAllowsOnlyItsOwn(kept, decoded(kept));
    expect(decoded(kept)).not.toMatch(/nonce="[^"]+"/);
  });
});

test("a refused search is a page made once per language, with the request's own Retry-After", async () => {
  const client = { "Fly-Client-IP": "198.51.100.77", "Accept-Encoding": "br" };
  for (let i = 0; i < 10; i++) expect((await raw(`/?t=${aarav.token}`, client)).status).toBe(200);
  const refused = await raw(`/?t=${aarav.token}`, { ...client, "Accept-Language": "hi" });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
  expect(refused.headers["content-encoding"]).toBe("br");
  expect(refused.headers["content-language"]).toBe("hi");
  expect(decoded(refused)).toContain('data-testid="search-alert"');
  expect(visitsCookie(refused)).toBeUndefined();
});

describe("anonymous pages rendered once", () => {
  test("the landing page and /about are kept, with their hydration scripts allowed by their hashes", async () => {
    for (const pathname of ["/", "/about", "/privacy-policy"]) {
      const first = await raw(pathname, { "Accept-Encoding": "gzip" });
      expect(first.status).toBe(200);
      const kept = await keptAnswer(pathname, { "Accept-Encoding": "gzip" });
      expect(decoded(kept)).toBe(decoded(first).replace(/ nonce="[^"]*"/g, ' nonce=""'));
      expectPolicyAllowsOnlyItsOwn(kept, decoded(kept));
    }
    // The landing page's hydration is held until load and released by a script the policy allows.
    const landing = decoded(await keptAnswer("/"));
    expect(landing).toContain('type="text/x-hydrate-on-load"');
  });

  test("a search on those pages is a search, never a kept page", async () => {
    await keptAnswer("/about");
    const search = await raw(`/about?type=metrocard&number=${aarav.metroCard}`);
    expect(search.status).toBe(200);
    expect(how(search)).toBeUndefined();
    expect(decoded(search)).toContain("Aarav K. Sharma");
  });
});

describe("the scan result's own small stylesheet (app/result-page.css)", () => {
  /** The selector Tailwind writes for a class. */
  const selectorOf = (name: string) => {
    const escaped = name.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`);
    return `.${/^\d/.test(escaped) ? `\\3${escaped[0]} ${escaped.slice(1)}` : escaped}`;
  };
  const classesOf = (html: string) => new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names!.split(/\s+/).filter(Boolean)));

  test("styles every class a result page uses that the app's stylesheet styles, in every kind of result", async () => {
    const appCss = fs.readFileSync(path.join("build/client/assets", fs.readdirSync("build/client/assets").find((name) => /^app-.*\.css$/.test(name))!), "utf8");
    // Lost mode's notice on Rohan's keys, and a product he can report.
    const rohanId = (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.metroCardNumber, rohan.metroCard)).get())!.id;
    db.$client
      .prepare("INSERT INTO lost_items (id, user_id, type, name, identifier, date_lost, status, message, reward, created_at) VALUES (?, ?, 'metro', 'Metro card', ?, '2026-11-01', 'pending', 'Please call', '500', ?)")
      .run(crypto.randomUUID(), rohanId, rohan.metroCard, Date.now());
    const pages = [
      `/?t=${aarav.token}`, // an owner
      `/?t=${priya.token}`, // a masked bio: the unlock form
      `/?t=${rohan.token}`, // contact buttons
      `/findowner?type=metrocard&number=${rohan.metroCard}`, // lost mode's notice
      "/?t=999999999999", // a miss
      `/?t=${DEMO_IDENTIFIERS.unclaimedTokens[2]}`, // not activated
    ];
    let checked = 0;
    for (const pathname of pages) {
      const html = decoded(await raw(pathname));
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
      expect(style.length, `${pathname}: the result page's own stylesheet`).toBeLessThan(appCss.length * 0.6);
      for (const name of classesOf(html)) {
        const selector = selectorOf(name);
        if (!appCss.includes(selector)) continue;
        expect(style.includes(selector), `${pathname}: .${name}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // The classes the page's script gives what it builds (features/finder/result-page.browser.ts).
    const script = fs.readFileSync("app/features/finder/result-page.browser.ts", "utf8");
    const resultCss = /<style>([\s\S]*?)<\/style>/.exec(decoded(await raw(`/?t=${aarav.token}`)))![1]!;
    for (const [, names] of script.matchAll(/className = (?:ok \? )?"([^"]+)"(?: : "([^"]+)")?/g)) {
      for (const name of names!.split(" ")) if (appCss.includes(selectorOf(name))) expect(resultCss, name).toContain(selectorOf(name));
    }
  });
});
