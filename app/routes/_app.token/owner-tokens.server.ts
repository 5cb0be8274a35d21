// A signed-in owner's stickers: list them, release one. Claiming one with its password is
// features/stickers/claim.server.ts (shared with /found).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { products, tagbackTokens } from "../../../db/schema";
import { preparedPerConnection } from "~/core/prepared.server";

export type OwnToken = Awaited<ReturnType<typeof listOwnTokens>>[number];

// Spelled out in SQL, as firstVerifiedTokenOf does: drizzle drops table names from columns of a
// one-table select, so `${tagbackTokens.token}` here would read "token", which inside the subquery
// names the products table's own column (and every row would count the whole table).
const productsOnToken = sql<number>`(
  select count(*) from ${products} p
  where p.user_id = "tagback_tokens"."user_id" and p.token = "tagback_tokens"."token")`;

// /token lists them on every page: prepared once per connection (core/prepared.server.ts).
const ownTokenListOf = preparedPerConnection((db) =>
  db
    .select({
      id: tagbackTokens.id,
      token: tagbackTokens.token,
      isVerified: tagbackTokens.isVerified,
      createdAt: tagbackTokens.createdAt,
      products: productsOnToken,
    })
    .from(tagbackTokens)
    .where(eq(tagbackTokens.userId, sql.placeholder("userId")))
    .orderBy(desc(tagbackTokens.createdAt))
    .prepare(),
);

/** The user's tokens, newest first, each with the number of products registered on it. */
export async function listOwnTokens(db: Db, userId: string) {
  return ownTokenListOf(db).all({ userId });
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
