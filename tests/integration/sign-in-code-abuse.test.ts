// Sign-in codes turned against an address (issue 47, decision 044), through the real /auth,
// /auth/code, /settings and /contact-owner loaders and actions on a real temporary database, with
// the mail delivered over SMTP to the loopback server (tests/support/smtp-server.ts), whose inbox
// the tests count: many spellings of one address share its codes; an address longer than SMTP
// carries is a 400 everywhere and never queued; strangers spending an address's codes do not keep
// its owner's browser out; a mailed link opened in another browser names the account and waits.
// The demo data is seeded and several owners are made, so a code that reached the wrong account
// would show.
import fs from "node:fs";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { seed } from "../../db/seed";
import { outbox, profiles, sessions, signInCodes, tagbackTokens, users } from "../../db/schema";
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH } from "~/core/email-address";
import { deliverDue } from "~/core/outbox.server";
import { CODES_PER_ADDRESS_PER_HOUR, CODES_PER_PROVEN_BROWSER_PER_HOUR } from "~/features/account/rules";
import { createSession, getSessionUser } from "~/features/account/session.server";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import * as authRoute from "~/routes/auth/route";
import * as codeRoute from "~/routes/auth_.code";
import * as contactRoute from "~/routes/contact-owner/route";
import * as settingsRoute from "~/routes/_app.settings/route";
import { startSmtp, type SmtpProcess } from "../support/smtp-process";
import { BASE, callRoute, cookiesFrom, createOwner, dataOf, get, nextClientIp, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

// Before anything reads the environment (getEnv() parses it once, on first use): developer mode's
// forms take addresses too.
vi.hoisted(() => {
  process.env.DEV_MODE_PASSWORD = "abuse-pw";
});

let smtp: SmtpProcess;

beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  (globalThis as { __tagbackEnv?: unknown }).__tagbackEnv = undefined;
  await seed(testDb());
}, 30_000);

afterAll(async () => {
  await smtp?.stop();
});

const db = testDb();
const unique = (prefix: string) => `${prefix}${crypto.randomUUID().slice(0, 8)}`;

/** A browser: its cookies, kept from every answer as a browser keeps them. */
class Browser {
  readonly jar = new Map<string, string>();
  readonly clientIp: string;
  constructor(clientIp = nextClientIp()) {
    this.clientIp = clientIp;
  }
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  keep(result: unknown) {
    const headers = result instanceof Response ? result.headers : new Headers((result as { init?: ResponseInit | null }).init?.headers);
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return result;
  }
  async askForCode(email: string) {
    return this.keep(await callRoute(authRoute.action, post("/auth", { intent: "email-code", email, redirectTo: "" }, this.cookie), { clientIp: this.clientIp }));
  }
  async open(path: string) {
    return this.keep(await callRoute(codeRoute.loader, get(path, this.cookie), { clientIp: this.clientIp }));
  }
  async typeCode(fields: Record<string, string>) {
    return this.keep(await callRoute(codeRoute.action, post("/auth/code", { redirectTo: "", ...fields }, this.cookie), { clientIp: this.clientIp }));
  }
  async user() {
    return getSessionUser(db, new Request(BASE, { headers: { Cookie: this.cookie } }));
  }
}

/** Every mail the SMTP server received for any spelling of `local`@`domain` (+tags; the file names write + as _). */
function inbox(local: string, domain: string) {
  const name = new RegExp(`-${local}(_[^@]*)?@${domain.replaceAll(".", "\\.")}\\.eml$`, "i");
  return fs.existsSync(smtp.mailDir) ? fs.readdirSync(smtp.mailDir).filter((file) => name.test(file)) : [];
}

/** The newest code mail to exactly `address`: its code and its link's path. */
async function mailTo(address: string, seen: number) {
  await deliverDue(db);
  const mail = await smtp.nextMailTo(address, seen);
  const code = /sign-in code is (\d{6})/.exec(mail)![1]!;
  const link = new URL(/(http:\/\/localhost:\d+\/auth\/code\?\S+)/.exec(mail)![1]!);
  return { code, path: link.pathname + link.search };
}

/** Code mails the outbox ever held (a sent row keeps its key). */
function codeMailsQueued() {
  return db.select({ key: outbox.key }).from(outbox).where(like(outbox.key, "sign-in-code:%")).all().length;
}

/** Waits for the SMTP server to have written what was sent (it answers before the file is on disk). */
async function arrived(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

function locationOf(result: unknown) {
  return result instanceof Response ? result.headers.get("Location") : null;
}

describe("one inbox, many spellings", () => {
  test("65 requests for codes to victim+N@example.com from 6 clients: the per-address limit of mails reaches the inbox, no more", async () => {
    const local = unique("victim");
    const queuedBefore = codeMailsQueued();
    const clients = Array.from({ length: 6 }, (_, i) => new Browser(`198.18.${i}.7`));
    const statuses: number[] = [];
    for (let n = 0; n < 65; n++) {
      // Tags, case and a bare address mixed, as an attacker would.
      const address = n % 13 === 0 ? `${local.toUpperCase()}@Example.com` : `${local}+${n}@example.com`;
      statuses.push(statusOf(await clients[n % 6]!.askForCode(address)));
      await deliverDue(db);
    }
    expect(statuses.filter((status) => status === 303)).toHaveLength(CODES_PER_ADDRESS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(65 - CODES_PER_ADDRESS_PER_HOUR);
    expect(codeMailsQueued() - queuedBefore).toBe(CODES_PER_ADDRESS_PER_HOUR);
    await arrived(() => inbox(local, "example.com").length >= CODES_PER_ADDRESS_PER_HOUR);
    await deliverDue(db);
    expect(inbox(local, "example.com")).toHaveLength(CODES_PER_ADDRESS_PER_HOUR);
  });

  test("for Gmail the dots and googlemail.com are the same inbox too; another person's inbox is untouched", async () => {
    const local = unique("victim");
    const spelled = (n: number) => [`${local}@gmail.com`, `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`, `${local}+x${n}@googlemail.com`, `${local.toUpperCase()}@GMAIL.com`][n % 4]!;
    let sent = 0;
    for (let n = 0; n < 12; n++) if (statusOf(await new Browser().askForCode(spelled(n))) === 303) sent += 1;
    expect(sent).toBe(CODES_PER_ADDRESS_PER_HOUR);
    // Not the same mailbox: its own codes.
    expect(statusOf(await new Browser().askForCode(`${local}x@gmail.com`))).toBe(303);
  });

  test("each spelling is still its own account: the code goes to the address as typed and signs in to that address's account", async () => {
    const local = unique("tagged");
    const plain = await createOwner(`${local}@example.com`);
    const tagged = await createOwner(`${local}+shop@example.com`);
    const browser = new Browser();
    const seen = smtp.mailsTo(tagged.email).length;
    expect(statusOf(await browser.askForCode(tagged.email))).toBe(303);
    const { code } = await mailTo(tagged.email, seen);
    expect(statusOf(await browser.typeCode({ email: tagged.email, code }))).toBe(302);
    expect((await browser.user())?.id).toBe(tagged.id);
    expect((await browser.user())?.id).not.toBe(plain.id);
  });
});

describe(`an address longer than ${EMAIL_MAX_LENGTH} characters (or ${EMAIL_LOCAL_MAX_LENGTH} before the @)`, () => {
  const long = `${"a".repeat(300 - "@example.com".length)}@example.com`;
  const longLocal = `${"b".repeat(EMAIL_LOCAL_MAX_LENGTH + 1)}@example.com`;

  async function devModeCookie() {
    const unlocked = await callRoute(authRoute.action, post("/auth", { intent: "dev-unlock", password: "abuse-pw" }));
    expect(statusOf(unlocked)).toBe(302);
    return cookiesFrom(unlocked);
  }

  async function ownerWithToken() {
    const owner = await createOwner();
    const token = `7${String(Date.now() % 1e6).padStart(6, "0")}${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
    await db.update(profiles).set({ firstName: "Asha", lastName: "Owner" }).where(eq(profiles.id, owner.id)).run();
    await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: true }).run();
    return { ...owner, token };
  }

  // Every path that takes an address: the answer, and the message key it shows by the field.
  const paths: { name: string; send: (address: string) => Promise<unknown>; messageOf: (result: unknown) => unknown }[] = [
    {
      name: "asking for a code (/auth, intent=email-code)",
      send: (address) => new Browser().askForCode(address),
      messageOf: (result) => dataOf<{ codeError: string }>(result).codeError,
    },
    {
      name: "typing a code (/auth/code)",
      send: (address) => new Browser().typeCode({ email: address, code: "123456" }),
      messageOf: (result) => dataOf<{ error: string }>(result).error,
    },
    {
      name: "opening the code page (/auth/code?email=…)",
      send: (address) => new Browser().open(`/auth/code?${new URLSearchParams({ email: address, code: "123456" })}`),
      messageOf: (result) => dataOf<{ refused: string }>(result).refused,
    },
    {
      name: "developer-mode sign-up",
      send: async (address) => callRoute(authRoute.action, post("/auth", { intent: "sign-up", email: address, password: "long-enough-pw" }, await devModeCookie())),
      messageOf: (result) => dataOf<{ result: { error: Record<string, string[]> } }>(result).result.error.email?.[0],
    },
    {
      name: "developer-mode sign-in",
      send: async (address) => callRoute(authRoute.action, post("/auth", { intent: "sign-in", email: address, password: "long-enough-pw" }, await devModeCookie())),
      messageOf: (result) => dataOf<{ result: { error: Record<string, string[]> } }>(result).result.error.email?.[0],
    },
    {
      name: "the backup e-mail (/settings, intent=backup-email)",
      send: async (address) => callRoute(settingsRoute.action, post("/settings", { intent: "backup-email", backupEmail: address }), { user: await createOwner() }),
      messageOf: (result) => dataOf<{ backupEmailError: string }>(result).backupEmailError,
    },
    {
      name: "the account deletion's confirmation (/settings, intent=delete-account)",
      send: async (address) => callRoute(settingsRoute.action, post("/settings", { intent: "delete-account", confirm: address }), { user: await createOwner() }),
      messageOf: (result) => dataOf<{ deleteError: string }>(result).deleteError,
    },
    {
      name: "the finder's contact field (/contact-owner)",
      send: async (address) => {
        const owner = await ownerWithToken();
        const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: owner.token, visitId: null }, Date.now() - 10_000);
        return callRoute(
          contactRoute.action,
          post(`/contact-owner?type=tagbacktoken&number=${owner.token}`, { ticket, message: "Found your keys at gate 2", handover: "keep", website: "", contact: address }),
        );
      },
      messageOf: (result) => dataOf<{ errors: Record<string, string> }>(result).errors?.contact,
    },
  ];

  test.each(paths)("$name: a 400 with the field's message, nothing queued, nothing in a Location header", async ({ send, messageOf }) => {
    for (const address of [long, longLocal]) {
      const before = db.select({ id: outbox.id }).from(outbox).all().length;
      const result = await send(address);
      expect(statusOf(result), address.length.toString()).toBe(400);
      expect(messageOf(result)).toBe("common.emailTooLong");
      expect(locationOf(result)).toBeNull();
      expect(db.select({ id: outbox.id }).from(outbox).all().length).toBe(before);
      expect(db.select().from(outbox).where(like(outbox.payload, `%${address.slice(0, 80)}%`)).all()).toEqual([]);
      expect(db.select().from(users).where(eq(users.email, address)).all()).toEqual([]);
    }
  });

  test(`an address of exactly ${EMAIL_MAX_LENGTH} characters, ${EMAIL_LOCAL_MAX_LENGTH} before the @, still gets its code`, async () => {
    // Domain labels of at most 63 characters, as DNS has them.
    const longest = `${"c".repeat(EMAIL_LOCAL_MAX_LENGTH)}@${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(62)}.test`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(statusOf(await new Browser().askForCode(longest))).toBe(303);
  });
});

describe("strangers spending an address's codes", () => {
  test("after an attacker used up the address's codes from other clients, the owner's own browser still gets a code and signs in", async () => {
    const owner = await createOwner(`${unique("owner")}@example.com`);
    const ownersBrowser = new Browser();
    // The owner signed in with a code in this browser before (one of the hour's codes).
    let seen = smtp.mailsTo(owner.email).length;
    expect(statusOf(await ownersBrowser.askForCode(owner.email))).toBe(303);
    const first = await mailTo(owner.email, seen);
    expect(statusOf(await ownersBrowser.typeCode({ email: owner.email, code: first.code }))).toBe(302);
    ownersBrowser.jar.delete("tb_session"); // signed out since

    // The attacker spends the rest of the hour's codes, from clients of their own, by other spellings.
    const local = owner.email.split("@")[0]!;
    const attacker: number[] = [];
    for (let i = 0; i < CODES_PER_ADDRESS_PER_HOUR + 3; i++) attacker.push(statusOf(await new Browser().askForCode(`${local}+${i}@example.com`)));
    expect(attacker.filter((status) => status === 303)).toHaveLength(CODES_PER_ADDRESS_PER_HOUR - 1);
    // Anyone without the owner's browser is refused now, the owner on a new device too.
    const stranger = await new Browser().askForCode(owner.email);
    expect(statusOf(stranger)).toBe(429);
    expect(dataOf<{ codeError: string }>(stranger).codeError).toBe("auth.codesPerAddress");

    // The owner's browser: its own allowance.
    seen = smtp.mailsTo(owner.email).length;
    const asked = await ownersBrowser.askForCode(owner.email);
    expect(statusOf(asked)).toBe(303);
    const second = await mailTo(owner.email, seen);
    const signedIn = await ownersBrowser.typeCode({ email: owner.email, code: second.code });
    expect(statusOf(signedIn)).toBe(302);
    expect((await ownersBrowser.user())?.id).toBe(owner.id);
  });

  test(`the owner's browser's allowance is small (${CODES_PER_PROVEN_BROWSER_PER_HOUR} an hour, then the address's own), and a copied cookie of another address is worth nothing`, async () => {
    const owner = await createOwner(`${unique("small")}@example.com`);
    const other = await createOwner(`${unique("other")}@example.com`);
    const browser = new Browser();
    const seen = smtp.mailsTo(owner.email).length;
    await browser.askForCode(owner.email);
    const { code } = await mailTo(owner.email, seen);
    expect(statusOf(await browser.typeCode({ email: owner.email, code }))).toBe(302);
    browser.jar.delete("tb_session"); // signed out since
    // Spend the address's allowance (the first code took one).
    for (let i = 1; i < CODES_PER_ADDRESS_PER_HOUR; i++) expect(statusOf(await new Browser().askForCode(owner.email))).toBe(303);
    const statuses = [];
    for (let i = 0; i < CODES_PER_PROVEN_BROWSER_PER_HOUR + 1; i++) statuses.push(statusOf(await browser.askForCode(owner.email)));
    expect(statuses).toEqual([...Array(CODES_PER_PROVEN_BROWSER_PER_HOUR).fill(303), 429]);
    // The same cookie names no other address: that one's hour is its own, spent like anyone's.
    for (let i = 0; i < CODES_PER_ADDRESS_PER_HOUR; i++) await new Browser().askForCode(other.email);
    expect(statusOf(await browser.askForCode(other.email))).toBe(429);
  });
});

describe("a mailed link in another browser", () => {
  async function linkFor(email: string, browser = new Browser()) {
    const seen = smtp.mailsTo(email).length;
    expect(statusOf(await browser.askForCode(email))).toBe(303);
    return { browser, ...(await mailTo(email, seen)) };
  }

  test("forwarded to a fresh browser: the page names the account (masked) and signs in only on the tap; in the browser that asked, one tap as before", async () => {
    const sender = await createOwner(`a${unique("ttacker")}@example.com`);
    const victim = await createOwner(`v${unique("ictim")}@example.com`);
    const { browser: sendersBrowser, path, code } = await linkFor(sender.email);

    const fresh = new Browser();
    const page = await fresh.open(path);
    expect(statusOf(page)).toBe(200);
    const shown = dataOf<{ mode: string; prompt: { title: string; description: string }; email: string }>(page);
    expect(shown.mode).toBe("confirm");
    expect(shown.prompt.title).toBe("Sign in as a…@example.com?");
    expect(shown.prompt.title).not.toContain(sender.email);
    expect(await fresh.user()).toBeNull();
    expect(db.select().from(signInCodes).where(eq(signInCodes.email, sender.email)).all()).toHaveLength(1);

    // The browser that asked: the one-tap page.
    expect(dataOf<{ mode: string; prompt: unknown }>(await sendersBrowser.open(path))).toMatchObject({ mode: "code", prompt: null });

    // The tap signs the fresh browser in, to the account it named; the victim's account is untouched.
    const tapped = await fresh.typeCode({ email: sender.email, code });
    expect(statusOf(tapped)).toBe(302);
    expect((await fresh.user())?.id).toBe(sender.id);
    expect((await fresh.user())?.id).not.toBe(victim.id);
  });

  test("in Hindi, the question is Hindi and names the account the same way", async () => {
    const sender = await createOwner(`a${unique("hindi")}@example.com`);
    const { path } = await linkFor(sender.email);
    const page = await callRoute(codeRoute.loader, get(`${path}&hl=hi`));
    expect(dataOf<{ prompt: { title: string } }>(page).prompt.title).toBe("a…@example.com के रूप में साइन इन करें?");
  });

  test("a signed-in visitor is asked before being switched: nothing happens without the tap, the tap signs them out and in", async () => {
    const sender = await createOwner(`a${unique("switch")}@example.com`);
    const victim = await createOwner(`b${unique("signed")}@example.com`);
    const { path, code } = await linkFor(sender.email);
    const victimsBrowser = new Browser();
    victimsBrowser.keep(new Response(null, { headers: { "Set-Cookie": await createSession(db, victim.id) } }));
    expect((await victimsBrowser.user())?.id).toBe(victim.id);

    const page = await victimsBrowser.open(path);
    expect(statusOf(page)).toBe(200);
    expect(dataOf<{ mode: string; prompt: { title: string } }>(page)).toMatchObject({
      mode: "switch",
      prompt: { title: "You are signed in as b…@example.com. Sign out and sign in as a…@example.com?" },
    });

    // The plain code form posted without the question's tap: still the victim, the code still live.
    const untapped = await victimsBrowser.typeCode({ email: sender.email, code });
    expect(locationOf(untapped)).toBe("/profile");
    expect((await victimsBrowser.user())?.id).toBe(victim.id);
    expect(db.select().from(signInCodes).where(eq(signInCodes.email, sender.email)).all()).toHaveLength(1);

    // A wrong code with the tap: nothing changes either.
    const wrong = await victimsBrowser.typeCode({ intent: "switch-account", email: sender.email, code: code === "000000" ? "000001" : "000000" });
    expect(statusOf(wrong)).toBe(400);
    expect((await victimsBrowser.user())?.id).toBe(victim.id);

    const victimSessions = db.select().from(sessions).where(eq(sessions.userId, victim.id)).all();
    expect(victimSessions).toHaveLength(1);
    const switched = await victimsBrowser.typeCode({ intent: "switch-account", email: sender.email, code });
    expect(statusOf(switched)).toBe(302);
    expect((await victimsBrowser.user())?.id).toBe(sender.id);
    // The session left is gone, not merely replaced in this browser.
    expect(db.select().from(sessions).where(eq(sessions.userId, victim.id)).all()).toEqual([]);
  });

  test("a link whose address is no address asks nothing: a 400 that names nobody", async () => {
    const visitor = await createOwner(`s${unique("visitor")}@example.com`);
    for (const user of [undefined, visitor]) {
      const page = await callRoute(codeRoute.loader, get("/auth/code?email=nobody&code=123456"), { user });
      expect(statusOf(page)).toBe(400);
      expect(dataOf(page)).toMatchObject({ mode: "code", prompt: null, refused: "auth.invalidEmail", email: "" });
    }
  });

  test("a signed-in owner opening their own account's link just goes on", async () => {
    const owner = await createOwner(`o${unique("own")}@example.com`);
    const { path } = await linkFor(owner.email);
    const page = await callRoute(codeRoute.loader, get(path), { user: owner });
    expect(locationOf(page)).toBe("/profile");
  });
});
