// Route-level tests of sign-in with a code by e-mail (issue 33): the real /auth and /auth/code
// loaders and actions on a real temporary database, and the real mail path (nodemailer) to the
// loopback SMTP server (tests/support/smtp-server.ts), from whose received mails the tests read the
// code and the link. The demo data is seeded and more owners are made, so a code that reached the
// wrong account would show.
import path from "node:path";
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { seed } from "../../db/seed";
import { outbox, profiles, signInCodes, users } from "../../db/schema";
import { hashPassword } from "../../db/password";
import {
  CODE_POSTS_PER_CLIENT_PER_HOUR,
  CODE_WRONG_TRIES_MAX,
  CODES_PER_ADDRESS_PER_HOUR,
  SIGN_IN_CODE_VALID_MINUTES,
} from "~/features/account/rules";
import { getEnv } from "~/core/env.server";
import { deliverDue } from "~/core/outbox.server";
import { getSessionUser } from "~/features/account/session.server";
import { upsertGoogleUser } from "~/features/account/users.server";
import * as authRoute from "~/routes/auth/route";
import * as codeRoute from "~/routes/auth_.code";
import * as settingsRoute from "~/routes/_app.settings/route";
import { startSmtp, type SmtpProcess } from "../support/smtp-process";
import { BASE, callRoute, cookiesFrom, createOwner, dataOf, get, nextClientIp, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";
import { spawnServer, startServer, stopServer, waitForExit, type ServerProcess } from "./helpers";

let smtp: SmtpProcess;

beforeAll(async () => {
  smtp = await startSmtp();
  // Mail goes over SMTP to the loopback server. The environment is parsed once per process on
  // first use (core/env.server.ts); nothing has read it yet in this file's process, but start
  // afresh anyway so SMTP_URL is certainly seen.
  process.env.SMTP_URL = smtp.url;
  (globalThis as { __tagbackEnv?: unknown }).__tagbackEnv = undefined;
  await seed(testDb());
}, 30_000);

afterAll(async () => {
  await smtp?.stop();
});

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;

function askForCode(email: string, options: { clientIp?: string; redirectTo?: string } = {}) {
  return callRoute(authRoute.action, post("/auth", { intent: "email-code", email, redirectTo: options.redirectTo ?? "" }), {
    clientIp: options.clientIp,
  });
}

function typeCode(email: string, code: string, options: { clientIp?: string; redirectTo?: string } = {}) {
  return callRoute(codeRoute.action, post("/auth/code", { email, code, redirectTo: options.redirectTo ?? "" }), { clientIp: options.clientIp });
}

/** Asks for a code and reads it, and the link, from the mail the SMTP server received. */
async function codeFor(email: string, options: { clientIp?: string; redirectTo?: string } = {}) {
  // The mail goes to the address as the account keeps it (without case).
  const mailbox = email.trim().toLowerCase();
  const seen = smtp.mailsTo(mailbox).length;
  const response = await askForCode(email, options);
  expect(statusOf(response)).toBe(303);
  // The mail is a row of the outbox; the server's delivery loop sends it, here one pass of it.
  await deliverDue(testDb());
  const mail = await smtp.nextMailTo(mailbox, seen);
  const code = /sign-in code is (\d{6})/.exec(mail)?.[1];
  const link = /(http:\/\/localhost:\d+\/auth\/code\?\S+)/.exec(mail)?.[1];
  if (!code || !link) throw new Error(`no code or link in the mail:\n${mail}`);
  return { code, link, response, mail };
}

function locationOf(result: unknown) {
  return result instanceof Response ? result.headers.get("Location") : null;
}

async function signedInUserOf(result: unknown) {
  return getSessionUser(testDb(), new Request(BASE, { headers: { Cookie: cookiesFrom(result) } }));
}

function errorOf(result: unknown) {
  return dataOf<{ error?: string; codeError?: string; typed?: unknown }>(result);
}

function userByEmail(email: string) {
  return testDb().select().from(users).where(eq(users.email, email)).get();
}

describe("a code by e-mail", () => {
  test("a new address: the mail holds the code and a link; the code creates the account, verified, and lands on /profile", async () => {
    const email = uniqueEmail("new");
    const { code, link, response, mail } = await codeFor(email, { redirectTo: "/token" });
    expect(locationOf(response)).toBe(`/auth/code?email=${encodeURIComponent(email)}&redirectTo=%2Ftoken`);
    expect(mail).toContain(`minutes`);
    expect(userByEmail(email)).toBeUndefined(); // nothing is created by asking

    // The link opens the code page with the code filled in; it does not sign in by itself.
    const linkUrl = new URL(link);
    expect(linkUrl.searchParams.get("code")).toBe(code);
    const page = await callRoute(codeRoute.loader, get(linkUrl.pathname + linkUrl.search));
    expect(dataOf(page)).toMatchObject({ email, code, fromLink: true, redirectTo: "/token" });
    expect(testDb().select({ n: count() }).from(signInCodes).where(eq(signInCodes.email, email)).get()!.n).toBe(1);

    // Only a hash of the code is stored.
    const row = testDb().select().from(signInCodes).where(eq(signInCodes.email, email)).get()!;
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan((SIGN_IN_CODE_VALID_MINUTES - 1) * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SIGN_IN_CODE_VALID_MINUTES * 60_000);

    const signedIn = await typeCode(email, code, { redirectTo: "/token" });
    expect(statusOf(signedIn)).toBe(302);
    // A first sign-in always starts on the profile.
    expect(locationOf(signedIn)).toBe("/profile");
    const user = userByEmail(email)!;
    expect(user.emailConfirmedAt).toBeInstanceOf(Date);
    expect(testDb().select().from(profiles).where(eq(profiles.id, user.id)).get()).toBeDefined();
    expect((await signedInUserOf(signedIn))?.id).toBe(user.id);
    expect(testDb().select({ n: count() }).from(signInCodes).where(eq(signInCodes.email, email)).get()!.n).toBe(0);
  });

  test("a returning owner goes where they were going, in the same account; the address is matched without case", async () => {
    const owner = await createOwner(uniqueEmail("back"));
    const { code } = await codeFor(owner.email.toUpperCase(), { redirectTo: "/token" });
    const signedIn = await typeCode(` ${owner.email.toUpperCase()} `, code, { redirectTo: "/token" });
    expect(locationOf(signedIn)).toBe("/token");
    expect((await signedInUserOf(signedIn))?.id).toBe(owner.id);
    expect(testDb().select({ n: count() }).from(users).where(eq(users.email, owner.email)).get()!.n).toBe(1);
  });

  test("a wrong code is a 400 that keeps what was typed; the right code still works after it", async () => {
    const owner = await createOwner(uniqueEmail("wrong"));
    const { code } = await codeFor(owner.email);
    const wrongCode = code === "000000" ? "000001" : "000000";
    const wrong = await typeCode(owner.email, wrongCode);
    expect(statusOf(wrong)).toBe(400);
    expect(errorOf(wrong)).toEqual({ error: "auth.codeWrong", typed: { email: owner.email, code: wrongCode } });
    const malformed = await typeCode(owner.email, "12ab");
    expect(statusOf(malformed)).toBe(400);
    expect(errorOf(malformed).error).toBe("auth.codeFormat");
    const right = await typeCode(owner.email, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(locationOf(right)).toBe("/profile");
    expect((await signedInUserOf(right))?.id).toBe(owner.id);
  });

  test("a code is used once", async () => {
    const owner = await createOwner(uniqueEmail("reuse"));
    const { code } = await codeFor(owner.email);
    expect(statusOf(await typeCode(owner.email, code))).toBe(302);
    const again = await typeCode(owner.email, code);
    expect(statusOf(again)).toBe(400);
    expect(errorOf(again).error).toBe("auth.codeDead");
    expect(cookiesFrom(again)).toBe("");
  });

  test("an expired code signs nobody in", async () => {
    const owner = await createOwner(uniqueEmail("expired"));
    const { code } = await codeFor(owner.email);
    await testDb().update(signInCodes).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(signInCodes.email, owner.email));
    const late = await typeCode(owner.email, code);
    expect(statusOf(late)).toBe(400);
    expect(errorOf(late).error).toBe("auth.codeDead");
  });

  test(`after ${CODE_WRONG_TRIES_MAX} wrong tries the code is dead: the last is a 429, and then even the right code is refused`, async () => {
    const owner = await createOwner(uniqueEmail("tries"));
    const { code } = await codeFor(owner.email);
    const wrongCode = code === "999999" ? "999998" : "999999";
    const statuses = [];
    for (let i = 0; i < CODE_WRONG_TRIES_MAX; i++) statuses.push(statusOf(await typeCode(owner.email, wrongCode, { clientIp: nextClientIp() })));
    expect(statuses).toEqual([...Array(CODE_WRONG_TRIES_MAX - 1).fill(400), 429]);
    const right = await typeCode(owner.email, code);
    expect(statusOf(right)).toBe(400);
    expect(errorOf(right).error).toBe("auth.codeDead");
    expect(cookiesFrom(right)).toBe("");
    // A new code works again.
    const fresh = await codeFor(owner.email);
    expect(statusOf(await typeCode(owner.email, fresh.code))).toBe(302);
  });

  test("a new code replaces the one before", async () => {
    const owner = await createOwner(uniqueEmail("replace"));
    const first = await codeFor(owner.email);
    const second = await codeFor(owner.email);
    if (first.code !== second.code) expect(errorOf(await typeCode(owner.email, first.code)).error).toBe("auth.codeWrong");
    expect(locationOf(await typeCode(owner.email, second.code))).toBe("/profile");
  });

  test("a new code asked for before the last one's mail went out: that mail is never sent, only the live code's", async () => {
    const owner = await createOwner(uniqueEmail("resend"));
    const other = await createOwner(uniqueEmail("untouched"));
    const mailbox = owner.email.toLowerCase();
    // Another address's code mail is pending too: not cancelled by this one's new code.
    expect(statusOf(await askForCode(other.email))).toBe(303);
    // The first code's mail waits in the outbox (SMTP slow, the loop busy) when the owner asks again.
    expect(statusOf(await askForCode(owner.email))).toBe(303);
    const firstId = testDb().select({ id: signInCodes.id }).from(signInCodes).where(eq(signInCodes.email, mailbox)).get()!.id;
    expect(testDb().select().from(outbox).where(eq(outbox.key, `sign-in-code:${firstId}`)).get()).toMatchObject({ state: "pending" });
    const seen = smtp.mailsTo(mailbox).length;
    const second = await codeFor(owner.email);
    // The first code's row is gone from the outbox, and exactly one mail arrived: the live code's.
    expect(testDb().select().from(outbox).where(eq(outbox.key, `sign-in-code:${firstId}`)).all()).toEqual([]);
    await deliverDue(testDb());
    expect(smtp.mailsTo(mailbox).slice(seen)).toEqual([second.mail]);
    expect(locationOf(await typeCode(owner.email, second.code))).toBe("/profile");
    // The other address's mail went out as usual.
    expect(smtp.mailsTo(other.email.toLowerCase())).toHaveLength(1);
  });

  test("a code for one address never signs in another", async () => {
    const alice = await createOwner(uniqueEmail("alice"));
    const bob = await createOwner(uniqueEmail("bob"));
    const forAlice = await codeFor(alice.email);
    // Bob has no code: dead. Then with a code of his own, Alice's is simply wrong.
    expect(errorOf(await typeCode(bob.email, forAlice.code)).error).toBe("auth.codeDead");
    const forBob = await codeFor(bob.email);
    if (forBob.code !== forAlice.code) expect(errorOf(await typeCode(bob.email, forAlice.code)).error).toBe("auth.codeWrong");
    const asAlice = await typeCode(alice.email, forAlice.code);
    expect((await signedInUserOf(asAlice))?.id).toBe(alice.id);
  });

  test("known and unknown addresses get the same answer (status, shape) in about the same time", async () => {
    const known = await createOwner(uniqueEmail("known"));
    const time = async (email: string) => {
      const started = performance.now();
      const response = await askForCode(email);
      return { ms: performance.now() - started, status: statusOf(response), location: locationOf(response)?.replace(encodeURIComponent(email), "EMAIL") };
    };
    const knownRuns = [];
    const unknownRuns = [];
    // Interleaved, each address within its hourly codes.
    for (let i = 0; i < CODES_PER_ADDRESS_PER_HOUR; i++) {
      knownRuns.push(await time(known.email));
      unknownRuns.push(await time(uniqueEmail("nobody")));
    }
    expect(new Set([...knownRuns, ...unknownRuns].map((run) => `${run.status} ${run.location}`))).toEqual(new Set(["303 /auth/code?email=EMAIL"]));
    const median = (runs: { ms: number }[]) => runs.map((run) => run.ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    // Both send one mail; only the time of the SMTP round trip varies.
    expect(Math.abs(median(knownRuns) - median(unknownRuns))).toBeLessThan(25);
  });

  test(`at most ${CODES_PER_ADDRESS_PER_HOUR} codes to one address in an hour, from any client: then a 429 that keeps the address`, async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < CODES_PER_ADDRESS_PER_HOUR; i++) {
      expect(statusOf(await askForCode(email, { clientIp: nextClientIp() }))).toBe(303);
      // Each mail sent before the next code is asked for (a code replaced while its mail is still
      // in the outbox is not mailed at all: the test above).
      await deliverDue(testDb());
    }
    const refused = await askForCode(email, { clientIp: nextClientIp() });
    expect(statusOf(refused)).toBe(429);
    expect(errorOf(refused)).toMatchObject({ codeError: "auth.codesPerAddress", typed: email });
    await deliverDue(testDb());
    expect(smtp.mailsTo(email)).toHaveLength(CODES_PER_ADDRESS_PER_HOUR);
  });

  test(`at most ${CODE_POSTS_PER_CLIENT_PER_HOUR} code-form posts from one client in an hour: then 429 on both forms`, async () => {
    const clientIp = "198.51.100.77";
    for (let i = 0; i < CODE_POSTS_PER_CLIENT_PER_HOUR; i++) expect(statusOf(await typeCode("nobody@example.test", "123456", { clientIp }))).toBe(400);
    const typing = await typeCode("nobody@example.test", "123456", { clientIp });
    expect(statusOf(typing)).toBe(429);
    expect(errorOf(typing)).toEqual({ error: "auth.codePostsPerClient", typed: { email: "nobody@example.test", code: "123456" } });
    const asking = await askForCode(uniqueEmail("limited"), { clientIp });
    expect(statusOf(asking)).toBe(429);
    expect(errorOf(asking).codeError).toBe("auth.codePostsPerClient");
    // Another client is not affected.
    expect(statusOf(await typeCode("nobody@example.test", "123456", { clientIp: "198.51.100.78" }))).toBe(400);
  });

  test("a bad address is a 400 that keeps it, and sends nothing", async () => {
    const refused = await askForCode("not-an-address");
    expect(statusOf(refused)).toBe(400);
    expect(errorOf(refused)).toMatchObject({ codeError: "auth.invalidEmail", typed: "not-an-address" });
  });

  test("a deployed server with mail off (MAIL_DELIVERY=off) offers no codes", async () => {
    const holder = globalThis as { __tagbackEnv?: ReturnType<typeof getEnv> };
    const real = getEnv();
    holder.__tagbackEnv = { ...real, SMTP_URL: undefined, demoMode: false, mailDelivery: "off" };
    try {
      const page = dataOf<{ emailCodes: boolean }>(await callRoute(authRoute.loader, get("/auth")));
      expect(page.emailCodes).toBe(false);
      const email = uniqueEmail("nomail");
      const refused = await askForCode(email);
      expect(statusOf(refused)).toBe(403);
      expect(errorOf(refused)).toMatchObject({ codeError: "auth.codesUnavailable", typed: email });
      expect(testDb().select().from(signInCodes).where(eq(signInCodes.email, email)).all()).toEqual([]);
    } finally {
      holder.__tagbackEnv = real;
    }
    expect(dataOf<{ emailCodes: boolean }>(await callRoute(authRoute.loader, get("/auth"))).emailCodes).toBe(true);
  });

  test("a signed-in user is sent on from both pages", async () => {
    const owner = await createOwner(uniqueEmail("signed"));
    expect(locationOf(await callRoute(codeRoute.loader, get("/auth/code?email=x@example.test"), { user: owner }))).toBe("/profile");
    expect(locationOf(await callRoute(codeRoute.action, post("/auth/code", { email: owner.email, code: "123456" }), { user: owner }))).toBe("/profile");
  });
});

describe("one account per person", () => {
  test("Google first, then a code for the same address: the same account", async () => {
    const email = uniqueEmail("google-first");
    const { userId } = await upsertGoogleUser(testDb(), { sub: `google-${email}`, email, picture: null, name: "G First" });
    const { code } = await codeFor(email);
    const signedIn = await typeCode(email, code);
    expect(locationOf(signedIn)).toBe("/profile");
    expect((await signedInUserOf(signedIn))?.id).toBe(userId);
    expect(testDb().select({ n: count() }).from(users).where(eq(users.email, email)).get()!.n).toBe(1);
  });

  test("a code first, then Google with the same address: the same account", async () => {
    const email = uniqueEmail("code-first");
    const { code } = await codeFor(email);
    const signedIn = await typeCode(email, code);
    const userId = (await signedInUserOf(signedIn))!.id;
    const google = await upsertGoogleUser(testDb(), { sub: `google-${email}`, email, picture: null, name: null });
    expect(google).toEqual({ userId, created: false });
  });

  test("a developer-mode sign-up never confirmed loses its password when a code proves the address", async () => {
    const email = uniqueEmail("squatted");
    const [user] = await testDb()
      .insert(users)
      .values({ email, passwordHash: await hashPassword("someone-else"), confirmationTokenHash: "x".repeat(64) })
      .returning();
    await testDb().insert(profiles).values({ id: user!.id });
    const { code } = await codeFor(email);
    const signedIn = await typeCode(email, code);
    expect((await signedInUserOf(signedIn))?.id).toBe(user!.id);
    const after = userByEmail(email)!;
    expect(after.passwordHash).toBeNull();
    expect(after.confirmationTokenHash).toBeNull();
    expect(after.emailConfirmedAt).toBeInstanceOf(Date);
  });

  test("the placeholder address of an anonymous finder never signs in, even with its code", async () => {
    const id = crypto.randomUUID();
    const email = `finder-${id}@finder.invalid`;
    await testDb().insert(users).values({ id, email, anonymousFinder: true });
    const { code } = await codeFor(email);
    const refused = await typeCode(email, code);
    expect(statusOf(refused)).toBe(400);
    expect(cookiesFrom(refused)).toBe("");
  });

  test("deleting the account deletes its pending code, and the code's mail if not sent yet", async () => {
    const owner = await createOwner(uniqueEmail("erase"));
    const other = await createOwner(uniqueEmail("stays"));
    await codeFor(owner.email);
    await codeFor(other.email);
    // A newer code whose mail the outbox has not sent yet: its pending row holds the address.
    expect(statusOf(await askForCode(owner.email))).toBe(303);
    const pendingMails = () => testDb().select().from(outbox).where(like(outbox.payload, `%${owner.email}%`)).all();
    expect(pendingMails()).toHaveLength(1);
    const response = await callRoute(settingsRoute.action, post("/settings", { intent: "delete-account", confirm: owner.email }), { user: owner });
    expect(statusOf(response)).toBe(302);
    expect(testDb().select().from(signInCodes).where(eq(signInCodes.email, owner.email)).all()).toEqual([]);
    expect(pendingMails()).toEqual([]);
    expect(testDb().select().from(signInCodes).where(eq(signInCodes.email, other.email)).all()).toHaveLength(1);
  });
});

describe("a scripted brute force", () => {
  test("10,000 guesses from 10,000 addresses, asking for new codes whenever allowed: 0 accepted, even with each real code guessed after it died", async () => {
    const victim = await createOwner(uniqueEmail("victim"));
    const warn = vi.spyOn(console, "warn");
    let accepted = 0;
    let compared = 0;
    let guesses = 0;
    let codesSent = 0;
    let pendingRealCode: string | null = null;
    let wrongInARow = 0;
    for (let i = 0; guesses < 10_000; i++) {
      // The attacker asks for a fresh code whenever the last one is dead (the limit decides).
      if (wrongInARow === 0 || wrongInARow >= CODE_WRONG_TRIES_MAX) {
        const seen = smtp.mailsTo(victim.email).length;
        const asked = await askForCode(victim.email, { clientIp: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
        if (statusOf(asked) === 303) {
          codesSent += 1;
          await deliverDue(testDb());
          // The test (not the attacker) reads the real code, to try it once the code is dead.
          pendingRealCode = /sign-in code is (\d{6})/.exec(await smtp.nextMailTo(victim.email, seen))![1]!;
        }
        wrongInARow = 0;
      }
      // Systematic guesses, each from another client; never the real code while the code lives.
      let guess = String(guesses).padStart(6, "0");
      if (guess === pendingRealCode) guess = String(999_999 - guesses).padStart(6, "0");
      const clientIp = `10.${(guesses >> 16) & 255}.${(guesses >> 8) & 255}.${guesses & 255}`;
      const answer = await typeCode(victim.email, guess, { clientIp });
      guesses += 1;
      if (statusOf(answer) === 302) accepted += 1;
      const error = errorOf(answer).error;
      if (error === "auth.codeWrong" || error === "auth.codeTriesUsed") {
        compared += 1;
        wrongInARow += 1;
        if (error === "auth.codeTriesUsed" && pendingRealCode) {
          // The dead code, guessed right: still refused.
          const late = await typeCode(victim.email, pendingRealCode, { clientIp });
          guesses += 1;
          if (statusOf(late) === 302) accepted += 1;
          expect(errorOf(late).error).toBe("auth.codeDead");
          pendingRealCode = null;
        }
      }
    }
    expect(accepted).toBe(0);
    expect(codesSent).toBe(CODES_PER_ADDRESS_PER_HOUR);
    // Only the codes the hour allowed were ever compared, each at most its tries.
    expect(compared).toBe(CODES_PER_ADDRESS_PER_HOUR * CODE_WRONG_TRIES_MAX);
    expect(warn).not.toHaveBeenCalled();
    expect(testDb().select({ n: count() }).from(users).where(and(eq(users.email, victim.email))).get()!.n).toBe(1);
  }, 300_000);
});

describe("through the real server (node server.js, production build)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ DATABASE_PATH: path.join(process.env.TAGBACK_TEST_DIR!, "server.db"), SMTP_URL: smtp.url });
  }, 90_000);
  afterAll(async () => {
    await stopServer(server);
  });

  const form = (fields: Record<string, string>, origin: string, cookie = "") =>
    ({
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }) as const;

  test("cross-site posts of both forms are refused and send nothing; a same-site sign-in by the mail's link works", async () => {
    const email = uniqueEmail("wire");
    const evil = "https://evil.example";
    expect((await fetch(`${server.url}/auth`, form({ intent: "email-code", email }, evil))).status).toBe(403);
    expect((await fetch(`${server.url}/auth/code`, form({ email, code: "123456" }, evil))).status).toBe(403);
    expect(smtp.mailsTo(email)).toEqual([]);

    const asked = await fetch(`${server.url}/auth`, form({ intent: "email-code", email }, server.url));
    expect(asked.status).toBe(303);
    const mail = await smtp.nextMailTo(email, 0);
    const link = new URL(/(http:\/\/127\.0\.0\.1:\d+\/auth\/code\?\S+)/.exec(mail)![1]!);
    expect(link.origin).toBe(server.url);
    // The link's page has the code filled in, in a plain form with the fields email and code.
    const page = await (await fetch(link)).text();
    const code = link.searchParams.get("code")!;
    expect(page).toContain(`name="code"`);
    expect(page).toContain(`value="${code}"`);
    expect(page).toContain(`name="email"`);
    const signedIn = await fetch(`${server.url}/auth/code`, form({ email, code }, server.url));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/profile");
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("tb_session="))!.split(";")[0]!;
    const profile = await fetch(`${server.url}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(profile.status).toBe(200);
  });
});

test("production with no public sign-in method (mail off, no Google) refuses to start, with one clear line; SMTP_URL alone is enough", async () => {
  const deployed = { APP_URL: "https://tagback.example", SESSION_SECRET: "start-check-secret", DATABASE_PATH: path.join(process.env.TAGBACK_TEST_DIR!, "start.db") };
  const refused = await spawnServer({ ...deployed, SMTP_URL: "", MAIL_DELIVERY: "off", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" });
  await waitForExit(refused.child);
  expect(refused.child.exitCode).toBe(1);
  expect(refused.stderr()).toContain(
    "MAIL_DELIVERY: is off and Google sign-in is not configured: nobody could sign in. Set SMTP_URL (sign-in codes by e-mail) or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET",
  );
  const started = await startServer({ ...deployed, SMTP_URL: smtp.url });
  await stopServer(started);
}, 90_000);
