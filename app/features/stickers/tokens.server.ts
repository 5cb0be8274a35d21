// Queries about an owner's tokens that several areas share.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { tagbackTokens } from "../../../db/schema.ts";
import { preparedPerConnection } from "../../core/prepared.server.ts";

/**
 * The owner's first verified token (oldest first) as an SQL expression for a `user_id` column:
 * the token a finder's unlock digits come from, and the one the profile preview searches by.
 * A correlated subquery on the (user_id, created_at) index, so it fits inside the finder's one
 * lookup statement.
 */
export function firstVerifiedTokenOf(userId: SQL | SQL.Aliased | string) {
  // Spelled out in SQL: drizzle drops table names from columns of a one-table select, and an
  // unqualified "user_id" here would name the subquery's own table.
  return sql<string | null>`(
    select ft.token from ${tagbackTokens} ft
    where ft.user_id = ${userId} and ft.is_verified = 1
    order by ft.created_at asc limit 1)`;
}

/** The user's first verified token, or null. */
export async function firstVerifiedToken(db: Db, userId: string): Promise<string | null> {
  const row = await db.get<{ token: string | null }>(sql`select ${firstVerifiedTokenOf(userId)} as token`);
  return row?.token ?? null;
}

// /token reads it on every page: prepared once per connection (core/prepared.server.ts).
const verifiedTokenListOf = preparedPerConnection((db) =>
  db
    .select({ token: tagbackTokens.token })
    .from(tagbackTokens)
    .where(and(eq(tagbackTokens.userId, sql.placeholder("userId")), eq(tagbackTokens.isVerified, true)))
    .orderBy(desc(tagbackTokens.createdAt))
    .prepare(),
);

/** The user's verified tokens, newest first: the ones a product can be registered on. */
export async function verifiedTokensOf(db: Db, userId: string): Promise<string[]> {
  const rows = await verifiedTokenListOf(db).all({ userId });
  return rows.map((row) => row.token);
}
