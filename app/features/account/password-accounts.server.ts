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
import { SIGN_IN_PER_CLIENT_LIMIT, SIGN_IN_PER_EMAIL_LIMIT } from "./rules";

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

// Verifying against this keeps the time of "no such account" equal to "wrong password".
let dummyHash: Promise<string> | undefined;

export async function signUp(db: Db, rawEmail: string, password: string): Promise<void> {
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
        subject: "Your Tagback account",
        text: `Someone tried to sign up to Tagback with this address. You already have an account: sign in at ${getEnv().APP_URL}/auth.`,
      },
    ]);
    return;
  }
  const secret = randomBytes(32).toString("base64url");
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    const [user] = tx
      .insert(users)
      .values({ email, passwordHash, confirmationTokenHash: hashSecret(secret) })
      .returning({ id: users.id })
      .all();
    tx.insert(profiles).values({ id: user.id }).run();
    queueMails(tx, [
      {
        key: `account:confirm:${user.id}`,
        kind: "account",
        userId: user.id,
        to: email,
        subject: "Confirm your Tagback account",
        text: `Welcome to Tagback! Confirm your e-mail address by opening this link:\n\n${link}${secret}\n\nIf you did not sign up, ignore this message.`,
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
