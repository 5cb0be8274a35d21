import { expect, test } from "vitest";
import { testDb } from "../../tests/support/test-db";
import { clearFailures, consume, isLocked, LIMITS, recordFailure } from "./rate-limit.server";

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
