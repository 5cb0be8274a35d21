// The product registry of a signed-in owner: at most MAX_PRODUCTS (5) products, each on one of
// the owner's verified tokens. Every write names the session's user in its WHERE clause, so a
// product id posted by someone else changes nothing.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { products, tagbackTokens } from "../../../db/schema";
import { preparedPerConnection } from "~/core/prepared.server";
import { MAX_PRODUCTS } from "~/features/stickers/rules";

export type OwnProduct = Awaited<ReturnType<typeof listOwnProducts>>[number];

// /token lists them on every page: prepared once per connection (core/prepared.server.ts).
const ownProductListOf = preparedPerConnection((db) =>
  db
    .select({ id: products.id, name: products.name, token: products.token, createdAt: products.createdAt })
    .from(products)
    .where(eq(products.userId, sql.placeholder("userId")))
    .orderBy(desc(products.createdAt), desc(sql`rowid`))
    .prepare(),
);

/** The user's products, newest first. */
export async function listOwnProducts(db: Db, userId: string) {
  return ownProductListOf(db).all({ userId });
}

export type AddOutcome = { ok: true } | { ok: false; reason: "limit" | "invalid-token" };

/**
 * One INSERT … SELECT that checks the limit and the token in the same statement, so two quick
 * submissions cannot make a sixth product.
 */
export async function addOwnProduct(db: Db, userId: string, name: string, token: string): Promise<AddOutcome> {
    const id = crypto.randomUUID();
  const result = await db.run(sql`
    insert into products (id, user_id, name, token, created_at)
    select ${id}, ${userId}, ${name}, ${token}, ${Date.now()}
    where (select count(*) from ${products} where user_id = ${userId}) < ${MAX_PRODUCTS}
      and exists (select 1 from ${tagbackTokens} where token = ${token} and user_id = ${userId} and is_verified = 1)`);
  if (result.changes === 1) return { ok: true };
  const owned = await db
    .select({ n: count() })
    .from(products)
    .where(eq(products.userId, userId))
    .get();
  if ((owned?.n ?? 0) >= MAX_PRODUCTS) return { ok: false, reason: "limit" };
  return { ok: false, reason: "invalid-token" };
}

export async function renameOwnProduct(db: Db, userId: string, productId: string, name: string): Promise<boolean> {
  const changed = await db
    .update(products)
    .set({ name })
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .returning({ id: products.id })
    .all();
  return changed.length === 1;
}

export async function deleteOwnProduct(db: Db, userId: string, productId: string): Promise<boolean> {
  const deleted = await db
    .delete(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .returning({ id: products.id })
    .all();
  return deleted.length === 1;
}
