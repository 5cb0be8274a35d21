// Claiming a sticker with its password (spec 001 §4): on /token (Verify Token) and on /found,
// where a signed-in user who searched an unclaimed token can claim it ('Token Claimed').
//
// Claiming is guarded twice (limits in ./rules.ts): wrong passwords are counted per
// token (CLAIM_PER_TOKEN_LIMIT: 5 a day) and per user (CLAIM_PER_USER_LIMIT: 10 a day, which also counts
// unknown tokens, so nobody can probe the token space); either lock refuses before any password is
// hashed. The claim itself is one conditional UPDATE, so of two users with the right password
// exactly one wins.
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { tagbackTokens } from "../../../db/schema";
import { verifyPassword } from "../../../db/password";
import { clearFailures, isLocked, recordFailure } from "~/core/rate-limit.server";
import { CLAIM_PER_TOKEN_LIMIT, CLAIM_PER_USER_LIMIT } from "./rules";
import type { MessageKey } from "~/i18n/messages";

export type ClaimOutcome = { ok: true } | { ok: false; reason: "unknown" | "taken" | "wrong" | "already-yours" | "locked" };

export async function claimToken(db: Db, userId: string, token: string, password: string): Promise<ClaimOutcome> {
  if ((await isLocked(db, CLAIM_PER_USER_LIMIT, userId)) || (await isLocked(db, CLAIM_PER_TOKEN_LIMIT, token))) {
    return { ok: false, reason: "locked" };
  }
  const row = await db
    .select({ userId: tagbackTokens.userId, isVerified: tagbackTokens.isVerified, passwordHash: tagbackTokens.passwordHash })
    .from(tagbackTokens)
    .where(eq(tagbackTokens.token, token))
    .get();
  if (!row) {
    const locked = await recordFailure(db, CLAIM_PER_USER_LIMIT, userId);
    return { ok: false, reason: locked ? "locked" : "unknown" };
  }
  if (!(await verifyPassword(password, row.passwordHash))) {
    const [userLocked, tokenLocked] = await Promise.all([
      recordFailure(db, CLAIM_PER_USER_LIMIT, userId),
      recordFailure(db, CLAIM_PER_TOKEN_LIMIT, token),
    ]);
    return { ok: false, reason: userLocked || tokenLocked ? "locked" : "wrong" };
  }
  // The right password: whose the token is is told only now.
  if (row.userId === userId && row.isVerified) return { ok: false, reason: "already-yours" };
  if (row.userId !== null && row.userId !== userId) return { ok: false, reason: "taken" };
  const claimed = await db
    .update(tagbackTokens)
    .set({ userId, isClaimed: true, isVerified: true })
    .where(and(eq(tagbackTokens.token, token), or(isNull(tagbackTokens.userId), eq(tagbackTokens.userId, userId))))
    .returning({ id: tagbackTokens.id })
    .all();
  if (claimed.length === 0) return { ok: false, reason: "taken" };
  await clearFailures(db, CLAIM_PER_TOKEN_LIMIT, token);
  return { ok: true };
}

/** What a refused claim tells the user, and the status it is answered with. */
export const CLAIM_REFUSALS = {
  unknown: { key: "token.unknown", status: 404 },
  taken: { key: "token.taken", status: 409 },
  wrong: { key: "token.wrong", status: 400 },
  "already-yours": { key: "token.alreadyYours", status: 409 },
  locked: { key: "token.locked", status: 429 },
} as const satisfies Record<Extract<ClaimOutcome, { ok: false }>["reason"], { key: MessageKey; status: number }>;

/**
 * Whether this user may claim the token they just searched on /found: it exists and nobody holds
 * it (or they hold it but never verified it). Only signed-in users ever ask.
 */
export async function isClaimableBy(db: Db, userId: string, token: string): Promise<boolean> {
  const row = await db
    .select({ id: tagbackTokens.id })
    .from(tagbackTokens)
    .where(
      and(
        eq(tagbackTokens.token, token),
        or(isNull(tagbackTokens.userId), and(eq(tagbackTokens.userId, userId), eq(tagbackTokens.isVerified, false))),
      ),
    )
    .get();
  return Boolean(row);
}
