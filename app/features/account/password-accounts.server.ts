// Developer-mode accounts: sign up with e-mail and password, confirm by a link sent by mail,
// sign in. Only reachable once developer mode is unlocked (see dev-mode.server.ts).
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { profiles, users } from "../../../db/schema";
import { normalizeEmail } from "~/features/account/admins.server";
import { getEnv } from "~/core/env.server";
import { queueMails } from "~/core/outbox.server";
import { hashPassword, verifyPassword } from "../../../db/password";
import { clearFailures, isLocked, recordFailure } from "~/core/rate-limit.server";
import type { Locale } from "~/core/locale";
import { accountLocaleOf } from "./account-locale.server";
import { confirmMail, signUpAgainMail } from "./account-mail";
import { SIGN_IN_PER_CLIENT_LIMIT, SIGN_IN_PER_EMAIL_LIMIT } from "./rules";

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

// Verifying against this keeps the time of "no such account" equal to "wrong password".
let dummyHash: Promise<string> | undefined;

/**
 * A developer-mode sign-up: a new account in `locale` (the page's language) and its confirmation
 * link by mail; an address that has an account gets a mail in that account's language instead.
 */
export async function signUp(db: Db, rawEmail: string, password: string, locale: Locale): Promise<void> {
  const email = normalizeEmail(rawEmail);
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  const link = `${getEnv().APP_URL}/auth/confirm?token=`;
  if (existing) {
    // Same answer as a new sign-up, so the form does not reveal who has an account.
    queueMails(db, [
      {
        key: `account:signup-again:${crypto.randomUUID()}`,
        kind: "account",
        userId: existing.id,
        to: email,
        ...signUpAgainMail({ link: `${getEnv().APP_URL}/auth` }, accountLocaleOf(db, existing.id)),
      },
    ]);
    return;
  }
  const secret = randomBytes(32).toString("base64url");
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    const [user] = tx
      .insert(users)
      .values({ email, passwordHash, confirmationTokenHash: hashSecret(secret), locale })
      .returning({ id: users.id })
      .all();
    tx.insert(profiles).values({ id: user.id }).run();
    queueMails(tx, [
      {
        key: `account:confirm:${user.id}`,
        kind: "account",
        userId: user.id,
        to: email,
        ...confirmMail({ link: `${link}${secret}` }, locale),
      },
    ]);
  });
}

/** Confirms the account the link was sent to; false for an unknown or used link. */
export async function confirmEmail(db: Db, secret: string): Promise<boolean> {
  if (!secret) return false;
    const user = await db.select({ id: users.id }).from(users).where(eq(users.confirmationTokenHash, hashSecret(secret))).get();
  if (!user) return false;
  await db.update(users).set({ emailConfirmedAt: new Date(), confirmationTokenHash: null }).where(eq(users.id, user.id));
  return true;
}

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid" | "unconfirmed" | "locked" };

export async function signIn(db: Db, rawEmail: string, password: string, clientIp: string): Promise<SignInResult> {
  const email = normalizeEmail(rawEmail);
  if ((await isLocked(db, SIGN_IN_PER_EMAIL_LIMIT, email)) || (await isLocked(db, SIGN_IN_PER_CLIENT_LIMIT, clientIp))) {
    return { ok: false, reason: "locked" };
  }
  const user = await db
    .select({ id: users.id, passwordHash: users.passwordHash, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.email, email))
    .get();
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !user.passwordHash || !valid) {
    await Promise.all([recordFailure(db, SIGN_IN_PER_EMAIL_LIMIT, email), recordFailure(db, SIGN_IN_PER_CLIENT_LIMIT, clientIp)]);
    return { ok: false, reason: "invalid" };
  }
  if (!user.confirmedAt) return { ok: false, reason: "unconfirmed" };
  await clearFailures(db, SIGN_IN_PER_EMAIL_LIMIT, email);
  return { ok: true, userId: user.id };
}
