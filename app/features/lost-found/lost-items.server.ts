// An owner's lost-item reports (spec 001 §3 "Lost item", §4, §7 lost_items). Every query is scoped
// to the signed-in user's id: an id posted by a form is only ever used together with it, so nobody
// changes or deletes another user's report. One pending report per item is the partial unique
// index lost_items_one_pending_idx; its violation becomes 'Already Reported'.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { lostItems, products, profiles } from "../../../db/schema";
import { preparedPerConnection } from "~/core/prepared.server";
import { REGISTERED_METRO_NAME } from "./rules";

export type LostType = "metro" | "product";
export type LostStatus = "pending" | "recovered";

export type LostReport = {
  type: LostType;
  name: string;
  /** The metro card number, or the product's token (a product's identifier is its token). */
  identifier: string;
  /** yyyy-mm-dd, as the date field sends it. */
  dateLost: string;
  message: string | null;
  reward: string | null;
};

/** One of the owner's registered items, as /lost offers them: each product, and the metro card. */
export type RegisteredItem = { key: string; type: LostType; name: string; identifier: string };

export const METRO_ITEM_KEY = "metro";
const productKey = (id: string) => `product:${id}`;

// /lost reads these on every page: prepared once per connection (core/prepared.server.ts).
const lostPageStatementsOf = preparedPerConnection((db) => {
  const userId = sql.placeholder("userId");
  return {
    products: db.select({ id: products.id, name: products.name, token: products.token }).from(products).where(eq(products.userId, userId)).orderBy(products.createdAt).prepare(),
    metroCard: db.select({ metroCard: profiles.metroCardNumber }).from(profiles).where(eq(profiles.id, userId)).prepare(),
    reports: db
      .select({
        id: lostItems.id,
        type: lostItems.type,
        name: lostItems.name,
        identifier: lostItems.identifier,
        dateLost: lostItems.dateLost,
        status: lostItems.status,
        message: lostItems.message,
        reward: lostItems.reward,
        createdAt: lostItems.createdAt,
      })
      .from(lostItems)
      .where(eq(lostItems.userId, userId))
      .orderBy(desc(lostItems.createdAt))
      .prepare(),
  };
});

/** The owner's products (oldest first, as the profile lists them) and their metro card, if any. */
export async function registeredItemsOf(db: Db, userId: string): Promise<RegisteredItem[]> {
  const statements = lostPageStatementsOf(db);
  const own = await statements.products.all({ userId });
  const profile = await statements.metroCard.get({ userId });
  const items: RegisteredItem[] = own.map((p) => ({ key: productKey(p.id), type: "product", name: p.name, identifier: p.token }));
  if (profile?.metroCard) items.push({ key: METRO_ITEM_KEY, type: "metro", name: REGISTERED_METRO_NAME, identifier: profile.metroCard });
  return items;
}

/** The owner's reports, newest first. */
export async function listLostItems(db: Db, userId: string) {
  return lostPageStatementsOf(db).reports.all({ userId });
}

/** SQLite's error for a second pending report of the same item (drizzle may wrap it as `cause`). */
function isOnePendingViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === "SQLITE_CONSTRAINT_UNIQUE" && typeof message === "string" && message.includes("lost_items.")) return true;
  }
  return false;
}

export type ReportOutcome = { ok: true; id: string } | { ok: false; reason: "already" };

/** A new report, pending. The unique index, not a check before, refuses a second pending one. */
export async function reportLost(db: Db, userId: string, report: LostReport): Promise<ReportOutcome> {
  try {
    const [row] = await db
      .insert(lostItems)
      .values({ userId, ...report, status: "pending" })
      .returning({ id: lostItems.id })
      .all();
    return { ok: true, id: row!.id };
  } catch (error) {
    if (isOnePendingViolation(error)) return { ok: false, reason: "already" };
    throw error;
  }
}

export type StatusOutcome = { ok: true; type: LostType } | { ok: false; reason: "not-found" | "already"; type?: LostType };

/**
 * 'Mark as Recovered' or 'Mark as Pending' on one of the user's reports. Back to pending can meet
 * a newer pending report of the same item: 'Already Reported'.
 */
export async function setLostStatus(db: Db, userId: string, id: string, status: LostStatus): Promise<StatusOutcome> {
  try {
    const [row] = await db
      .update(lostItems)
      .set({ status })
      .where(and(eq(lostItems.id, id), eq(lostItems.userId, userId)))
      .returning({ type: lostItems.type })
      .all();
    return row ? { ok: true, type: row.type } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (!isOnePendingViolation(error)) throw error;
    const row = await db.select({ type: lostItems.type }).from(lostItems).where(eq(lostItems.id, id)).get();
    return { ok: false, reason: "already", type: row?.type };
  }
}

/** Deletes one of the user's reports; false when there is no such report of theirs. */
export async function deleteLostItem(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(lostItems)
    .where(and(eq(lostItems.id, id), eq(lostItems.userId, userId)))
    .returning({ id: lostItems.id })
    .all();
  return rows.length > 0;
}

/** A list that failed to load is shown as its message ('Failed to load …'), not as a broken page. */
export async function loadOrNull<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    console.error(error);
    return null;
  }
}
