// A signed-in owner's stickers: claim one with its password, list them, release one.
//
// Claiming is guarded twice (numbers in rate-limit.server.ts): wrong passwords are counted per
// token (tokenClaimPerToken: 5 a day) and per user (tokenClaimPerUser: 10 a day, which also counts
// unknown tokens, so nobody can probe the token space); either lock refuses before any password is
// hashed. The claim itself is one conditional UPDATE, so of two users with the right password
// exactly one wins.
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { products, tagbackTokens } from "../../../db/schema";
import { verifyPassword } from "../../../db/password";
import { clearFailures, isLocked, recordFailure } from "~/core/rate-limit.server";

export type ClaimOutcome = { ok: true } | { ok: false; reason: "unknown" | "taken" | "wrong" | "already-yours" | "locked" };

export async function claimToken(db: Db, userId: string, token: string, password: string): Promise<ClaimOutcome> {
  if ((await isLocked(db, "tokenClaimPerUser", userId)) || (await isLocked(db, "tokenClaimPerToken", token))) {
    return { ok: false, reason: "locked" };
  }
    const row = await db
    .select({ userId: tagbackTokens.userId, isVerified: tagbackTokens.isVerified, passwordHash: tagbackTokens.passwordHash })
    .from(tagbackTokens)
    .where(eq(tagbackTokens.token, token))
    .get();
  if (!row) {
    const locked = await recordFailure(db, "tokenClaimPerUser", userId);
    return { ok: false, reason: locked ? "locked" : "unknown" };
  }
  if (!(await verifyPassword(password, row.passwordHash))) {
    const [userLocked, tokenLocked] = await Promise.all([
      recordFailure(db, "tokenClaimPerUser", userId),
      recordFailure(db, "tokenClaimPerToken", token),
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
  await clearFailures(db, "tokenClaimPerToken", token);
  return { ok: true };
}

export type OwnToken = Awaited<ReturnType<typeof listOwnTokens>>[number];

// Spelled out in SQL, as firstVerifiedTokenOf does: drizzle drops table names from columns of a
// one-table select, so `${tagbackTokens.token}` here would read "token", which inside the subquery
// names the products table's own column (and every row would count the whole table).
const productsOnToken = sql<number>`(
  select count(*) from ${products} p
  where p.user_id = "tagback_tokens"."user_id" and p.token = "tagback_tokens"."token")`;

/** The user's tokens, newest first, each with the number of products registered on it. */
export async function listOwnTokens(db: Db, userId: string) {
  return db
    .select({
      id: tagbackTokens.id,
      token: tagbackTokens.token,
      isVerified: tagbackTokens.isVerified,
      createdAt: tagbackTokens.createdAt,
      products: productsOnToken,
    })
    .from(tagbackTokens)
    .where(eq(tagbackTokens.userId, userId))
    .orderBy(desc(tagbackTokens.createdAt))
    .all();
}

export type RemoveOutcome = { ok: true } | { ok: false; reason: "not-yours" | "in-use" };

/**
 * Releases a token of the user (user cleared, not verified, not claimed) so that whoever has its
 * password can claim it. Only a row of this user is touched; products registered on the token
 * must be deleted first, so nothing the owner wrote is lost silently.
 */
export async function removeOwnToken(db: Db, userId: string, tokenId: string): Promise<RemoveOutcome> {
    return db.transaction((tx) => {
    const row = tx
      .select({ token: tagbackTokens.token })
      .from(tagbackTokens)
      .where(and(eq(tagbackTokens.id, tokenId), eq(tagbackTokens.userId, userId)))
      .get();
    if (!row) return { ok: false, reason: "not-yours" } as const;
    const inUse = tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, userId), eq(products.token, row.token)))
      .limit(1)
      .get();
    if (inUse) return { ok: false, reason: "in-use" } as const;
    tx.update(tagbackTokens)
      .set({ userId: null, isClaimed: false, isVerified: false })
      .where(and(eq(tagbackTokens.id, tokenId), eq(tagbackTokens.userId, userId)))
      .run();
    return { ok: true } as const;
  });
}
