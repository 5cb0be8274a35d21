import { count, eq, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { expect, test, vi } from "vitest";
import { demoLocations, demoSearchLogs, profiles, rateLimits, searchHistory, sessions, users } from "../../db/schema";
import { RETENTIONS } from "../../server/retention";
import { testDb } from "../../tests/support/test-db";
import { createSession, SESSION_MAX_AGE_SECONDS } from "~/features/account/session.server";
import { DEMO_LOG_KEEP_DAYS } from "~/features/admin/rules";
import { logDemoSearch, logSearch } from "~/features/finder/search-history.server";
import { SAME_CLIENT_MINUTES } from "~/features/finder-contact/rules";
import { DEV_MODE_PER_CLIENT_LIMIT } from "~/features/account/rules";
import { SEARCH_LIMIT, UNLOCK_PER_PROFILE_WINDOWS } from "~/features/finder/rules";
import { consume, isLocked, recordFailure, spendWindow } from "./rate-limit.server";
import { BATCH_ROWS, deleteBatchAt, sweep, type Batch } from "./retention.server";

const db = testDb();
const DAY_MS = 24 * 60 * 60 * 1000;
const CLIENTS = 20_000;

async function rowsOf(table: typeof rateLimits | typeof sessions | typeof demoSearchLogs) {
  return (await db.select({ n: count() }).from(table).get())!.n;
}

function pageCount() {
  return db.$client.pragma("page_count", { simple: true }) as number;
}

/** A distinct client for each i: IPv4 addresses for even i, IPv6 /64s for odd. */
function client(i: number) {
  return i % 2 === 0 ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : `2401:4900:${i.toString(16)}::/64`;
}

/** One search from each of CLIENTS clients never seen before `first`. */
async function searchFromEveryClient(first = 0) {
  let allowed = 0;
  for (let i = first; i < first + CLIENTS; i++) if ((await consume(db, SEARCH_LIMIT, client(i))).allowed) allowed++;
  expect(allowed).toBe(CLIENTS);
}

test("the limiter table shrinks after expiry", { timeout: 60_000 }, async () => {
  await db.delete(rateLimits);
  // Rows that outlive the search window: a lockout (15 minutes) and a profile's wrong unlock try (a year).
  for (let i = 0; i < DEV_MODE_PER_CLIENT_LIMIT.points; i++) await recordFailure(db, DEV_MODE_PER_CLIENT_LIMIT, "198.51.100.7");
  expect(await spendWindow(db, UNLOCK_PER_PROFILE_WINDOWS, "profile-1")).not.toBeNull();

  await searchFromEveryClient();
  expect(await rowsOf(rateLimits)).toBe(CLIENTS + 2);
  const pagesFull = pageCount();

  // A sweep at the moment the search window has passed.
  const batches: Batch[] = [];
  const afterSearchWindow = Date.now() + SEARCH_LIMIT.duration * 1000 + 1000;
  await sweep(db, RETENTIONS, { now: afterSearchWindow, onBatch: (batch) => batches.push(batch) });

  expect(await rowsOf(rateLimits)).toBe(2);
  const limiterBatches = batches.filter((batch) => batch.table === "rate_limits");
  expect(limiterBatches.reduce((sum, batch) => sum + batch.deleted, 0)).toBe(CLIENTS);
  expect(limiterBatches.length).toBeGreaterThanOrEqual(CLIENTS / BATCH_ROWS);
  for (const batch of limiterBatches) expect(batch.deleted).toBeLessThanOrEqual(BATCH_ROWS);
  // What had not expired still counts.
  expect(await isLocked(db, DEV_MODE_PER_CLIENT_LIMIT, "198.51.100.7")).toBe(true);

  // Bounded on disk too: as many new clients again fit in the pages the sweep freed.
  await searchFromEveryClient(CLIENTS);
  expect(pageCount()).toBeLessThan(pagesFull * 1.1);
  await sweep(db, RETENTIONS, { now: Date.now() + SEARCH_LIMIT.duration * 1000 + 1000 });
  expect(await rowsOf(rateLimits)).toBe(2);
});

test("a session's row is deleted once the session has expired, not before", async () => {
  const userId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, email: `${userId}@example.com` });
  await createSession(db, userId);
  const sessionsOfUser = () => db.select().from(sessions).where(eq(sessions.userId, userId)).all();

  await sweep(db, RETENTIONS, { now: Date.now() + SESSION_MAX_AGE_SECONDS * 1000 - DAY_MS });
  expect(await sessionsOfUser()).toHaveLength(1);
  await sweep(db, RETENTIONS, { now: Date.now() + SESSION_MAX_AGE_SECONDS * 1000 + 1000 });
  expect(await sessionsOfUser()).toEqual([]);
});

test("a demo search log (it holds the searcher's IP) is kept for the kept days, then deleted", async () => {
  await db.insert(demoLocations).values({ locationName: "delhi" });
  await logDemoSearch(db, "delhi", "203.0.113.5");

  await sweep(db, RETENTIONS, { now: Date.now() + (DEMO_LOG_KEEP_DAYS - 1) * DAY_MS });
  expect(await rowsOf(demoSearchLogs)).toBe(1);
  await sweep(db, RETENTIONS, { now: Date.now() + (DEMO_LOG_KEEP_DAYS + 1) * DAY_MS });
  expect(await rowsOf(demoSearchLogs)).toBe(0);
});

test("the finder's client key in an owner's history is kept for the hour a reload needs, then emptied; the visit stays", async () => {
  const owners = [crypto.randomUUID(), crypto.randomUUID()];
  for (const id of owners) {
    await db.insert(users).values({ id, email: `${id}@example.com` });
    await db.insert(profiles).values({ id });
  }
  const query = { type: "metrocard", number: "1234567890" } as const;
  const early = await logSearch(db, owners[0]!, query, "203.0.113.9", { clientKey: "203.0.113.9" });
  const visitsOf = (id: string) => db.select({ id: searchHistory.id, clientKey: searchHistory.clientKey }).from(searchHistory).where(eq(searchHistory.userId, id)).all();

  await sweep(db, RETENTIONS, { now: Date.now() + (SAME_CLIENT_MINUTES - 1) * 60_000 });
  expect(await visitsOf(owners[0]!)).toEqual([{ id: early, clientKey: "203.0.113.9" }]);

  // An hour later another finder scans the other owner; then the sweep runs.
  const later = Date.now() + (SAME_CLIENT_MINUTES + 1) * 60_000;
  vi.useFakeTimers({ now: later, toFake: ["Date"] });
  const recent = await logSearch(db, owners[1]!, query, "2401:4900:1::1", { clientKey: "2401:4900:1::/64" });
  vi.useRealTimers();
  const batches: Batch[] = [];
  await sweep(db, RETENTIONS, { now: later, onBatch: (batch) => batches.push(batch) });
  expect(await visitsOf(owners[0]!)).toEqual([{ id: early, clientKey: null }]);
  expect(await visitsOf(owners[1]!)).toEqual([{ id: recent, clientKey: "2401:4900:1::/64" }]);
  expect(batches.filter((batch) => batch.emptied === "client_key").reduce((sum, batch) => sum + batch.deleted, 0)).toBeGreaterThanOrEqual(1);
});

test("a batch finds its rows through the column's index, never by reading the whole table", async () => {
  for (const retention of RETENTIONS) {
    const plan = await db.all<{ detail: string }>(sql`explain query plan ${deleteBatchAt(retention, Date.now())}`);
    const details = plan.map((row) => row.detail);
    // A covering index for deletions; for a column to empty, the partial index of the rows where it is not empty.
    expect(details).toContainEqual(expect.stringMatching(/^SEARCH \w+ USING (?:COVERING )?INDEX \w+ \(\w+<\?\)$/));
    expect(details).not.toContainEqual(expect.stringMatching(/^SCAN/));
  }
});

test("a sweep stops between batches when its signal aborts (the server's shutdown)", async () => {
  await db.delete(rateLimits);
  for (let i = 0; i < 3 * BATCH_ROWS; i++) await consume(db, SEARCH_LIMIT, client(i));
  const stop = new AbortController();
  const batches = await sweep(db, RETENTIONS, { now: Date.now() + 61_000, signal: stop.signal, onBatch: () => stop.abort() });
  expect(batches).toHaveLength(1);
  expect(await rowsOf(rateLimits)).toBe(2 * BATCH_ROWS);
});

test("a table that fails is logged and the sweep goes on with the next", async () => {
  await db.delete(rateLimits);
  await consume(db, SEARCH_LIMIT, "192.0.2.1");
  const missing = sqliteTable("no_such_table", { expire: integer("expire") });
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  await sweep(db, [{ table: missing, column: missing.expire, keepMs: 0 }, ...RETENTIONS], { now: Date.now() + 61_000 });
  expect(logged).toHaveBeenCalledWith(expect.stringContaining("no_such_table"));
  expect(await rowsOf(rateLimits)).toBe(0);
});
