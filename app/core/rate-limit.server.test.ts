import { describe, expect, test } from "vitest";
import { testDb } from "../../tests/support/test-db";
import { UNLOCK_WRONG_PER_CLIENT, UNLOCK_WRONG_PER_PROFILE_PER_DAY, UNLOCK_WRONG_PER_PROFILE_PER_YEAR } from "~/features/finder/rules";
import { clearFailures, consume, isLocked, LIMITS, recordFailure, refundWindow, spendWindow, windowFull, WINDOWS } from "./rate-limit.server";

const db = testDb();

test("the search limit allows 10 a minute per key, then refuses with a retry time", async () => {
  for (let i = 0; i < LIMITS.search.points; i++) expect((await consume(db, "search", "198.51.100.1")).allowed).toBe(true);
  const refused = await consume(db, "search", "198.51.100.1");
  expect(refused.allowed).toBe(false);
  expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  // Another client is not affected.
  expect((await consume(db, "search", "198.51.100.2")).allowed).toBe(true);
});

test("consecutive failures lock a key until a success clears them", async () => {
  for (let i = 1; i < LIMITS.devModePerIp.points; i++) expect(await recordFailure(db, "devModePerIp", "k")).toBe(false);
  expect(await isLocked(db, "devModePerIp", "k")).toBe(false);
  expect(await recordFailure(db, "devModePerIp", "k")).toBe(true);
  expect(await isLocked(db, "devModePerIp", "k")).toBe(true);
  await clearFailures(db, "devModePerIp", "k");
  expect(await isLocked(db, "devModePerIp", "k")).toBe(false);
});

describe("sliding windows (profile-wide unlock tries)", () => {
  const [perDay, perYear] = WINDOWS.unlockDigitsPerProfile;
  const HOUR_MS = 60 * 60 * 1000;
  const t0 = Date.UTC(2031, 0, 1);

  test("the numbers come from the finder's rules", () => {
    expect(perDay).toEqual({ points: UNLOCK_WRONG_PER_PROFILE_PER_DAY, duration: 24 * 60 * 60 });
    expect(perYear).toEqual({ points: UNLOCK_WRONG_PER_PROFILE_PER_YEAR, duration: 365 * 24 * 60 * 60 });
    expect(LIMITS.unlockPerClient.points).toBe(UNLOCK_WRONG_PER_CLIENT);
  });

  test("at most the day's points in any 24 hours and the year's in any 365 days", async () => {
    const key = `profile-${crypto.randomUUID()}`;
    for (let i = 0; i < perDay.points; i++) expect(await spendWindow(db, "unlockDigitsPerProfile", key, t0 + i)).not.toBeNull();
    expect(await windowFull(db, "unlockDigitsPerProfile", key, t0 + perDay.points)).toBe(true);
    expect(await spendWindow(db, "unlockDigitsPerProfile", key, t0 + 23 * HOUR_MS)).toBeNull();
    // Sliding, not per calendar day: 24 hours after the tries there is room again.
    expect(await windowFull(db, "unlockDigitsPerProfile", key, t0 + 24 * HOUR_MS + perDay.points)).toBe(false);
    for (let i = perDay.points; i < perYear.points; i++) {
      expect(await spendWindow(db, "unlockDigitsPerProfile", key, t0 + 25 * HOUR_MS + i)).not.toBeNull();
    }
    expect(await spendWindow(db, "unlockDigitsPerProfile", key, t0 + 100 * 24 * HOUR_MS)).toBeNull();
    expect(await spendWindow(db, "unlockDigitsPerProfile", key, t0 + 364 * 24 * HOUR_MS)).toBeNull();
    // A year after the first day's tries, those are out of the window.
    expect(await spendWindow(db, "unlockDigitsPerProfile", key, t0 + 365 * 24 * HOUR_MS + HOUR_MS)).not.toBeNull();
    // Another key is not affected.
    expect(await windowFull(db, "unlockDigitsPerProfile", `${key}x`, t0)).toBe(false);
  });

  test("a refund gives a try back", async () => {
    const key = `profile-${crypto.randomUUID()}`;
    const receipts: string[] = [];
    for (let i = 0; i < perDay.points; i++) receipts.push((await spendWindow(db, "unlockDigitsPerProfile", key, t0))!);
    expect(await windowFull(db, "unlockDigitsPerProfile", key, t0)).toBe(true);
    await refundWindow(db, receipts[0]!);
    expect(await windowFull(db, "unlockDigitsPerProfile", key, t0)).toBe(false);
  });

  test("a burst of concurrent tries never overshoots", async () => {
    const key = `profile-${crypto.randomUUID()}`;
    const spent = await Promise.all(Array.from({ length: 50 }, () => spendWindow(db, "unlockDigitsPerProfile", key, t0)));
    expect(spent.filter(Boolean)).toHaveLength(perDay.points);
  });
});
