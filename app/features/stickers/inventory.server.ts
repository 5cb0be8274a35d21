// The sticker inventory of /admin/stickers: minted tokens with their state and claiming user,
// counts per state, the batches, and a batch's stickers for its printable sheet.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { mintBatches, tagbackTokens, users } from "../../../db/schema.ts";
import { tokenUrl } from "./mint.server.ts";
import { INVENTORY_PAGE_SIZE, type TokenState } from "./inventory.ts";

export { INVENTORY_PAGE_SIZE, isTokenState, TOKEN_STATES, type TokenState } from "./inventory.ts";


function stateCondition(state: TokenState): SQL {
  switch (state) {
    case "unclaimed":
      return eq(tagbackTokens.isClaimed, false);
    case "verified":
      return and(eq(tagbackTokens.isClaimed, true), eq(tagbackTokens.isVerified, true))!;
    case "unverified":
      return and(eq(tagbackTokens.isClaimed, true), eq(tagbackTokens.isVerified, false))!;
  }
}

function stateOf(row: { isClaimed: boolean; isVerified: boolean }): TokenState {
  if (!row.isClaimed) return "unclaimed";
  return row.isVerified ? "verified" : "unverified";
}

export type InventoryFilter = { state?: TokenState; batchId?: string; page?: number };

export type InventoryRow = {
  token: string;
  state: TokenState;
  claimedBy: string | null;
  batchId: string | null;
  createdAt: Date;
};

/** One page of tokens (newest first), the total that match the filter, and the page count. */
export async function listTokens(db: Db, filter: InventoryFilter = {}) {
  const conditions = [
    filter.state ? stateCondition(filter.state) : undefined,
    filter.batchId ? eq(tagbackTokens.batchId, filter.batchId) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const totalRow = await db.select({ n: count() }).from(tagbackTokens).where(where).get();
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filter.page ?? 1)), pages);
  const rows = await db
    .select({
      token: tagbackTokens.token,
      isClaimed: tagbackTokens.isClaimed,
      isVerified: tagbackTokens.isVerified,
      claimedBy: users.email,
      batchId: tagbackTokens.batchId,
      createdAt: tagbackTokens.createdAt,
    })
    .from(tagbackTokens)
    .leftJoin(users, eq(users.id, tagbackTokens.userId))
    .where(where)
    .orderBy(desc(tagbackTokens.createdAt), desc(sql`${tagbackTokens}.rowid`))
    .limit(INVENTORY_PAGE_SIZE)
    .offset((page - 1) * INVENTORY_PAGE_SIZE)
    .all();
  const tokens: InventoryRow[] = rows.map((row) => ({
    token: row.token,
    state: stateOf(row),
    claimedBy: row.isClaimed ? row.claimedBy : null,
    batchId: row.batchId,
    createdAt: row.createdAt,
  }));
  return { tokens, total, page, pages };
}

/** How many tokens are in each state (within a batch, when given), and in all. */
export async function countByState(db: Db, batchId?: string): Promise<Record<TokenState | "all", number>> {
  const rows = await db
    .select({ isClaimed: tagbackTokens.isClaimed, isVerified: tagbackTokens.isVerified, n: count() })
    .from(tagbackTokens)
    .where(batchId ? eq(tagbackTokens.batchId, batchId) : undefined)
    .groupBy(tagbackTokens.isClaimed, tagbackTokens.isVerified)
    .all();
  const counts = { all: 0, unclaimed: 0, verified: 0, unverified: 0 };
  for (const row of rows) {
    counts[stateOf(row)] += row.n;
    counts.all += row.n;
  }
  return counts;
}

export type BatchRow = { id: string; count: number; createdAt: Date; mintedBy: string | null; status: "minting" | "done" | "failed" };

/** Every batch, newest first, with the e-mail of the admin who minted it (null: the CLI). */
export async function listBatches(db: Db): Promise<BatchRow[]> {
  return db
    .select({ id: mintBatches.id, count: mintBatches.count, createdAt: mintBatches.createdAt, mintedBy: users.email, status: mintBatches.status })
    .from(mintBatches)
    .leftJoin(users, eq(users.id, mintBatches.mintedBy))
    .orderBy(desc(mintBatches.createdAt), desc(sql`${mintBatches}.rowid`))
    .all();
}

/** A minted batch's stickers in the order they were minted, or null when there is no such batch (or it is still minting). */
export async function batchStickers(db: Db, batchId: string, appUrl: string) {
  const batch = await db
    .select({ id: mintBatches.id, createdAt: mintBatches.createdAt })
    .from(mintBatches)
    .where(and(eq(mintBatches.id, batchId), eq(mintBatches.status, "done")))
    .get();
  if (!batch) return null;
  const rows = await db
    .select({ token: tagbackTokens.token })
    .from(tagbackTokens)
    .where(eq(tagbackTokens.batchId, batchId))
    .orderBy(sql`${tagbackTokens}.rowid`)
    .all();
  return { batch, stickers: rows.map(({ token }) => ({ token, url: tokenUrl(appUrl, token) })) };
}
