// Search logging, written by the finder and read by the owner: the searches that found an owner's
// profile (search_history, with the owner's counter) and the searches of admin demo locations.
// Times are shown in India time (IST) and dates in en-IN format (core/india-time.ts).
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { demoLocations, demoSearchLogs, profiles, searchHistory } from "../../../db/schema";
import { locateIp } from "~/core/geo.server";
import { inDate, istTime } from "~/core/india-time";
import { preparedPerConnection } from "~/core/prepared.server";
import { SEARCH_TYPE_COLUMN, type SearchQuery } from "./search-input";
import { HISTORY_TRIM_EVERY, HISTORY_VIEWS_KEPT_PER_OWNER } from "./rules";
import { maybeQueueScanAlert } from "~/features/finder-contact/alerts.server";
import { SAME_CLIENT_MINUTES } from "~/features/finder-contact/rules";
import { countScan } from "~/features/returns/funnel.server";

/** Who searched: the client's limit key (a reload within the hour is not a new alert) and the signed-in user. */
export type Visitor = { clientKey?: string; userId?: string | null };

/**
 * One short transaction: the history row (a 'viewed' visit) and the owner's counter of human
 * searches. Then, when the owner asked for scan alerts and the searcher is not the owner, maybe
 * one (features/finder-contact/alerts.server.ts). Returns the row's id.
 */
export async function logSearch(db: Db, ownerId: string, query: SearchQuery, ip: string, visitor: Visitor = {}): Promise<string> {
  const place = await locateIp(ip);
  const id = crypto.randomUUID();
  const at = new Date();
  const clientKey = visitor.clientKey ?? null;
  const statements = historyStatementsOf(db);
  const owner = db.transaction(() => {
    statements.insert.run({ id, userId: ownerId, searchType: SEARCH_TYPE_COLUMN[query.type], searchValue: query.number, searchedAt: at, clientKey, ...NO_PLACE, ...place });
    const counted = statements.count.get({ ownerId });
    // The way home starts with a person's scan (features/returns/funnel.server.ts): not the owner's
    // own, and not a reload by the same client within the hour (as a scan alert would not be).
    const reload = clientKey !== null && statements.sameClient.get({ ownerId, clientKey, since: at.getTime() - SAME_CLIENT_MINUTES * 60_000, id }) !== undefined;
    if (!reload && visitor.userId !== ownerId) countScan(db, at);
    // Bounded per owner: strangers' scans cannot grow one history without end.
    if (counted && counted.totalSearches % HISTORY_TRIM_EVERY === 0) statements.trim.run({ ownerId, keep: HISTORY_VIEWS_KEPT_PER_OWNER });
    return counted;
  });
  if (owner?.scanAlerts && clientKey && visitor.userId !== ownerId) {
    await maybeQueueScanAlert(db, { ownerId, historyId: id, clientKey, query, city: place.city ?? null, at });
  }
  return id;
}

/** Every place column, for a client whose address locates nowhere. */
const NO_PLACE = { city: null, region: null, country: null, address: null };

// Every scan by a person writes these two: prepared once per connection (core/prepared.server.ts).
const historyStatementsOf = preparedPerConnection((db) => {
  const value = sql.placeholder;
  return {
    insert: db
      .insert(searchHistory)
      .values({
        id: value("id"),
        userId: value("userId"),
        searchType: value("searchType"),
        searchValue: value("searchValue"),
        searchedAt: value("searchedAt"),
        clientKey: value("clientKey"),
        city: value("city"),
        region: value("region"),
        country: value("country"),
        address: value("address"),
      })
      .prepare(),
    count: db
      .update(profiles)
      .set({ totalSearches: sql`${profiles.totalSearches} + 1` })
      .where(eq(profiles.id, value("ownerId")))
      .returning({ scanAlerts: profiles.scanAlerts, totalSearches: profiles.totalSearches })
      .prepare(),
    // Another visit of this owner by this client within the hour, through search_history_client_idx.
    sameClient: db.$client.prepare(`select 1 from search_history
      where user_id = @ownerId and client_key = @clientKey and searched_at > @since and id != @id limit 1`),
    // The owner's plain views past the newest `keep`, through the (user_id, searched_at) index;
    // 'messaged' visits stay. Run every HISTORY_TRIM_EVERY searches, it deletes about that many.
    trim: db.$client.prepare(`delete from search_history where rowid in (
      select rowid from search_history where user_id = @ownerId and kind = 'viewed'
      order by searched_at desc limit -1 offset @keep)`),
  };
});

/** A bot's or link preview's search of an owner: counted, not listed, never an alert. */
export async function countBotSearch(db: Db, ownerId: string): Promise<void> {
  await db
    .update(profiles)
    .set({ botSearches: sql`${profiles.botSearches} + 1` })
    .where(eq(profiles.id, ownerId))
    .run();
}

/**
 * Adds the browser's position once, to the latest of this browser's visits (newest first, from its
 * cookie) that searched `number`; a row that already has one is left alone.
 */
export async function updateSearchLocation(db: Db, visits: readonly string[], number: string, latitude: number, longitude: number): Promise<boolean> {
  for (const historyId of visits) {
    const result = await db
      .update(searchHistory)
      .set({ latitude, longitude })
      .where(and(eq(searchHistory.id, historyId), eq(searchHistory.searchValue, number), isNull(searchHistory.latitude)))
      .run();
    if (result.changes > 0) return true;
  }
  return false;
}

/** `?demo=location` is logged (location lower-cased, client IP) when an admin created that location. */
export async function logDemoSearch(db: Db, location: string, ip: string): Promise<void> {
  const known = await db.select({ name: demoLocations.locationName }).from(demoLocations).where(eq(demoLocations.locationName, location)).get();
  if (!known) return;
  await db.insert(demoSearchLogs).values({ demoLocation: location, ipAddress: ip }).run();
}

export type HistoryEntry = Awaited<ReturnType<typeof listSearchHistory>>[number];

// /profile lists it on every page: prepared once per connection (core/prepared.server.ts).
const ownHistoryOf = preparedPerConnection((db) =>
  db
    .select({
      id: searchHistory.id,
      searchType: searchHistory.searchType,
      searchValue: searchHistory.searchValue,
      searchedAt: searchHistory.searchedAt,
      city: searchHistory.city,
      region: searchHistory.region,
      address: searchHistory.address,
      kind: searchHistory.kind,
    })
    .from(searchHistory)
    .where(eq(searchHistory.userId, sql.placeholder("userId")))
    .orderBy(desc(searchHistory.searchedAt))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/** The owner's newest `limit` visits, newest first. */
export async function listSearchHistory(db: Db, userId: string, limit: number) {
  const rows = await ownHistoryOf(db).all({ userId, limit });
  return rows.map((row) => ({
    id: row.id,
    /** Which of the two; the page names it in the reader's language. */
    searchType: row.searchType,
    value: row.searchValue,
    at: row.searchedAt.toISOString(),
    time: istTime(row.searchedAt),
    date: inDate(row.searchedAt),
    city: row.city,
    address: row.address ?? row.region,
    /** A plain view, or a view that went on to message the owner ("I found this"). */
    kind: row.kind,
  }));
}
