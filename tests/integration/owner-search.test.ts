// The finder search against a real (seeded) database: one indexed query per search type, the
// not-found placeholder, logging, the unlock lockout and the location ticket.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { testDb } from "../support/test-db.ts";
import { profiles, searchHistory, tagbackTokens } from "../../db/schema.ts";
import { DEMO_IDENTIFIERS, seed, type SeedResult } from "../../db/seed.ts";
import { LIMITS } from "../../app/core/rate-limit.server.ts";
import { locationTicket, readLocationTicket } from "../../app/features/finder/location-ticket.server.ts";
import { findOwner, metroCardLookup, NOT_FOUND_PROFILE, searchOwner, tokenLookup } from "../../app/features/finder/owner-search.server.ts";
import { updateSearchLocation } from "../../app/features/finder/search-history.server.ts";
import { unlockBio } from "../../app/features/finder/unlock.server.ts";

const db = testDb();
let seeded: SeedResult;
beforeAll(async () => {
  seeded = await seed(db);
});

function plan(query: { toSQL(): { sql: string; params: unknown[] } }): string[] {
  const { sql, params } = query.toSQL();
  const rows = db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>;
  return rows.map((row) => row.detail);
}

describe("EXPLAIN QUERY PLAN", () => {
  test("a token search is one statement that searches indexes only", () => {
    const details = plan(tokenLookup(db, DEMO_IDENTIFIERS.aarav.token));
    expect(details.join("\n")).toMatch(/SEARCH \S*tagback_tokens USING INDEX tagback_tokens_token_unique \(token=\?\)/);
    expect(details.join("\n")).toMatch(/SEARCH \S*profiles USING INDEX sqlite_autoindex_profiles_\d \(id=\?\)/);
    expect(details.join("\n")).toMatch(/USING INDEX tagback_tokens_user_id_idx/);
    expect(details.join("\n")).toMatch(/USING INDEX products_user_id_idx/);
    expect(details.filter((d) => /\bSCAN\b/.test(d) && !/SCAN pn\b|CO-ROUTINE|SUBQUERY/.test(d))).toEqual([]);
    expect(details.join("\n")).not.toMatch(/TEMP B-TREE/);
  });

  test("a metro card search is one statement that searches indexes only", () => {
    const details = plan(metroCardLookup(db, DEMO_IDENTIFIERS.aarav.metroCard));
    expect(details.join("\n")).toMatch(/SEARCH \S*profiles USING INDEX profiles_metro_card_number_unique \(metro_card_number=\?\)/);
    expect(details.filter((d) => /\bSCAN\b/.test(d) && !/SCAN pn\b|CO-ROUTINE|SUBQUERY/.test(d))).toEqual([]);
    expect(details.join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});

describe("lookup", () => {
  test("finds owners by verified token and by metro card, with first verified token and products", async () => {
    const byToken = await findOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.aarav.token });
    expect(byToken?.id).toBe(seeded.userIds.aarav);
    expect(byToken?.firstToken).toBe(DEMO_IDENTIFIERS.aarav.token);
    expect(JSON.parse(byToken!.productNames)).toEqual(["Laptop", "Keys"]);
    const byCard = await findOwner(db, { type: "metrocard", number: DEMO_IDENTIFIERS.priya.metroCard });
    expect(byCard?.id).toBe(seeded.userIds.priya);
    expect(byCard?.firstToken).toBe(DEMO_IDENTIFIERS.priya.token);
  });

  test("unknown, unclaimed and unverified tokens and unknown metro cards all give the same placeholder", async () => {
    const client = { ip: "203.0.113.9", log: true };
    const misses = await Promise.all([
      searchOwner(db, { type: "tagbacktoken", number: "999999999999" }, client),
      searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.unclaimedTokens[0] }, client),
      searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.unverifiedToken }, client),
      searchOwner(db, { type: "metrocard", number: "11112222333344" }, client),
    ]);
    for (const miss of misses) expect(miss).toEqual({ profile: NOT_FOUND_PROFILE, tweetText: null, locationTicket: null });
  });

  test("the public profile has no e-mail or mobile, and a masked bio is left out", async () => {
    const { profile } = await searchOwner(db, { type: "metrocard", number: DEMO_IDENTIFIERS.priya.metroCard }, { ip: "203.0.113.9", log: false });
    const json = JSON.stringify(profile);
    expect(json).not.toContain("9820012345");
    expect(json).not.toContain("priya.nair@example.com");
    expect(json).not.toContain("Architect in Bandra");
    expect(profile.bioMasked).toBe(true);
    expect(profile.bio).toBeNull();
    expect(Object.keys(profile).sort()).toEqual(["avatarUrl", "bio", "bioMasked", "contacts", "fullName", "kind", "products", "xUsername"]);
  });

  test("contact buttons only when the owner turned social icons on", async () => {
    const aarav = await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.aarav.token }, { ip: "203.0.113.9", log: false });
    expect(aarav.profile.contacts).toEqual([]);
    const rohan = await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.rohan.token }, { ip: "203.0.113.9", log: false });
    expect(rohan.profile.contacts.map((c) => c.kind)).toEqual(["sms", "call", "telegram", "whatsapp"]);
  });
});

describe("logging", () => {
  test("a human search adds a history row and counts; a bot's does not", async () => {
    const owner = seeded.userIds.rohan;
    const count = async () => (await db.select().from(profiles).where(eq(profiles.id, owner)).get())!.totalSearches;
    const before = await count();
    await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.rohan.token }, { ip: "203.0.113.9", log: false });
    expect(await count()).toBe(before);
    const result = await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.rohan.token }, { ip: "49.36.0.1", log: true });
    expect(await count()).toBe(before + 1);
    const historyId = readLocationTicket(result.locationTicket!);
    const row = await db.select().from(searchHistory).where(eq(searchHistory.id, historyId!)).get();
    expect(row).toMatchObject({ userId: owner, searchType: "tagback_token", searchValue: DEMO_IDENTIFIERS.rohan.token, country: "IN" });

    // The browser position is added once, through the signed ticket only.
    expect(await updateSearchLocation(db, historyId!, 12.97, 77.64)).toBe(true);
    expect(await updateSearchLocation(db, historyId!, 1, 1)).toBe(false);
    const updated = await db.select().from(searchHistory).where(eq(searchHistory.id, historyId!)).get();
    expect([updated?.latitude, updated?.longitude]).toEqual([12.97, 77.64]);
  });

  test("location tickets are signed and expire", () => {
    const ticket = locationTicket("row-1", 1_000);
    expect(readLocationTicket(ticket, 2_000)).toBe("row-1");
    expect(readLocationTicket(ticket.replace("row-1", "row-2"), 2_000)).toBeNull();
    expect(readLocationTicket(ticket, 1_000 + 11 * 60 * 1000)).toBeNull();
    expect(readLocationTicket("nonsense", 2_000)).toBeNull();
  });
});

describe("unlock", () => {
  const priya = { type: "metrocard" as const, number: DEMO_IDENTIFIERS.priya.metroCard };

  test("digits 5 to 8 of the first verified token unlock the bio", async () => {
    const outcome = await unlockBio(db, priya, DEMO_IDENTIFIERS.priya.unlockDigits, "198.51.100.20");
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.profile.bio).toContain("Architect in Bandra");
  });

  test("wrong digits say so, then lock this client out of this profile", async () => {
    const ip = "198.51.100.21";
    for (let i = 1; i < LIMITS.unlockPerClient.points; i++) {
      expect(await unlockBio(db, priya, "0000", ip)).toEqual({ ok: false, reason: "wrong" });
    }
    expect(await unlockBio(db, priya, "0000", ip)).toEqual({ ok: false, reason: "locked" });
    // Locked: even the right digits are refused now, from this client.
    expect(await unlockBio(db, priya, DEMO_IDENTIFIERS.priya.unlockDigits, ip)).toEqual({ ok: false, reason: "locked" });
    // Another client still can.
    expect((await unlockBio(db, priya, DEMO_IDENTIFIERS.priya.unlockDigits, "198.51.100.22")).ok).toBe(true);
  });

  test("the first verified token counts, oldest first", async () => {
    const [row] = await db.select().from(tagbackTokens).where(eq(tagbackTokens.token, DEMO_IDENTIFIERS.unverifiedToken));
    expect(row?.userId).toBe(seeded.userIds.aarav);
    const aarav = await findOwner(db, { type: "metrocard", number: DEMO_IDENTIFIERS.aarav.metroCard });
    expect(aarav?.firstToken).toBe(DEMO_IDENTIFIERS.aarav.token);
  });
});
