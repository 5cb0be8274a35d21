// Sign-in with a code by e-mail (issue 33, decision 033): a 6-digit code and a one-tap link, valid
// 10 minutes, used once. remix-auth-totp keeps a code's state in an encrypted cookie of the browser
// that asked for it; we keep it in the database instead (`sign_in_codes`), because a cookie can be
// replayed with its try counter as it was, and the mail's link must work in another browser than
// the one that asked (a phone's mail app opens its own).
//
// - Asking for a code never looks the address up: a known and an unknown address go through the
//   very same steps (a row, a mail) and get the same answer, so the form tells nobody who has an
//   account. The account is found or created only when a right code comes back.
// - Only an HMAC of the code is stored, keyed with SESSION_SECRET: a stolen copy of the database
//   cannot recover a code by trying the million of them.
// - A try is spent before the code is compared, in one statement, so concurrent guesses can never
//   take more than CODE_WRONG_TRIES_MAX turns; a right code is taken by deleting its row, so of two
//   concurrent uses one wins.
// - One live code per address: a new one replaces the one before, and the old one's mail is not
//   sent if the outbox still holds it (decision 033).
// - The mail is a row of the outbox (core/outbox.server.ts, decision 032), queued in the code's own
//   transaction: the code exists exactly when its mail is owed, and the request never waits for SMTP.
// - The mail is in the language of the account the address belongs to, or, for an address with no
//   account yet, of the page that asked (decision 048); an account made by a right code keeps that
//   page's language. Only the reader of the mailbox sees which: the form's answer is the same.
// - The limit of codes per address counts the mailbox the address delivers to (victim+1@ and
//   Victim@ are victim@), while the code, its row and the account keep the address as typed
//   (lower-cased): two spellings stay two accounts, only their inbox is shared (decision 044).
// - The browser's side (decision 044): one signed cookie on /auth remembers the code this browser
//   asked for last and the addresses it proved with a code. A proven browser has an allowance of
//   its own, so strangers spending an address's codes cannot keep its owner out; and a mailed link
//   opened in a browser that neither asked for its code nor proved its address first names the
//   account and waits for a tap (routes/auth_.code.tsx), so a forwarded link cannot quietly sign
//   someone into the sender's account.
import { createHmac, randomInt } from "node:crypto";
import { z } from "zod";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { outbox, profiles, signInCodes, users } from "../../../db/schema";
import { signedCookie } from "~/core/cookies.server";
import { mailboxOf } from "~/core/email-address";
import { cookieSecrets, getEnv } from "~/core/env.server";
import { queueMails, type QueuedMail } from "~/core/outbox.server";
import { consume } from "~/core/rate-limit.server";
import { safeEqual } from "~/core/safe-equal.server";
import { DEFAULT_LOCALE, type Locale } from "~/core/locale";
import { accountLocaleOfEmail } from "./account-locale.server";
import { signInCodeMail } from "./account-mail";
import { normalizeEmail } from "./admins.server";
import {
  CODE_BROWSER_DAYS,
  CODE_BROWSER_PROVEN_MAX,
  CODE_POSTS_PER_CLIENT_LIMIT,
  CODE_WRONG_TRIES_MAX,
  CODES_PER_ADDRESS_LIMIT,
  CODES_PER_PROVEN_BROWSER_LIMIT,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_VALID_MINUTES,
} from "./rules";

/** The page where a code is typed, and where the mail's link lands with the code filled in. */
export const CODE_PAGE_PATH = "/auth/code";

function codeHash(rowId: string, code: string): string {
  // The row's id in the hash: the same code sent twice is two different hashes.
  return createHmac("sha256", cookieSecrets()[0]!).update(`sign-in-code:${rowId}:${code}`).digest("hex");
}

function newCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE_DIGITS)).padStart(SIGN_IN_CODE_DIGITS, "0");
}

/** The address of the code page, with the address and (for the mail's link) the code filled in. */
export function codePagePath(params: { email: string; code?: string; redirectTo?: string }): string {
  const search = new URLSearchParams({ email: params.email });
  if (params.code) search.set("code", params.code);
  if (params.redirectTo) search.set("redirectTo", params.redirectTo);
  return `${CODE_PAGE_PATH}?${search}`;
}

/**
 * Codes are offered where mail reaches people: over SMTP, or in demo mode without SMTP_URL, where
 * the mail goes to the log of the developer's own machine. Not with MAIL_DELIVERY=off: the code
 * would never arrive.
 */
export function signInCodesAvailable(): boolean {
  const delivery = getEnv().mailDelivery;
  return delivery === "smtp" || delivery === "log";
}

/** Spends one of the client's code-form posts; false when they are used up. */
export async function allowCodePost(db: Db, clientKey: string): Promise<boolean> {
  return (await consume(db, CODE_POSTS_PER_CLIENT_LIMIT, clientKey)).allowed;
}

// ---------------------------------------------------------------------------------------------
// The browser that asks. Its cookie holds no address: the code's row id, and for each proven
// address an HMAC of its mailbox (keyed with SESSION_SECRET, so nobody can make one up, and the
// browser's owner cannot read addresses out of it). Path /auth: no other page carries it.

/** What a browser's cookie says: the code it asked for last, and the addresses it proved. */
export type CodeBrowser = { asked: string | null; proven: readonly string[] };

const codeBrowserValue = z.object({
  asked: z.string().max(64).optional(),
  proven: z.array(z.string().max(64)).max(CODE_BROWSER_PROVEN_MAX).optional(),
});

function codeBrowserCookie() {
  return signedCookie("tb_code_browser", { path: "/auth", maxAge: CODE_BROWSER_DAYS * 24 * 60 * 60 });
}

/** The browser's cookie, or an empty one when it is missing, forged or not ours. */
export async function readCodeBrowser(request: Request): Promise<CodeBrowser> {
  const header = request.headers.get("Cookie");
  const value: unknown = header ? await codeBrowserCookie().parse(header).catch(() => null) : null;
  const parsed = codeBrowserValue.safeParse(value);
  return parsed.success ? { asked: parsed.data.asked ?? null, proven: parsed.data.proven ?? [] } : { asked: null, proven: [] };
}

/** The Set-Cookie header that keeps `browser`. */
export function codeBrowserHeader(browser: CodeBrowser): Promise<string> {
  return codeBrowserCookie().serialize(browser.asked ? { asked: browser.asked, proven: browser.proven } : { proven: browser.proven });
}

function provenMark(email: string): string {
  return createHmac("sha256", cookieSecrets()[0]!).update(`code-proven:${mailboxOf(email)}`).digest("base64url").slice(0, 22);
}

function hasProven(browser: CodeBrowser, email: string): boolean {
  return browser.proven.includes(provenMark(email));
}

/** The browser after a right code for `email`: that address proven here, newest first. */
export function provenIn(browser: CodeBrowser, email: string): CodeBrowser {
  const mark = provenMark(email);
  return { asked: null, proven: [mark, ...browser.proven.filter((other) => other !== mark)].slice(0, CODE_BROWSER_PROVEN_MAX) };
}

/**
 * Is this the owner's own browser for the address's live code: the one that asked for it, or one
 * that proved the address before? Then the mailed link is one tap; elsewhere the page names the
 * account first.
 */
export async function isOwnBrowser(db: Db, rawEmail: string, browser: CodeBrowser): Promise<boolean> {
  if (hasProven(browser, rawEmail)) return true;
  if (!browser.asked) return false;
  const row = await db.select({ id: signInCodes.id }).from(signInCodes).where(eq(signInCodes.email, normalizeEmail(rawEmail))).get();
  return row !== undefined && safeEqual(row.id, browser.asked);
}

/**
 * Spends one code of the address's hour: a browser that proved the address spends its own
 * allowance first, anyone else the address's. Both count the mailbox, not the spelling.
 */
async function spendCodeAllowance(db: Db, email: string, browser: CodeBrowser): Promise<boolean> {
  const mailbox = mailboxOf(email);
  if (hasProven(browser, email) && (await consume(db, CODES_PER_PROVEN_BROWSER_LIMIT, mailbox)).allowed) return true;
  return (await consume(db, CODES_PER_ADDRESS_LIMIT, mailbox)).allowed;
}

export type CodeRequestResult = { ok: true; browser: CodeBrowser } | { ok: false; reason: "address-limit" };

/**
 * Sends a new code to the address (replacing any code before it), unless the mailbox had its
 * codes for this hour. Known and unknown addresses take the same path. On success, the browser as
 * it is to be kept: the new code is the one it asked for. `locale` is the asking page's language,
 * the mail's when the address has no account.
 */
export async function sendSignInCode(
  db: Db,
  rawEmail: string,
  redirectTo = "",
  browser: CodeBrowser = { asked: null, proven: [] },
  locale: Locale = DEFAULT_LOCALE,
): Promise<CodeRequestResult> {
  const email = normalizeEmail(rawEmail);
  if (!(await spendCodeAllowance(db, email, browser))) return { ok: false, reason: "address-limit" };
  const code = newCode();
  const id = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + SIGN_IN_CODE_VALID_MINUTES * 60_000);
  db.transaction((tx) => {
    // The code this one replaces: dead from now on, so its mail, if the outbox has not sent it
    // yet, is not sent (it would carry a code that no longer works, after the live one).
    const replaced = tx.select({ id: signInCodes.id }).from(signInCodes).where(eq(signInCodes.email, email)).get();
    if (replaced) cancelCodeMails(tx, [replaced.id]);
    tx.insert(signInCodes)
      .values({ id, email, codeHash: codeHash(id, code), expiresAt })
      .onConflictDoUpdate({ target: signInCodes.email, set: { id, codeHash: codeHash(id, code), wrongTries: 0, expiresAt, createdAt: new Date() } })
      .run();
    queueMails(tx, [codeMail(id, email, code, redirectTo, accountLocaleOfEmail(tx, email) ?? locale)]);
  });
  return { ok: true, browser: { asked: id, proven: browser.proven } };
}

/** The one mail that carries a sign-in code (the only place a code leaves the server). */
function codeMail(id: string, email: string, code: string, redirectTo: string, locale: Locale): QueuedMail {
  const link = `${getEnv().APP_URL}${codePagePath({ email, code, redirectTo })}`;
  return {
    // The code's row id: the key names no address (settled rows outlive an erasure for a few days).
    key: `sign-in-code:${id}`,
    kind: "account",
    // Someone is on the code page waiting for it: the outbox's urgent lane (decision 042).
    urgent: true,
    to: email,
    ...signInCodeMail({ code, link, minutes: SIGN_IN_CODE_VALID_MINUTES }, locale),
  };
}

export type CodeCheckResult = { ok: true; userId: string; created: boolean } | { ok: false; reason: "wrong" | "tries-used" | "dead" };

/**
 * Checks a typed code for the address. Right: the code is used up and the account found (by its
 * e-mail, so the same account as Google's) or created, with the address verified and `locale` (the
 * page's language) as its language. Wrong: one try spent, "tries-used" when it was the last;
 * "dead" when there is no live code (none sent, expired, used, replaced, or out of tries).
 */
export async function checkSignInCode(db: Db, rawEmail: string, typed: string, locale: Locale = DEFAULT_LOCALE): Promise<CodeCheckResult> {
  const email = normalizeEmail(rawEmail);
  const now = new Date();
  // Spend a try first: a guess is counted whether or not it is right.
  const [row] = await db
    .update(signInCodes)
    .set({ wrongTries: sql`${signInCodes.wrongTries} + 1` })
    .where(and(eq(signInCodes.email, email), gt(signInCodes.expiresAt, now), lt(signInCodes.wrongTries, CODE_WRONG_TRIES_MAX)))
    .returning({ id: signInCodes.id, codeHash: signInCodes.codeHash, wrongTries: signInCodes.wrongTries });
  if (!row) return { ok: false, reason: "dead" };
  const right = /^\d+$/.test(typed) && typed.length === SIGN_IN_CODE_DIGITS && safeEqual(codeHash(row.id, typed), row.codeHash);
  if (!right) {
    // The last wrong try kills the code: its row goes, nothing of it is left to guess.
    if (row.wrongTries >= CODE_WRONG_TRIES_MAX) {
      await db.delete(signInCodes).where(eq(signInCodes.id, row.id));
      return { ok: false, reason: "tries-used" };
    }
    return { ok: false, reason: "wrong" };
  }
  const taken = await db.delete(signInCodes).where(eq(signInCodes.id, row.id)).returning({ id: signInCodes.id });
  if (taken.length === 0) return { ok: false, reason: "dead" };
  const account = accountForVerifiedEmail(db, email, locale);
  return account ? { ok: true, ...account } : { ok: false, reason: "dead" };
}

/**
 * The account of an address that has just been proven (a right code): found by e-mail, or created
 * with an empty profile. An account whose address was never confirmed (a developer-mode sign-up)
 * is confirmed now, and its password dropped: whoever chose it never proved the address, and it
 * must not open the account of the person who just did. Null for the placeholder address of an
 * anonymous finder (features/finder-contact), which is nobody's and never signs in.
 */
function accountForVerifiedEmail(db: Db, email: string, locale: Locale): { userId: string; created: boolean } | null {
  return db.transaction((tx) => {
    const found = tx
      .select({ id: users.id, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(and(eq(users.email, email), eq(users.anonymousFinder, false)))
      .get();
    if (found) {
      if (!found.confirmedAt) {
        tx.update(users).set({ emailConfirmedAt: new Date(), passwordHash: null, confirmationTokenHash: null }).where(eq(users.id, found.id)).run();
      }
      return { userId: found.id, created: false };
    }
    const [user] = tx.insert(users).values({ email, emailConfirmedAt: new Date(), locale }).onConflictDoNothing().returning({ id: users.id }).all();
    if (!user) return null;
    tx.insert(profiles).values({ id: user.id }).run();
    return { userId: user.id, created: true };
  });
}

/**
 * Erasure (features/account/erasure.server.ts): the address's pending code goes with the account,
 * and its mail too if the outbox has not sent it yet (a pending row holds the address and the code).
 * Synchronous, inside the erasure's transaction.
 */
export function forgetCodesOf(tx: Pick<Db, "delete">, email: string): void {
  const codes = tx.delete(signInCodes).where(eq(signInCodes.email, normalizeEmail(email))).returning({ id: signInCodes.id }).all();
  cancelCodeMails(tx, codes.map((row) => row.id));
}

/**
 * Deletes the mails of these codes that the outbox has not sent yet (a replaced code, an erased
 * account's). One the delivery loop is sending at this very moment still goes: its row is gone
 * when it would be marked.
 */
function cancelCodeMails(tx: Pick<Db, "delete">, codeIds: readonly string[]): void {
  if (codeIds.length === 0) return;
  tx.delete(outbox)
    .where(and(eq(outbox.state, "pending"), inArray(outbox.key, codeIds.map((id) => `sign-in-code:${id}`))))
    .run();
}
