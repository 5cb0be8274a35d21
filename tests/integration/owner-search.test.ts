// The finder search against a real (seeded) database: one indexed query per search type, the
// not-found placeholder, logging, the unlock lockout and the location ticket.
import { eq } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { testDb } from "../support/test-db.ts";
import { callRoute, createOwner, dataOf, get, post, statusOf } from "../support/routes.ts";
import { profiles, searchHistory, tagbackTokens } from "../../db/schema.ts";
import { DEMO_IDENTIFIERS, seed, type SeedResult } from "../../db/seed.ts";
import { limitKeyOf } from "../../app/core/client-key.ts";
import { gateSearch, refusedSearchPage } from "../../app/features/finder/search-gate.server.ts";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FinderActionData } from "../../app/features/finder/finder.ts";
import {
  SEARCHES_PER_MINUTE,
  UNLOCK_PER_CLIENT_LIMIT,
  UNLOCK_WRONG_PER_CLIENT,
  UNLOCK_WRONG_PER_PROFILE_PER_DAY,
  UNLOCK_WRONG_PER_PROFILE_PER_YEAR,
  UNLOCK_WRONG_TOKENS_PER_CLIENT,
} from "../../app/features/finder/rules.ts";
import { DEMO_TOKEN, TOKEN_LENGTH } from "../../app/features/stickers/rules.ts";
import { message } from "../../app/i18n/messages.ts";
import * as findOwnerRoute from "../../app/routes/findowner.tsx";
import { locationTicket, readLocationTicket } from "../../app/features/finder/location-ticket.server.ts";
import { findOwner, metroCardLookup, NOT_ACTIVATED_PROFILE, NOT_FOUND_PROFILE, searchOwner, tokenLookup } from "../../app/features/finder/owner-search.server.ts";
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
    // Lost mode's notice is part of the same statement, on the pending-report index.
    expect(details.join("\n")).toMatch(/SEARCH li USING (COVERING )?INDEX lost_items_(one_pending|identifier)_idx/);
    expect(details.filter((d) => /\bSCAN\b/.test(d) && !/SCAN pn\b|CO-ROUTINE|SUBQUERY/.test(d))).toEqual([]);
    expect(details.join("\n")).not.toMatch(/TEMP B-TREE/);
  });

  test("a metro card search is one statement that searches indexes only", () => {
    const details = plan(metroCardLookup(db, DEMO_IDENTIFIERS.aarav.metroCard));
    expect(details.join("\n")).toMatch(/SEARCH \S*profiles USING INDEX profiles_metro_card_number_unique \(metro_card_number=\?\)/);
    expect(details.join("\n")).toMatch(/SEARCH li USING (COVERING )?INDEX lost_items_(one_pending|identifier)_idx/);
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

  test("unknown and unverified tokens and unknown metro cards all give the same placeholder", async () => {
    const client = { ip: "203.0.113.9", log: true };
    const misses = await Promise.all([
      searchOwner(db, { type: "tagbacktoken", number: "999999999999" }, client),
      searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.unverifiedToken }, client),
      searchOwner(db, { type: "metrocard", number: "11112222333344" }, client),
    ]);
    for (const miss of misses) expect(miss).toEqual({ result: { profile: NOT_FOUND_PROFILE, tweet: null, visit: false }, visitId: null });
  });

  test("a minted sticker nobody has claimed says it is not activated, and nothing else", async () => {
    const client = { ip: "203.0.113.9", log: true };
    const { result, visitId } = await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.unclaimedTokens[0] }, client);
    expect(visitId).toBeNull();
    expect(result).toEqual({ profile: NOT_ACTIVATED_PROFILE, tweet: null, visit: false });
    // Apart from its kind, the same empty shape as the placeholder.
    expect({ ...result.profile, kind: "not-found" }).toEqual(NOT_FOUND_PROFILE);
  });

  test("the public profile has no e-mail or mobile, and a masked bio is left out", async () => {
    const { profile } = (await searchOwner(db, { type: "metrocard", number: DEMO_IDENTIFIERS.priya.metroCard }, { ip: "203.0.113.9", log: false })).result;
    const json = JSON.stringify(profile);
    expect(json).not.toContain("9820012345");
    expect(json).not.toContain("priya.nair@example.com");
    expect(json).not.toContain("Architect in Bandra");
    expect(profile.bioMasked).toBe(true);
    expect(profile.bio).toBeNull();
    expect(Object.keys(profile).sort()).toEqual(["avatarUrl", "bio", "bioMasked", "contacts", "fullName", "kind", "products", "xUsername"]);
  });

  test("contact buttons only when the owner turned social icons on", async () => {
    const aarav = (await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.aarav.token }, { ip: "203.0.113.9", log: false })).result;
    expect(aarav.profile.contacts).toEqual([]);
    const rohan = (await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.rohan.token }, { ip: "203.0.113.9", log: false })).result;
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
    const { result, visitId } = await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.rohan.token }, { ip: "49.36.0.1", log: true });
    expect(await count()).toBe(before + 1);
    expect(result.visit).toBe(true);
    const row = await db.select().from(searchHistory).where(eq(searchHistory.id, visitId!)).get();
    expect(row).toMatchObject({ userId: owner, searchType: "tagback_token", searchValue: DEMO_IDENTIFIERS.rohan.token, country: "IN" });

    // The browser position is added once, to the visit that searched that number.
    const other = (await searchOwner(db, { type: "tagbacktoken", number: DEMO_IDENTIFIERS.aarav.token }, { ip: "49.36.0.1", log: true })).visitId!;
    expect(await updateSearchLocation(db, [other, visitId!], DEMO_IDENTIFIERS.rohan.token, 12.97, 77.64)).toBe(true);
    expect(await updateSearchLocation(db, [other, visitId!], DEMO_IDENTIFIERS.rohan.token, 1, 1)).toBe(false);
    const updated = await db.select().from(searchHistory).where(eq(searchHistory.id, visitId!)).get();
    expect([updated?.latitude, updated?.longitude]).toEqual([12.97, 77.64]);
    const untouched = await db.select().from(searchHistory).where(eq(searchHistory.id, other)).get();
    expect(untouched?.latitude).toBeNull();
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
    for (let i = 1; i < UNLOCK_PER_CLIENT_LIMIT.points; i++) {
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

// ---------------------------------------------------------------------------------------------
// Route level: the finder pages' own loader and action, with the app's context.

describe("the search limit, counted in front of the router (search-gate.server.ts)", () => {
  const search = (clientIp: string, path = `/findowner?t=${DEMO_IDENTIFIERS.aarav.token}`) =>
    gateSearch(db, new URL(path, "http://localhost"), limitKeyOf(clientIp));

  test("two addresses in one /64 share the search limit; another /64 does not", async () => {
    const sameSlash64 = ["2001:db8:77:1::1", "2001:DB8:77:1:ffff:ffff:ffff:fffe", "2001:0db8:0077:0001:0000:0000:0000:0002"];
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect(await search(sameSlash64[i % sameSlash64.length]!)).toMatchObject({ allowed: true });
    const refused = await search("2001:db8:77:1::abcd");
    expect(refused).toMatchObject({ allowed: false });
    expect(await search("2001:db8:77:2::1")).toMatchObject({ allowed: true });
  });

  test("an IPv4-mapped IPv6 address shares the limit of its IPv4 address", async () => {
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await search(i % 2 ? "198.51.100.77" : "::ffff:198.51.100.77")).allowed).toBe(true);
    expect((await search("198.51.100.77")).allowed).toBe(false);
    expect((await search("198.51.100.78")).allowed).toBe(true);
  });

  test("only searches that would run are counted: not other pages, no search, a bad number or type", async () => {
    const client = "198.51.100.90";
    for (let i = 0; i < SEARCHES_PER_MINUTE + 5; i++) {
      for (const path of ["/profile?t=100000000001", "/findowner", "/?type=metrocard&number=12", "/?type=nonsense&number=12345678", "/?t=12"]) {
        expect((await search(client, path)).allowed).toBe(true);
      }
    }
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await search(client, `/?demo=delhi`)).allowed).toBe(true);
    expect((await search(client, "/about?type=metrocard&number=12345678")).allowed).toBe(false);
  });

  test("the data requests of client navigations count like the pages", async () => {
    const paths = ["/_.data?t=100000000001", "/about.data?t=100000000001", "/findowner.data?type=metrocard&number=12345678"];
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await search("198.51.100.91", paths[i % 3])).allowed).toBe(true);
    for (const path of paths) expect((await search("198.51.100.91", path)).allowed).toBe(false);
    expect((await search("198.51.100.91", "/profile.data?t=100000000001")).allowed).toBe(true);
  });

  test("a path React Router serves as a finder page counts as that page: //, trailing slashes, another case, escapes", async () => {
    const client = "198.51.100.92";
    // Not new URL(path, base): there `//…` is a network-path reference.
    const count = (path: string) => gateSearch(db, new URL(`http://localhost${path}`), limitKeyOf(client));
    const paths = ["//?t=100000000001", "///?t=100000000001", "/ABOUT/?t=100000000001", "/%61bout?t=100000000001", "/FindOwner//?type=metrocard&number=12345678", "//_.data?t=100000000001"];
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await count(paths[i % paths.length]!)).allowed).toBe(true);
    for (const path of paths) expect((await count(path)).allowed, path).toBe(false);
    // Not a finder page to React Router (its not-found page): not counted.
    expect((await count("//about?t=100000000001")).allowed).toBe(true);
  });

  test("a refused search gets a small 429 page, made once per language, with the spec's message", async () => {
    const page = refusedSearchPage("/assets/app.css");
    expect(page.status).toBe(429);
    const headers = new Headers(page.headers.map(([name, value]) => [name, value]));
    expect(headers.get("Cache-Control")).toContain("no-store");
    expect(headers.get("Content-Language")).toBe("en");
    const html = page.identity.toString("utf8");
    expect(gunzipSync(page.gzip).toString("utf8")).toBe(html);
    expect(brotliDecompressSync(page.br).toString("utf8")).toBe(html);
    // Made once per language: the same bytes for every refused finder.
    expect(refusedSearchPage("/assets/app.css")).toBe(page);
    expect(refusedSearchPage("/assets/app.css", "hi").identity.toString()).toContain('lang="hi"');
    expect(html).toContain(message("finder.tooManySearches").title);
    expect(html).toContain(message("finder.tooManySearches").description!);
    expect(html).not.toContain("<script");
  });
});

type MaskedOwner = { id: string; token: string; digits: string; bio: string };

/** A new owner with a masked bio and one verified token: lockouts of one test never touch another's. */
async function maskedOwner(): Promise<MaskedOwner> {
  const { id } = await createOwner();
  let token = String(randomInt(1, 10));
  while (token.length < TOKEN_LENGTH) token += String(randomInt(0, 10));
  const bio = `Hidden note ${token}`;
  await db.update(profiles).set({ firstName: "Masked", bio, maskBio: true }).where(eq(profiles.id, id)).run();
  await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: id, isClaimed: true, isVerified: true }).run();
  return { id, token, digits: token.slice(4, 8), bio };
}

/** Four digits that are not the owner's. */
function wrongDigits(owner: { digits: string }, n = 0) {
  const candidate = String((Number(owner.digits) + 1 + n) % 10_000).padStart(4, "0");
  return candidate;
}

/** A token of the right length that is not the owner's. */
function wrongToken(owner: { token: string }) {
  return owner.token.slice(0, -1) + String((Number(owner.token.at(-1)) + 1) % 10);
}

let clientCounter = 0;
/** A client of its own (an IPv6 /64 each). */
function newClient() {
  clientCounter += 1;
  return `2001:db8:ca11:${clientCounter.toString(16)}::1`;
}

type UnlockAnswer = FinderActionData["unlock"];

async function unlock(owner: { token: string }, fields: Record<string, string | string[]>, clientIp: string) {
  const result = await callRoute(
    findOwnerRoute.action,
    post(`/findowner?t=${owner.token}`, { intent: "unlock", type: "tagbacktoken", number: owner.token, ...fields }),
    { clientIp },
  );
  return { status: statusOf(result), answer: dataOf<{ unlock: UnlockAnswer }>(result).unlock };
}

/** Wrong 4-digit tries from as many clients as it takes (never locking one), `count` in all. */
async function wrongTries(owner: MaskedOwner, count: number) {
  let client = newClient();
  for (let i = 0; i < count; i++) {
    if (i % (UNLOCK_WRONG_PER_CLIENT - 1) === 0) client = newClient();
    const { answer } = await unlock(owner, { digits: wrongDigits(owner, i) }, client);
    expect(answer.ok).toBe(false);
  }
}

function expectUseToken({ status, answer }: { status: number; answer: UnlockAnswer }) {
  expect(status).toBe(403);
  expect(answer).toEqual({ ok: false, message: message("unlock.useToken").title, mode: "token" });
}

function expectUnlocked({ status, answer }: { status: number; answer: UnlockAnswer }, owner: MaskedOwner) {
  expect(status).toBe(200);
  expect(answer.ok).toBe(true);
  if (answer.ok) expect(answer.profile.bio).toBe(owner.bio);
}

describe("unlock on the finder page", () => {
  afterEach(() => vi.useRealTimers());

  test("the right digits (boxes or one field) unlock; wrong ones say so and keep the digit form", async () => {
    const owner = await maskedOwner();
    expectUnlocked(await unlock(owner, { digit: owner.digits.split("") }, newClient()), owner);
    expectUnlocked(await unlock(owner, { digits: owner.digits }, newClient()), owner);
    const wrong = await unlock(owner, { digits: wrongDigits(owner) }, newClient());
    expect(wrong.status).toBe(400);
    expect(wrong.answer).toEqual({ ok: false, message: message("unlock.wrong").title, mode: "digits" });
  });

  test(`${UNLOCK_WRONG_PER_CLIENT} wrong digits lock that client (429) and nobody else`, async () => {
    const owner = await maskedOwner();
    const client = newClient();
    for (let i = 1; i < UNLOCK_WRONG_PER_CLIENT; i++) expect((await unlock(owner, { digits: wrongDigits(owner, i) }, client)).status).toBe(400);
    const last = await unlock(owner, { digits: wrongDigits(owner) }, client);
    expect(last.status).toBe(429);
    expect(last.answer).toEqual({ ok: false, message: message("unlock.locked").title, mode: "digits" });
    expect((await unlock(owner, { digits: owner.digits }, client)).status).toBe(429);
    // Another address in the same /64 is the same client.
    expect((await unlock(owner, { digits: owner.digits }, client.replace(/::1$/, "::2"))).status).toBe(429);
    expectUnlocked(await unlock(owner, { digits: owner.digits }, newClient()), owner);
  });

  test(`after ${UNLOCK_WRONG_PER_PROFILE_PER_DAY} wrong digits from everyone, the right digits are refused with "use the full token", and the full token unlocks`, async () => {
    const owner = await maskedOwner();
    await wrongTries(owner, UNLOCK_WRONG_PER_PROFILE_PER_DAY);
    // The profile-wide lock is no weapon: the rightful finder is told what to do...
    expectUseToken(await unlock(owner, { digits: owner.digits }, newClient()));
    expectUseToken(await unlock(owner, { digit: owner.digits.split("") }, newClient()));
    expect(message("unlock.useToken").title).toContain(`${TOKEN_LENGTH}-digit token`);
    // ...and the token printed on the sticker unlocks, typed whole or grouped.
    expectUnlocked(await unlock(owner, { stickerToken: owner.token }, newClient()), owner);
    expectUnlocked(await unlock(owner, { stickerToken: owner.token.replace(/(\d{4})(?=\d)/g, "$1-") }, newClient()), owner);
    // A client that was locked for the digits can still use the token.
    expectUnlocked(await unlock(owner, { stickerToken: owner.token }, newClient()), owner);
  });

  test("a wrong full token says so, keeps the token form and counts against the client, not the profile", async () => {
    const owner = await maskedOwner();
    const client = newClient();
    for (let i = 1; i < UNLOCK_WRONG_TOKENS_PER_CLIENT; i++) {
      const wrong = await unlock(owner, { stickerToken: wrongToken(owner) }, client);
      expect(wrong.status).toBe(400);
      expect(wrong.answer).toEqual({ ok: false, message: message("unlock.wrongToken").title, mode: "token" });
    }
    const last = await unlock(owner, { stickerToken: wrongToken(owner) }, client);
    expect(last.status).toBe(429);
    expect(last.answer).toEqual({ ok: false, message: message("unlock.tokenLocked").title, mode: "token" });
    // Locked: this client's right token is refused for now; another client's is not.
    expect((await unlock(owner, { stickerToken: owner.token }, client)).status).toBe(429);
    expectUnlocked(await unlock(owner, { stickerToken: owner.token }, newClient()), owner);
    // Wrong tokens do not switch the profile's digits off.
    expectUnlocked(await unlock(owner, { digits: owner.digits }, newClient()), owner);
  });

  test("the limits are sliding windows: a day, and a rolling year", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T08:00:00Z").getTime();
    const hours = (n: number) => start + n * 60 * 60 * 1000;
    vi.setSystemTime(start);
    const owner = await maskedOwner();
    await wrongTries(owner, UNLOCK_WRONG_PER_PROFILE_PER_DAY);
    expectUseToken(await unlock(owner, { digits: owner.digits }, newClient()));
    vi.setSystemTime(hours(23));
    expectUseToken(await unlock(owner, { digits: owner.digits }, newClient()));
    // A day later the digits work again (a right answer is not a wrong try)...
    vi.setSystemTime(hours(24.1));
    expectUnlocked(await unlock(owner, { digits: owner.digits }, newClient()), owner);
    // ...until the year's wrong tries are used up too.
    await wrongTries(owner, UNLOCK_WRONG_PER_PROFILE_PER_YEAR - UNLOCK_WRONG_PER_PROFILE_PER_DAY);
    expectUseToken(await unlock(owner, { digits: owner.digits }, newClient()));
    vi.setSystemTime(hours(72));
    expectUseToken(await unlock(owner, { digits: owner.digits }, newClient()));
    vi.setSystemTime(hours(24 * 364));
    expectUseToken(await unlock(owner, { digits: owner.digits }, newClient()));
    expectUnlocked(await unlock(owner, { stickerToken: owner.token }, newClient()), owner);
    // A year after the first wrong tries, those no longer count.
    vi.setSystemTime(hours(24 * 365 + 1));
    expectUnlocked(await unlock(owner, { digits: owner.digits }, newClient()), owner);
  });

  test("wrong tries on one profile do not touch another's", async () => {
    const [owner, other] = [await maskedOwner(), await maskedOwner()];
    await wrongTries(owner, UNLOCK_WRONG_PER_PROFILE_PER_YEAR);
    expectUseToken(await unlock(owner, { digits: owner.digits }, newClient()));
    expectUnlocked(await unlock(other, { digits: other.digits }, newClient()), other);
  });

  test("the demo profile is unaffected: any number of wrong tries from one client or many, and 5678 still unlocks", async () => {
    const demo = { token: DEMO_TOKEN };
    const client = newClient();
    for (let i = 0; i < UNLOCK_WRONG_PER_PROFILE_PER_YEAR + 5; i++) {
      const wrong = await unlock(demo, { digits: "0000" }, i % 2 ? client : newClient());
      expect(wrong.status).toBe(400);
      expect(wrong.answer).toEqual({ ok: false, message: message("unlock.wrong").title, mode: "digits" });
    }
    const right = await unlock(demo, { digits: "5678" }, client);
    expect(right.status).toBe(200);
    expect(right.answer.ok && right.answer.profile.bio).toContain("Tagback demo profile");
  });
});
