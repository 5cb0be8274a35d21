// Lost mode (issue 13): while an owner's report of an item is pending, a finder who scans its
// token or searches its metro card sees that first, with the owner's message and reward. Only the
// owner's own report counts (anyone may type any number into a report; it changes nothing for
// other people's items). One lookup on lost_items_identifier_idx (identifier, status).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { lostItems } from "../../../db/schema";
import type { SearchQuery } from "~/features/finder/search-input";
import type { LostNotice } from "./lost-mode";

export async function pendingLostNotice(db: Db, ownerId: string, query: SearchQuery): Promise<LostNotice | null> {
  const row = await db
    .select({ message: lostItems.message, reward: lostItems.reward })
    .from(lostItems)
    .where(
      and(
        eq(lostItems.identifier, query.number),
        eq(lostItems.status, "pending"),
        eq(lostItems.userId, ownerId),
        eq(lostItems.type, query.type === "metrocard" ? "metro" : "product"),
      ),
    )
    .get();
  return row ? { message: row.message || null, reward: row.reward || null } : null;
}
