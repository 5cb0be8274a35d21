// Bounded growth from strangers (issue 35): 100,000 scans of one owner from one IPv6 /48 — every
// one a person's, each from its own /64, so no per-client limit applies — leave that owner's
// search history within HISTORY_VIEWS_KEPT_PER_OWNER plain views, keep the visits that went on to
// message the owner, leave another owner's history alone, and the file within a stated bound.
import { and, count, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { profiles, searchHistory } from "../../db/schema";
import { logSearch } from "~/features/finder/search-history.server";
import { HISTORY_TRIM_EVERY, HISTORY_VIEWS_KEPT_PER_OWNER } from "~/features/finder/rules";
import { createOwner } from "../support/routes";
import { testDb } from "../support/test-db";

const db = testDb();
const SCANS = 100_000;

function rowsOf(userId: string, kind?: "viewed" | "messaged"): number {
  const where = kind ? and(eq(searchHistory.userId, userId), eq(searchHistory.kind, kind)) : eq(searchHistory.userId, userId);
  return db.select({ n: count() }).from(searchHistory).where(where).get()!.n;
}

test(`${SCANS.toLocaleString("en")} scans from one IPv6 /48 keep the owner's history within its cap`, { timeout: 120_000 }, async () => {
  const flooded = await createOwner();
  const other = await createOwner();
  const query = { type: "tagbacktoken" as const, number: "123456789012" };
  // Visits that went on to message the owner, older than everything the flood adds: kept.
  const messaged = [];
  for (let i = 0; i < 5; i++) messaged.push(await logSearch(db, flooded.id, query, "2001:db8:1:ff::1", { clientKey: `2001:db8:1:ff::/64` }));
  for (const id of messaged) db.update(searchHistory).set({ kind: "messaged" }).where(eq(searchHistory.id, id)).run();
  for (let i = 0; i < 50; i++) await logSearch(db, other.id, query, "203.0.113.9", { clientKey: "203.0.113.9" });

  // A thousand scans to a commit, so the test takes seconds: each scan's own transaction is then a
  // savepoint inside it, and the trim runs as it does in the server.
  for (let i = 0; i < SCANS; i++) {
    if (i % 1000 === 0) db.$client.exec("BEGIN");
    const subnet = (i % 65_536).toString(16);
    await logSearch(db, flooded.id, query, `2001:db8:1:${subnet}::7`, { clientKey: `2001:db8:1:${subnet}::/64` });
    if (i % 1000 === 999) db.$client.exec("COMMIT");
  }

  const views = rowsOf(flooded.id, "viewed");
  expect(views).toBeGreaterThanOrEqual(HISTORY_VIEWS_KEPT_PER_OWNER);
  expect(views).toBeLessThan(HISTORY_VIEWS_KEPT_PER_OWNER + HISTORY_TRIM_EVERY);
  expect(rowsOf(flooded.id, "messaged")).toBe(5);
  expect(rowsOf(other.id)).toBe(50);
  // The counter still counts every scan: the owner sees how often they were looked up.
  expect(db.select({ total: profiles.totalSearches }).from(profiles).where(eq(profiles.id, flooded.id)).get()!.total).toBe(SCANS + 5);
  // The file: the kept rows and their indexes, the deleted ones' pages reused (≈ 410 bytes a row
  // with its indexes; stated bound 4 MB for the 5,105 rows of the two owners and everything else).
  const { page_count: pages } = db.$client.prepare("pragma page_count").get() as { page_count: number };
  const { page_size: size } = db.$client.prepare("pragma page_size").get() as { page_size: number };
  const { freelist_count: free } = db.$client.prepare("pragma freelist_count").get() as { freelist_count: number };
  expect((pages - free) * size).toBeLessThan(4 * 1024 * 1024);
  expect(pages * size).toBeLessThan(8 * 1024 * 1024);
});
