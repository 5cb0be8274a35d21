// Lost mode (issue 13): while an owner's report of an item is pending, a finder who scans its
// token or searches its metro card sees that first, with the owner's message and reward. Only the
// owner's own report counts (anyone may type any number into a report; it changes nothing for
// other people's items). A subquery of the owner lookup itself (features/finder/owner-search.server.ts),
// so a scan runs one statement for both; it uses lost_items_one_pending_idx
// (user_id, type, identifier where pending).
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { lostItems } from "../../../db/schema";
import type { SearchType } from "~/features/finder/search-number";
import type { LostNotice } from "./lost-mode";

/** The owner's pending report of the searched item as one JSON value, or null when there is none. */
export function pendingLostNoticeOf(ownerId: SQL, identifier: string | Placeholder, type: SearchType) {
  // Spelled out in SQL, as firstVerifiedTokenOf: the subquery's own columns, not the outer ones.
  return sql<string | null>`(
    select json_object('message', li.message, 'reward', li.reward) from ${lostItems} li
    where li.user_id = ${ownerId} and li.type = ${type === "metrocard" ? "metro" : "product"}
      and li.identifier = ${identifier} and li.status = 'pending')`;
}

/** The notice a finder sees, from pendingLostNoticeOf's value. */
export function lostNoticeFrom(json: string | null): LostNotice | null {
  if (!json) return null;
  const { message, reward } = JSON.parse(json) as { message: string | null; reward: string | null };
  return { message: message || null, reward: reward || null };
}
