// The searches that found an owner's profile, for the owner's eyes only, newest first. Times are
// shown in India time (IST) and dates in en-IN format whatever the server's time zone; they are
// formatted here so the page reads the same with or without JavaScript.
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../../db/connection";
import { searchHistory } from "../../../db/schema";

export const HISTORY_LIMIT = 100;
const INDIA = "Asia/Kolkata";

const timeFormat = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA, hour: "2-digit", minute: "2-digit", hour12: true });
const dateFormat = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA, day: "2-digit", month: "2-digit", year: "numeric" });

export const SEARCH_TYPE_NAMES = { metro_card: "Metro Card", tagback_token: "Tagback Token" } as const;

/** "03:45 pm IST" */
export function istTime(date: Date): string {
  return `${timeFormat.format(date)} IST`;
}

/** "23/11/2026" */
export function inDate(date: Date): string {
  return dateFormat.format(date);
}

export type HistoryEntry = Awaited<ReturnType<typeof listSearchHistory>>[number];

export async function listSearchHistory(userId: string, limit = HISTORY_LIMIT) {
  const rows = await getDb()
    .select({
      id: searchHistory.id,
      searchType: searchHistory.searchType,
      searchValue: searchHistory.searchValue,
      searchedAt: searchHistory.searchedAt,
      city: searchHistory.city,
      region: searchHistory.region,
      address: searchHistory.address,
    })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt))
    .limit(limit)
    .all();
  return rows.map((row) => ({
    id: row.id,
    type: SEARCH_TYPE_NAMES[row.searchType],
    value: row.searchValue,
    at: row.searchedAt.toISOString(),
    time: istTime(row.searchedAt),
    date: inDate(row.searchedAt),
    city: row.city,
    address: row.address ?? row.region,
  }));
}
