import { describe, expect, test, vi } from "vitest";
import { testDb } from "../../tests/support/test-db";
import { DEV_MODE_PER_CLIENT_LIMIT } from "~/features/account/rules";
import {
  SEARCH_LIMIT,
  UNLOCK_PER_CLIENT_LIMIT,
  UNLOCK_PER_PROFILE_WINDOWS,
  UNLOCK_WRONG_PER_CLIENT,
  UNLOCK_WRONG_PER_PROFILE_PER_DAY,
  UNLOCK_WRONG_PER_PROFILE_PER_YEAR,
} from "~/features/finder/rules";
import { clearFailures, consume, isLocked, recordFailure, refundWindow, spendOnce, spendWindow, windowFull } from "./rate-limit.server";

const db = testDb();

test("the search limit allows 10 a minute per key, then refuses with a retry time", async () => {
  for (let i = 0; i < SEARCH_LIMIT.points; i++) expect((await consume(db, SEARCH_LIMIT, "198.51.100.1")).allowed).toBe(true);
  const refused = await consume(db, SEARCH_LIMIT, "198.51.100.1");
  expect(refused.allowed).toBe(false);
  expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  // Another client is not affected.
  expect((await consume(db, SEARCH_LIMIT, "198.51.100.2")).allowed).toBe(true);
});

test("a limit's statements are prepared once, not on every request (the scan's hot path)", async () => {
  await consume(db, SEARCH_LIMIT, "198.51.100.3");
  const prepare = vi.spyOn(db.$client, "prepare");
  try {
    for (let i = 0; i < 5; i++) await consume(db, SEARCH_LIMIT, `198.51.100.${10 + i}`);
    expect(prepare).not.toHaveBeenCalled();
  } finally {
    prepare.mockRestore();
  }
  // And it still counts: the key used above has 9 left.
  for (let i = 0; i < SEARCH_LIMIT.points - 1; i++) expect((await consume(db, SEARCH_LIMIT, "198.51.100.3")).allowed).toBe(true);
  expect((await consume(db, SEARCH_LIMIT, "198.51.100.3")).allowed).toBe(false);
});

test("consecutive failures lock a key until a success clears them", async () => {
  const limit = DEV_MODE_PER_CLIENT_LIMIT;
  for (let i = 1; i < limit.points; i++) expect(await recordFailure(db, limit, "k")).toBe(false);
  expect(await isLocked(db, limit, "k")).toBe(false);
  expect(await recordFailure(db, limit, "k")).toBe(true);
  expect(await isLocked(db, limit, "k")).toBe(true);
  await clearFailures(db, limit, "k");
  expect(await isLocked(db, limit, "k")).toBe(false);
});

describe("sliding windows (profile-wide unlock tries)", () => {
  const profileWide = UNLOCK_PER_PROFILE_WINDOWS;
  const [perDay, perYear] = profileWide.windows;
  const HOUR_MS = 60 * 60 * 1000;
  const t0 = Date.UTC(2031, 0, 1);

  test("the numbers come from the finder's rules", () => {
    expect(perDay).toEqual({ points: UNLOCK_WRONG_PER_PROFILE_PER_DAY, duration: 24 * 60 * 60 });
    expect(perYear).toEqual({ points: UNLOCK_WRONG_PER_PROFILE_PER_YEAR, duration: 365 * 24 * 60 * 60 });
    expect(UNLOCK_PER_CLIENT_LIMIT.points).toBe(UNLOCK_WRONG_PER_CLIENT);
  });

  test("at most the day's points in any 24 hours and the year's in any 365 days", async () => {
    const key = `profile-${crypto.randomUUID()}`;
    for (let i = 0; i < perDay.points; i++) expect(await spendWindow(db, profileWide, key, t0 + i)).not.toBeNull();
    expect(await windowFull(db, profileWide, key, t0 + perDay.points)).toBe(true);
    expect(await spendWindow(db, profileWide, key, t0 + 23 * HOUR_MS)).toBeNull();
    // Sliding, not per calendar day: 24 hours after the tries there is room again.
    expect(await windowFull(db, profileWide, key, t0 + 24 * HOUR_MS + perDay.points)).toBe(false);
    for (let i = perDay.points; i < perYear.points; i++) {
      expect(await spendWindow(db, profileWide, key, t0 + 25 * HOUR_MS + i)).not.toBeNull();
    }
    expect(await spendWindow(db, profileWide, key, t0 + 100 * 24 * HOUR_MS)).toBeNull();
    expect(await spendWindow(db, profileWide, key, t0 + 364 * 24 * HOUR_MS)).toBeNull();
    // A year after the first day's tries, those are out of the window.
    expect(await spendWindow(db, profileWide, key, t0 + 365 * 24 * HOUR_MS + HOUR_MS)).not.toBeNull();
    // Another key is not affected.
    expect(await windowFull(db, profileWide, `${key}x`, t0)).toBe(false);
  });

  test("a refund gives a try back", async () => {
    const key = `profile-${crypto.randomUUID()}`;
    const receipts: string[] = [];
    for (let i = 0; i < perDay.points; i++) receipts.push((await spendWindow(db, profileWide, key, t0))!);
    expect(await windowFull(db, profileWide, key, t0)).toBe(true);
    await refundWindow(db, receipts[0]!);
    expect(await windowFull(db, profileWide, key, t0)).toBe(false);
  });

  test("a burst of concurrent tries never overshoots", async () => {
    const key = `profile-${crypto.randomUUID()}`;
    const spent = await Promise.all(Array.from({ length: 50 }, () => spendWindow(db, profileWide, key, t0)));
    expect(spent.filter(Boolean)).toHaveLength(perDay.points);
  });
});

test("a single-use key is accepted once, by exactly one of concurrent uses, until its row expires", async () => {
  const kind = { name: "testTicket" };
  const until = Date.now() + 60_000;
  const uses = await Promise.all(Array.from({ length: 20 }, () => spendOnce(db, kind, "ticket-1", until)));
  expect(uses.filter(Boolean)).toHaveLength(1);
  expect(await spendOnce(db, kind, "ticket-1", until)).toBe(false);
  expect(await spendOnce(db, kind, "ticket-2", until)).toBe(true);
});

test("two different declarations under one name are refused: they would count in each other's rows", async () => {
  const first = { name: "testShared", points: 3, duration: 60 };
  expect((await consume(db, first, "k")).allowed).toBe(true);
  // The same declaration again (a module reloaded in development) is the same limit.
  expect((await consume(db, { ...first }, "k")).allowed).toBe(true);
  await expect(consume(db, { ...first, points: 30 }, "k")).rejects.toThrow('Two different limits are named "testShared"');
  await expect(spendOnce(db, { name: "testShared" }, "k", Date.now() + 1000)).rejects.toThrow("testShared");
});
