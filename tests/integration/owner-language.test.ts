// The owner's language is the account's (issue 48, decision 048), at route level: the real /auth,
// /auth/code, /auth/callback, /language, /settings, finder and contact routes on a temporary
// database, mails through nodemailer to the loopback SMTP server (read as it received them) and
// pushes to the loopback push service (decrypted with the device's key). A finder writes in Hindi
// to an owner who signed up in Tamil: the owner reads Tamil, and Kannada once they choose it in
// Settings. Every way in sets the language from the page's; the switch and Settings change it with
// plain form posts, as a browser without JavaScript sends them. Bystander owners in English and
// Bengali are seeded, so a mail in the wrong language or to the wrong account shows.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { searchHistory, tagbackTokens, users } from "../../db/schema";
import { indiaClock, inDate } from "~/core/india-time";
import { LOCALES, LOCALE_NAMES, type Locale } from "~/core/locale";
import { deliverDue } from "~/core/outbox.server";
import { vapidKeysOf } from "~/core/push.server";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { handoverText, ownerItemLabel } from "~/features/finder-contact/owner-mail.server";
import { finderLoader } from "~/features/finder/finder-route.server";
import { sendMessage, startConversation } from "~/features/messaging/conversations.server";
import { LIVE_GRACE_MS } from "~/features/push/rules";
import { translator } from "~/i18n/messages";
import * as authRoute from "~/routes/auth/route";
import * as callbackRoute from "~/routes/auth_.callback";
import * as codeRoute from "~/routes/auth_.code";
import * as contactRoute from "~/routes/contact-owner/route";
import * as threadRoute from "~/routes/f.$secret/route";
import * as languageRoute from "~/routes/language";
import * as settingsRoute from "~/routes/_app.settings/route";
import { strayLatin } from "../support/latin-words";
import { LANGUAGE, SCRIPT, type TranslatedLocale } from "../support/locale-scripts";
import { mailsIn, readMail } from "../support/mail-files";
import { startPushService, type PushService, type Received } from "../support/push-service";
import { BASE, callRoute, cookiesFrom, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";
import { startSmtp, type SmtpProcess } from "../support/smtp-process";
import { testDb } from "../support/test-db";
import { LATIN_ALLOWED } from "./latin-allowlist";

// Before anything reads the environment (getEnv() parses it once, on first use): developer mode,
// and Google's endpoints on a loopback provider of this file's own (started below on this port).
const GOOGLE = vi.hoisted(() => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  process.env.DEV_MODE_PASSWORD = "lang-pw";
  process.env.GOOGLE_CLIENT_ID = "owner-language-test";
  process.env.GOOGLE_CLIENT_SECRET = "secret";
  process.env.OAUTH_AUTHORIZATION_URL = `http://127.0.0.1:${port}/authorize`;
  process.env.OAUTH_TOKEN_URL = `http://127.0.0.1:${port}/token`;
  process.env.OAUTH_USERINFO_URL = `http://127.0.0.1:${port}/userinfo`;
  return { port, account: { sub: "", email: "" } };
});

const db = testDb();
const HUMAN = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
let smtp: SmtpProcess;
let push: PushService;
let provider: http.Server;

beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  (globalThis as { __tagbackEnv?: unknown }).__tagbackEnv = undefined;
  push = await startPushService({ vapidPublicKey: () => vapidKeysOf(db)!.publicKey });
  // Google's token and userinfo endpoints, answering for the account the test names.
  provider = http.createServer((req, res) => {
    res.setHeader("Content-Type", "application/json");
    if (req.url?.startsWith("/token")) return void res.end(JSON.stringify({ access_token: "at", token_type: "Bearer", expires_in: 3600 }));
    if (req.url?.startsWith("/userinfo")) return void res.end(JSON.stringify({ ...GOOGLE.account, name: "Google Person" }));
    res.statusCode = 404;
    res.end("{}");
  });
  await new Promise<void>((resolve) => provider.listen(GOOGLE.port, "127.0.0.1", resolve));
  expect((provider.address() as AddressInfo).port).toBe(GOOGLE.port);
}, 30_000);

afterAll(async () => {
  await smtp?.stop();
  await push?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** The request as a browser whose page is in `locale` sends it (its Accept-Language). */
function inLanguage(request: Request, locale: Locale): Request {
  request.headers.set("Accept-Language", `${locale}-IN,${locale};q=0.9`);
  return request;
}

type Mail = { subject: string; lines: string[]; text: string };
function mailsTo(address: string): Mail[] {
  return mailsIn(smtp.mailDir, address).map((raw) => {
    const { headers, lines } = readMail(raw);
    return { subject: headers.find((line) => line.startsWith("Subject: "))!.slice("Subject: ".length), lines, text: `${headers.find((line) => line.startsWith("Subject: "))}\n${lines.join("\n")}` };
  });
}

/** One delivery pass (as the server's loop makes), then the mails to `address` once there are more than `seen`. */
async function nextMails(address: string, seen: number, now?: number): Promise<Mail[]> {
  await deliverDue(db, now === undefined ? {} : { now: () => now });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = mailsTo(address);
    if (mails.length > seen) return mails.slice(seen);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no new mail to ${address}`);
}

/** No stray English in a mail to the owner: only what people typed, links and brands are Latin. */
function expectNoEnglish(mail: Mail, userData: string[]) {
  expect(strayLatin(mail.text.replace(/^Subject: /, ""), { userData, allow: LATIN_ALLOWED }), mail.text).toEqual([]);
}

/** Signs up with a code by e-mail from a page in `locale`; the code mail, and the new account. */
async function signUpByCode(email: string, locale: Locale) {
  const seen = mailsTo(email).length;
  const asked = await callRoute(authRoute.action, inLanguage(post("/auth", { intent: "email-code", email, redirectTo: "" }), locale));
  expect(statusOf(asked)).toBe(303);
  const [mail] = await nextMails(email, seen);
  const code = /(\d{6})/.exec(mail!.subject)![1]!;
  const typed = await callRoute(codeRoute.action, inLanguage(post("/auth/code", { email, code, redirectTo: "" }), locale));
  expect(statusOf(typed)).toBeLessThan(400);
  const user = (await db.select({ id: users.id, email: users.email, locale: users.locale }).from(users).where(eq(users.email, email)).get())!;
  return { user, mail: mail!, code };
}

let tokenCounter = 0;
async function giveToken(ownerId: string): Promise<string> {
  tokenCounter += 1;
  const token = `74${String(Date.now() % 1e5).padStart(5, "0")}${String(tokenCounter).padStart(5, "0")}`;
  await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: ownerId, isClaimed: true, isVerified: true }).run();
  return token;
}

/** "Notify me on this device", as the settings page's script posts it. */
async function subscribe(owner: { id: string; email: string }) {
  const device = push.subscribe();
  const result = await callRoute(settingsRoute.action, post("/settings", { intent: "push-subscribe", endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth }), { user: owner });
  expect(statusOf(result)).toBe(302);
  return device;
}

const pushesTo = (device: { id: string }) => push.received.filter((received: Received) => received.deviceId === device.id);

describe("an owner's mails and pushes are in the owner's language, not the finder's", () => {
  test("signed up in Tamil: the scan alert and the finder's message, written in Hindi, arrive in Tamil; after choosing Kannada in Settings, the next mail is Kannada", async () => {
    const { user, mail: codeMail, code } = await signUpByCode(uniqueEmail("tamil-owner"), "ta");
    expect(user.locale).toBe("ta");
    // The code went to an address with no account yet: in the language of the page that asked.
    expect(codeMail.subject).toBe(translator("ta").t("ownerMail.codeSubject", { code }));
    const owner = { id: user.id, email: user.email };
    const token = await giveToken(owner.id);
    const phone = await subscribe(owner);
    expect(statusOf(await callRoute(settingsRoute.action, post("/settings", { intent: "scan-alerts", value: "on" }), { user: owner }))).toBe(302);
    // Bystanders: an English owner and a Bengali one, each with a token and scan alerts on.
    const english = await createOwner();
    const bengali = await createOwner();
    await db.update(users).set({ locale: "bn" }).where(eq(users.id, bengali.id)).run();
    for (const bystander of [english, bengali]) {
      await giveToken(bystander.id);
      await callRoute(settingsRoute.action, post("/settings", { intent: "scan-alerts", value: "on" }), { user: bystander });
    }
    const ta = translator("ta");
    const item = ownerItemLabel({ type: "tagback_token", value: token }, "ta");
    expect(item).toMatch(/^டோக்கன் \d{4}-\d{4}-\d{4}$/);

    // A finder's phone, in Hindi, scans the sticker.
    let seen = mailsTo(owner.email).length;
    await callRoute(finderLoader, inLanguage(new Request(`${BASE}/findowner?t=${token}`, { headers: { "User-Agent": HUMAN } }), "hi"), { clientIp: "198.51.100.201" });
    const [scanMail] = await nextMails(owner.email, seen);
    const scannedAt = (await db.select({ at: searchHistory.searchedAt }).from(searchHistory).where(eq(searchHistory.userId, owner.id)).get())!.at;
    expect(scanMail!.subject).toBe(ta.t("ownerMail.scanSubject", { item }));
    expect(scanMail!.lines).toContain(ta.t("ownerMail.scanLead", { item }));
    // India time in Tamil's own words for the part of the day, the date as Intl writes it in Tamil.
    expect(scanMail!.lines).toContain(ta.t("ownerMail.scanWhen", { time: indiaClock(scannedAt, "ta"), date: inDate(scannedAt, "ta") }));
    expect(indiaClock(scannedAt, "ta")).toMatch(/[\u0B80-\u0BFF]/);
    expectNoEnglish(scanMail!, []);
    const scanPush = pushesTo(phone).at(-1)!;
    expect(scanPush.notice).toMatchObject({ title: ta.t("ownerMail.scanSubject", { item }), body: ta.t("ownerPush.scanBody") });

    // The finder writes in Hindi ("I found this"), without an account.
    seen = mailsTo(owner.email).length;
    const words = "आपकी चाबियाँ राजीव चौक गेट 2 पर मिलीं";
    const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: token, visitId: null }, Date.now() - 10_000);
    const sent = await callRoute(
      contactRoute.action,
      inLanguage(post(`/contact-owner?type=tagbacktoken&number=${token}`, { ticket, message: words, handover: "police", website: "" }), "hi"),
      { clientIp: "198.51.100.202" },
    );
    expect(statusOf(sent)).toBe(303);
    const secret = /^\/f\/([A-Za-z0-9_-]+)\?sent=1$/.exec((sent as Response).headers.get("Location")!)![1]!;
    const [contactMail] = await nextMails(owner.email, seen);
    const handover = handoverText("police", null, "ta");
    expect(contactMail!.subject).toBe(ta.t("ownerMail.contactSubject", { item, handover }));
    expect(contactMail!.lines).toEqual(
      expect.arrayContaining([ta.t("ownerMail.contactLead", { item }), ta.t("ownerMail.contactHandover", { handover }), ta.t("ownerMail.contactMessage"), `> ${words}`, ta.t("ownerMail.contactNoAccount")]),
    );
    expectNoEnglish(contactMail!, []);
    expect(pushesTo(phone).at(-1)!.notice).toMatchObject({ title: ta.t("ownerPush.contactTitle", { item }), body: ta.t("ownerPush.contactBody") });

    // The owner chooses Kannada in Settings: a plain form post, as without JavaScript.
    const chosen = await callRoute(settingsRoute.action, inLanguage(post("/settings", { intent: "language", lang: "kn" }), "ta"), { user: owner });
    expect(statusOf(chosen)).toBe(302);
    expect((await toastOf(chosen))?.title).toBe(translator("kn").t("accountLanguage.saved"));
    expect((await db.select({ locale: users.locale }).from(users).where(eq(users.id, owner.id)).get())!.locale).toBe("kn");

    // The finder writes again on their private page, still in Hindi: the next mail is Kannada.
    seen = mailsTo(owner.email).length;
    const again = "मैं शाम 6 बजे तक यहीं हूँ";
    const replied = await callRoute(
      (args) => threadRoute.action({ ...args, params: { secret } }),
      inLanguage(post(`/f/${secret}`, { intent: "send", content: again, clientKey: crypto.randomUUID() }), "hi"),
      { clientIp: "198.51.100.202" },
    );
    expect(statusOf(replied)).toBeLessThan(400);
    const kn = translator("kn");
    const knItem = ownerItemLabel({ type: "tagback_token", value: token }, "kn");
    const [replyMail] = await nextMails(owner.email, seen, Date.now() + LIVE_GRACE_MS + 1_000);
    expect(replyMail!.subject).toBe(kn.t("ownerMail.replySubject", { item: knItem }));
    expect(replyMail!.lines).toContain(kn.t("ownerMail.replyLead", { item: knItem }));
    expect(replyMail!.lines).toContain(`> ${again}`);
    expectNoEnglish(replyMail!, []);
    // Its push (a conversation's message, after the live grace) is Kannada too.
    expect(pushesTo(phone).at(-1)!.notice).toMatchObject({ title: kn.t("ownerPush.finderAgainTitle"), body: kn.t("ownerPush.messageBody") });

    // The bystanders got nothing of it.
    expect(mailsTo(english.email)).toEqual([]);
    expect(mailsTo(bengali.email)).toEqual([]);
  });
});

describe("the account's language: set at sign-up, changed by the switch and in Settings", () => {
  test("a sign-in code to an account goes in the account's language, whatever page asked for it", async () => {
    const owner = await createOwner(uniqueEmail("kannada"));
    await db.update(users).set({ locale: "kn" }).where(eq(users.id, owner.id)).run();
    const asked = await callRoute(authRoute.action, inLanguage(post("/auth", { intent: "email-code", email: owner.email, redirectTo: "" }), "en"));
    expect(statusOf(asked)).toBe(303);
    const [mail] = await nextMails(owner.email, 0);
    const code = /(\d{6})/.exec(mail!.subject)![1]!;
    expect(mail!.subject).toBe(translator("kn").t("ownerMail.codeSubject", { code }));
    expect(mail!.lines).toContain(translator("kn").t("ownerMail.codeLink"));
    expectNoEnglish(mail!, []);
    // Signing in does not change it: only sign-up, the switch and Settings do.
    const typed = await callRoute(codeRoute.action, inLanguage(post("/auth/code", { email: owner.email, code, redirectTo: "" }), "en"));
    expect(statusOf(typed)).toBeLessThan(400);
    expect((await db.select({ locale: users.locale }).from(users).where(eq(users.id, owner.id)).get())!.locale).toBe("kn");
  });

  test("Google: a new account takes the language of the page the sign-in started from", async () => {
    GOOGLE.account = { sub: `google-${crypto.randomUUID()}`, email: uniqueEmail("google-bengali") };
    const started = await callRoute(authRoute.action, inLanguage(post("/auth", { intent: "google", redirectTo: "" }), "bn"));
    expect(statusOf(started)).toBe(302);
    const state = new URL((started as Response).headers.get("Location")!).searchParams.get("state")!;
    const back = await callRoute(callbackRoute.loader, inLanguage(get(`/auth/callback?code=c0de&state=${state}`, cookiesFrom(started)), "bn"));
    expect(statusOf(back)).toBe(302);
    expect((back as Response).headers.get("Location")).toBe("/profile");
    const created = (await db.select({ locale: users.locale }).from(users).where(eq(users.email, GOOGLE.account.email)).get())!;
    expect(created.locale).toBe("bn");
  });

  test("developer mode: the account and its confirmation mail take the sign-up page's language", async () => {
    const unlocked = await callRoute(authRoute.action, post("/auth", { intent: "dev-unlock", password: "lang-pw" }), { clientIp: "203.0.113.231" });
    expect(statusOf(unlocked)).toBe(302);
    const email = uniqueEmail("marathi");
    const signedUp = await callRoute(authRoute.action, inLanguage(post("/auth", { intent: "sign-up", email, password: "long-enough" }, cookiesFrom(unlocked)), "mr"), {
      clientIp: "203.0.113.231",
    });
    expect(dataOf<{ signedUp?: boolean }>(signedUp).signedUp).toBe(true);
    expect((await db.select({ locale: users.locale }).from(users).where(eq(users.email, email)).get())!.locale).toBe("mr");
    const [mail] = await nextMails(email, 0);
    expect(mail!.subject).toBe(translator("mr").t("ownerMail.confirmSubject"));
    expectNoEnglish(mail!, []);
  });

  test("the language switch, posted while signed in, changes the account's language; signed out it changes none", async () => {
    const owner = await createOwner(uniqueEmail("switch"));
    const other = await createOwner(uniqueEmail("other"));
    const switched = await callRoute(languageRoute.action, post("/language", { lang: "te", returnTo: "/settings" }), { user: owner });
    expect(statusOf(switched)).toBe(303);
    expect((switched as Response).headers.get("Location")).toBe("/settings");
    const signedOut = await callRoute(languageRoute.action, post("/language", { lang: "hi", returnTo: "/" }));
    expect(statusOf(signedOut)).toBe(303);
    const locales = await db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.id, owner.id)).all();
    expect(locales).toEqual([{ id: owner.id, locale: "te" }]);
    expect((await db.select({ locale: users.locale }).from(users).where(eq(users.id, other.id)).get())!.locale).toBe("en");
  });

  test("Settings shows the account's language and changes it with a plain form; a language we do not have is a 400 that changes nothing", async () => {
    const owner = await createOwner(uniqueEmail("settings"));
    await db.update(users).set({ locale: "hi" }).where(eq(users.id, owner.id)).run();
    const page = await callRoute(settingsRoute.loader, get("/settings"), { user: owner });
    expect(dataOf<{ language: string }>(page).language).toBe("hi");
    const refused = await callRoute(settingsRoute.action, post("/settings", { intent: "language", lang: "fr" }), { user: owner });
    expect(statusOf(refused)).toBe(400);
    expect(dataOf<{ languageError: string }>(refused).languageError).toContain(translator("en").t("site.chooseLanguage"));
    expect((await db.select({ locale: users.locale }).from(users).where(eq(users.id, owner.id)).get())!.locale).toBe("hi");
    const saved = await callRoute(settingsRoute.action, post("/settings", { intent: "language", lang: "ta" }), { user: owner });
    expect(statusOf(saved)).toBe(302);
    // The pages follow the choice too: the switch's cookie is set, as the switch itself sets it.
    expect((saved as Response).headers.getSetCookie().some((cookie) => cookie.startsWith("tb_lang="))).toBe(true);
    // Said in the language just chosen.
    expect(await toastOf(saved)).toMatchObject(translator("ta").m("accountLanguage.saved", { language: LOCALE_NAMES.ta }));
    const after = await callRoute(settingsRoute.loader, get("/settings"), { user: owner });
    expect(dataOf<{ language: string }>(after).language).toBe("ta");
  });
});

// Every kind of mail and push an owner receives, as the SMTP server and the push service got them,
// for an owner in each of the six languages while everyone else writes from pages in other
// languages: nothing in English but what people typed, links and brands.
const TRANSLATED = LOCALES.filter((locale): locale is TranslatedLocale => locale !== "en");

describe.each(TRANSLATED)("everything an owner reading %s receives, as delivered", (locale) => {
  test(`no English in any mail or push to an owner who reads ${"%s"}`.replace("%s", locale), async () => {
    const elsewhere: Locale = locale === "hi" ? "bn" : "hi";
    const { user, mail: codeMail } = await signUpByCode(uniqueEmail(`all-${locale}`), locale);
    const owner = { id: user.id, email: user.email };
    const backup = uniqueEmail(`backup-${locale}`);
    expect(statusOf(await callRoute(settingsRoute.action, post("/settings", { intent: "backup-email", backupEmail: backup }), { user: owner }))).toBe(302);
    expect(statusOf(await callRoute(settingsRoute.action, post("/settings", { intent: "scan-alerts", value: "on" }), { user: owner }))).toBe(302);
    const token = await giveToken(owner.id);
    const phone = await subscribe(owner);
    const words = { first: "Found your keys at Rajiv Chowk, gate 2", again: "I wait near the ticket counter until 6", chat: "Are you at the station?" };

    // A scan from an English page, a finder writing from another language's page, and again.
    await callRoute(finderLoader, inLanguage(new Request(`${BASE}/findowner?t=${token}`, { headers: { "User-Agent": HUMAN } }), "en"), { clientIp: `198.51.100.${210 + TRANSLATED.indexOf(locale)}` });
    const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: token, visitId: null }, Date.now() - 10_000);
    const sent = await callRoute(
      contactRoute.action,
      inLanguage(post(`/contact-owner?type=tagbacktoken&number=${token}`, { ticket, message: words.first, handover: "place", place: "Gate 2", foundWhere: "Platform 3", website: "" }), elsewhere),
      { clientIp: `198.51.100.${220 + TRANSLATED.indexOf(locale)}` },
    );
    expect(statusOf(sent)).toBe(303);
    const secret = /^\/f\/([A-Za-z0-9_-]+)\?sent=1$/.exec((sent as Response).headers.get("Location")!)![1]!;
    await callRoute(
      (args) => threadRoute.action({ ...args, params: { secret } }),
      inLanguage(post(`/f/${secret}`, { intent: "send", content: words.again, clientKey: crypto.randomUUID() }), elsewhere),
      { clientIp: `198.51.100.${220 + TRANSLATED.indexOf(locale)}` },
    );
    // Another owner, reading English, writes in a conversation.
    const other = await createOwner();
    const started = await startConversation(db, other.id, owner.id);
    if (!started.ok) throw new Error("conversation not started");
    // (sendMessage queues the push to the other participant in the message's transaction.)
    const chatted = await sendMessage(db, { conversationId: started.conversationId, senderId: other.id, content: words.chat });
    expect(chatted.ok).toBe(true);
    // Developer mode's sign-up with the owner's address, from an English page: "you already have an account".
    const unlocked = await callRoute(authRoute.action, post("/auth", { intent: "dev-unlock", password: "lang-pw" }), { clientIp: `203.0.113.${240 + TRANSLATED.indexOf(locale)}` });
    await callRoute(authRoute.action, inLanguage(post("/auth", { intent: "sign-up", email: owner.email, password: "long-enough" }, cookiesFrom(unlocked)), "en"), {
      clientIp: `203.0.113.${240 + TRANSLATED.indexOf(locale)}`,
    });
    // A sign-in code asked from an English page.
    await callRoute(authRoute.action, inLanguage(post("/auth", { intent: "email-code", email: owner.email, redirectTo: "" }), "en"));

    const toOwner = await nextMails(owner.email, 1, Date.now() + LIVE_GRACE_MS + 1_000);
    const toBackup = await nextMails(backup, 0);
    const t = translator(locale).t;
    const item = ownerItemLabel({ type: "tagback_token", value: token }, locale);
    const handover = handoverText("place", "Gate 2", locale);
    const codeSubject = (mail: Mail) => t("ownerMail.codeSubject", { code: /(\d{6})/.exec(mail.subject)?.[1] ?? "" });
    // Each kind once: the scan alert, the finder's first message and their second (to the owner and
    // the backup address), "you already have an account", and the two codes.
    const secondCode = toOwner.find((mail) => /\d{6}/.test(mail.subject));
    expect(toOwner.map((mail) => mail.subject).sort()).toEqual(
      [t("ownerMail.scanSubject", { item }), t("ownerMail.contactSubject", { item, handover }), t("ownerMail.replySubject", { item }), t("ownerMail.againSubject"), codeSubject(secondCode!)].sort(),
    );
    expect(codeMail.subject).toBe(codeSubject(codeMail));
    expect(toBackup.map((mail) => mail.subject).sort()).toEqual([t("ownerMail.contactSubject", { item, handover }), t("ownerMail.replySubject", { item })].sort());
    const received = [...toOwner, codeMail, ...toBackup];
    const userData = [words.first, words.again, "Gate 2", "Platform 3"];
    for (const mail of received) {
      expectNoEnglish(mail, userData);
      expect(SCRIPT[locale].test(mail.subject), `${LANGUAGE[locale]}: ${mail.subject}`).toBe(true);
    }
    const notices = pushesTo(phone).map((got) => got.notice!);
    // The scan, the finder's first message, their second (a conversation push), the other owner's message.
    expect(notices.map((notice) => notice.title).sort()).toEqual(
      [t("ownerMail.scanSubject", { item }), t("ownerPush.contactTitle", { item }), t("ownerPush.finderAgainTitle"), t("ownerPush.messageTitle")].sort(),
    );
    for (const notice of notices) {
      for (const text of [notice.title, notice.body]) {
        expect(strayLatin(text, { userData, allow: LATIN_ALLOWED }), text).toEqual([]);
        expect(SCRIPT[locale].test(text), text).toBe(true);
      }
    }
  });
});
