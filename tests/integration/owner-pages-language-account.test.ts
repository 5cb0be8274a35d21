// The sign-in pages and the account's pages in the six non-English languages, on the real server
// (production build): /auth (with the developer-mode dialog and its password forms), /auth/code
// (typed, and opened from a mail's link elsewhere), /settings with everything it shows, the data
// summary and /account-deleted, for two seeded owners who have tokens, products, a lost item,
// conversations, a finder's thread, a push device and a passkey. Each page, in each language, holds
// no run of Latin-script words that is not user data, a brand or on the short allowlist
// (tests/integration/latin-allowlist.ts); the refusals of the forms come back in the page's
// language. Issue 48, second part.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { lostItems, passkeys, products, profiles, pushSubscriptions, tagbackTokens, users } from "../../db/schema";
import { createSession } from "~/features/account/session.server";
import { createFinderThread } from "~/features/finder-contact/threads.server";
import { sendMessage, startConversation } from "~/features/messaging/conversations.server";
import { LOCALES, LOCALE_NAMES, type Locale } from "~/core/locale";
import { socialLinks } from "~/core/site";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { strayLatin } from "../support/latin-words";
import { LATIN_ALLOWED } from "./latin-allowlist";
import { startServer, stopServer, type ServerProcess } from "./helpers";
import { decodeEntities as decode, wordsOf } from "../support/page-words";

const SECRET = "owner-pages-account-test-secret".padEnd(48, "x");
const DEV_PASSWORD = "dev-pw-8";
const translated = LOCALES.filter((locale): locale is Exclude<Locale, "en"> => locale !== "en");

let dir: string;
let server: ServerProcess;
let db: Db;
let ipCounter = 0;
const nextIp = () => `198.18.7.${++ipCounter % 250}`;

type Owner = { id: string; email: string; cookie: string; userData: string[] };
let asha: Owner;
let bilal: Owner;
let devCookie: string;

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

/** An owner with a little of everything the account's pages show. */
async function seedOwner(firstName: string): Promise<Owner> {
  const id = crypto.randomUUID();
  const email = `${firstName.toLowerCase()}-${id.slice(0, 6)}@example.test`;
  await db.insert(users).values({ id, email, emailConfirmedAt: new Date(), googleSub: `google-${id}` }).run();
  const backup = `${firstName.toLowerCase()}.backup@example.net`;
  await db.insert(profiles).values({ id, firstName, lastName: "Owner", bio: `${firstName}'s bio`, backupEmail: backup, scanAlerts: true }).run();
  const tokens = [digits(12), digits(12)];
  for (const token of tokens) {
    await db.insert(tagbackTokens).values({ token, passwordHash: `scrypt$token-password-${token}`, userId: id, isClaimed: true, isVerified: true }).run();
  }
  const [laptop, keys] = [`${firstName}'s laptop`, `${firstName}'s keys`];
  await db.insert(products).values([
    { userId: id, name: laptop, token: tokens[0]! },
    { userId: id, name: keys, token: tokens[1]! },
  ]);
  await db.insert(lostItems).values({ userId: id, type: "product", name: laptop, identifier: tokens[0]!, dateLost: "2026-11-01", message: "Reward, please call", reward: "₹500" });
  const passkeyName = `${firstName}'s Pixel`;
  await db.insert(passkeys).values({ id: `credential-of-${id}`, userId: id, publicKey: Buffer.from(`public-key-of-${id}`), name: passkeyName, lastUsedAt: new Date() }).run();
  const deviceLabel = `${firstName}'s phone browser`;
  await db
    .insert(pushSubscriptions)
    .values({ userId: id, endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, p256dh: `p256dh-${digits(20)}`, auth: `auth-${digits(16)}`, deviceLabel, lastDeliveredAt: new Date() })
    .run();
  const cookie = (await createSession(db, id)).split(";")[0]!;
  return { id, email, cookie, userData: [email, backup, firstName, laptop, keys, passkeyName, deviceLabel, ...tokens] };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-owner-pages-account-"));
  const file = path.join(dir, "account.db");
  server = await startServer({ DATABASE_PATH: file, SESSION_SECRET: SECRET, DEV_MODE_PASSWORD: DEV_PASSWORD, TRUST_PROXY: "fly" });
  // This process signs session cookies with the server's secret (the app's own createSession).
  process.env.SESSION_SECRET = SECRET;
  db = openDatabase(file).db;
  [asha, bilal] = [await seedOwner("Asha"), await seedOwner("Bilal")];
  const started = await startConversation(db, asha.id, bilal.id);
  if (!started.ok) throw new Error("conversation not started");
  for (const [sender, content] of [[asha, "hello from Asha"], [bilal, "reply from Bilal"]] as const) {
    if (!(await sendMessage(db, { conversationId: started.conversationId, senderId: sender.id, content })).ok) throw new Error("message not sent");
  }
  createFinderThread(db, {
    ownerId: asha.id,
    item: { type: "tagbacktoken", number: asha.userData.at(-2)! },
    visitId: null,
    form: { message: "Found your laptop at Rajiv Chowk", contact: "finder@example.org", contactKind: "email", foundWhere: "Rajiv Chowk gate 2", handover: "metro_counter", place: null },
  });
  // Developer mode, turned on the way a visitor does: the admin password in /auth's dialog.
  const unlocked = await post("/auth", { intent: "dev-unlock", password: DEV_PASSWORD, redirectTo: "" }, "", "en");
  devCookie = unlocked.response.headers.get("Set-Cookie")!.split(";")[0]!;
  expect(devCookie).toMatch(/^tb_dev=/);
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function get(url: string, cookie: string, locale: Locale) {
  const response = await fetch(`${server.url}${url}`, { headers: { Cookie: cookie, "Accept-Language": locale, "Fly-Client-IP": nextIp() }, redirect: "manual" });
  return { response, html: await response.text() };
}

async function post(url: string, fields: Record<string, string>, cookie: string, locale: Locale) {
  const response = await fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "Accept-Language": locale, "Fly-Client-IP": nextIp() },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { response, html: await response.text() };
}



/**
 * What every page's frame shows as its owners name it, as the finder's test leaves it too
 * (finder-language.test.ts): the social networks' names in the footer, the language switch's
 * "English" (each language by its own name) and the IP-location data's licence credit.
 */
const SITE_NAMES = [...socialLinks("").map((link) => link.label), LOCALE_NAMES.en, "IP Geolocation by DB-IP"];

/** The English left on a page: Latin runs that are not the owners' own data, the frame's names, brands or allowed. */
function englishLeftIn(html: string, userData: readonly string[]): string[] {
  return strayLatin(wordsOf(html), { userData: [...userData, ...SITE_NAMES], allow: LATIN_ALLOWED });
}

/** Every page of this part, as a reader in `locale` gets it. */
async function pagesIn(locale: Locale) {
  const link = `/auth/code?${new URLSearchParams({ email: bilal.email, code: "123456" })}`;
  return {
    "/auth": await get("/auth", "", locale),
    "/auth?dev=1": await get("/auth?dev=1", "", locale),
    "/auth (developer mode)": await get("/auth", devCookie, locale),
    "/auth?tab=signup (developer mode)": await get("/auth?tab=signup", devCookie, locale),
    "/auth/code": await get(`/auth/code?email=${encodeURIComponent(asha.email)}`, "", locale),
    "/auth/code (a mail's link, another browser)": await get(link, "", locale),
    "/auth/code (a mail's link, signed in to another account)": await get(link, asha.cookie, locale),
    "/settings (Asha)": await get("/settings", asha.cookie, locale),
    "/settings (Bilal)": await get("/settings", bilal.cookie, locale),
    "/settings/data/summary": await get("/settings/data/summary", asha.cookie, locale),
    "/account-deleted": await get("/account-deleted", "", locale),
  };
}

const userData = () => [...asha.userData, ...bilal.userData];

describe.each(translated)("%s", (locale) => {
  test("every page of sign-in and the account is in the language: no English left, the <html lang> and <title> its own", async () => {
    const pages = await pagesIn(locale);
    const stray: string[] = [];
    for (const [name, { response, html }] of Object.entries(pages)) {
      expect(response.status, name).toBe(200);
      expect(html, name).toMatch(new RegExp(`<html lang="${locale}"`));
      stray.push(...englishLeftIn(html, userData()).map((run) => `${name}: "${run}"`));
    }
    expect(stray).toEqual([]);
    const t = (key: MessageKey, values?: Record<string, string | number>) => messageIn(locale, key, values).title;
    // The pages say what this part translated, not only no English: a few words of each.
    expect(pages["/auth"].html).toContain(`<title>${t("authPage.metaTitle")}</title>`);
    expect(pages["/auth"].html).toContain(t("authPage.continueWithEmail"));
    expect(pages["/auth?dev=1"].html).toContain(t("authPage.devModeLead"));
    expect(pages["/auth?tab=signup (developer mode)"].html).toContain(t("authPage.signUp"));
    expect(pages["/auth/code"].html).toContain(t("authPage.checkEmail"));
    expect(pages["/settings (Asha)"].html).toContain(`<title>${t("settingsPage.metaTitle")}</title>`);
    for (const key of ["appNav.tokenShort", "appNav.messagingShort", "settingsPage.previews", "settingsPage.passkeys", "settingsPage.deleteButton", "settingsPage.scanAlerts"] as const) {
      expect(pages["/settings (Asha)"].html, key).toContain(t(key));
    }
    // The owners' own things, as they wrote them: each sees their own, not the other's.
    expect(pages["/settings (Asha)"].html).toContain("Asha's Pixel");
    expect(pages["/settings (Asha)"].html).not.toContain("Bilal's Pixel");
    expect(pages["/settings (Bilal)"].html).toContain("Bilal's phone browser");
    expect(pages["/settings/data/summary"].html).toContain(t("accountData.tokens"));
    expect(pages["/account-deleted"].html).toContain(t("accountData.deletedHeading"));
  });
});

describe("the forms' refusals come back in the page's language (Tamil)", () => {
  const ta = (key: MessageKey) => messageIn("ta", key);
  const en = (key: MessageKey) => messageIn("en", key);

  test("/auth: an address that is not one", async () => {
    const { response, html } = await post("/auth", { intent: "email-code", email: "not-an-address", redirectTo: "" }, "", "ta");
    expect(response.status).toBe(400);
    expect(html).toContain(ta("auth.invalidEmail").title);
    expect(html).not.toContain(en("auth.invalidEmail").title);
    expect(englishLeftIn(html, ["not-an-address"])).toEqual([]);
  });

  test("/auth/code: a code of letters", async () => {
    // The form posts to the page it is on, which names the address.
    const { response, html } = await post(`/auth/code?email=${encodeURIComponent(asha.email)}`, { email: asha.email, code: "abc", redirectTo: "" }, "", "ta");
    expect(response.status).toBe(400);
    expect(html).toContain(ta("auth.codeFormat").title);
    expect(englishLeftIn(html, userData())).toEqual([]);
  });

  test("/auth in developer mode: a sign-up with a short password", async () => {
    const { response, html } = await post("/auth?tab=signup", { intent: "sign-up", email: "new@example.test", password: "x", redirectTo: "" }, devCookie, "ta");
    expect(response.status).toBe(400);
    expect(html).toContain(ta("auth.passwordTooShort").title);
    expect(englishLeftIn(html, userData())).toEqual([]);
  });

  test("/settings: a backup address that is not one, and a deletion not confirmed; nothing saved or deleted", async () => {
    const backup = await post("/settings", { intent: "backup-email", backupEmail: "nowhere" }, bilal.cookie, "ta");
    expect(backup.response.status).toBe(400);
    expect(backup.html).toContain(ta("finderContact.badBackupEmail").title);
    const refused = await post("/settings", { intent: "delete-account", confirm: "someone@else.test" }, bilal.cookie, "ta");
    expect(refused.response.status).toBe(400);
    expect(refused.html).toContain(ta("deleteAccount.confirmMismatch").description!);
    for (const { html } of [backup, refused]) expect(englishLeftIn(html, [...userData(), "nowhere", "someone@else.test"])).toEqual([]);
    expect((await get("/settings", bilal.cookie, "ta")).html).toContain("bilal.backup@example.net");
  });

  test("a setting saved: its toast on the next page is in the page's language", async () => {
    const saved = await post("/settings", { intent: "push-previews", value: "on" }, asha.cookie, "ta");
    expect(saved.response.status).toBe(302);
    const toast = saved.response.headers.getSetCookie().find((cookie) => !cookie.startsWith("tb_session"))!.split(";")[0]!;
    const next = await get("/settings", `${asha.cookie}; ${toast}`, "ta");
    expect(next.html).toContain(ta("push.previewsOn").title);
    expect(next.html).not.toContain(en("push.previewsOn").title);
  });
});

test("English stays English: the texts existing tests look for are the English catalogue's", async () => {
  const settings = await get("/settings", asha.cookie, "en");
  for (const text of ["Settings", "Account Security", "Danger Zone", "Delete my account", "Show message previews", "Use these choices", "Logout"]) {
    expect(settings.html).toContain(text);
  }
  const auth = await get("/auth", "", "en");
  for (const text of ["Sign in to Tagback", "Continue with Google", "Continue with e-mail", "Developer mode"]) expect(auth.html).toContain(text);
});
