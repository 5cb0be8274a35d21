// rate_limits names nobody (issue 47, decision 045): after the paths that count someone — a scan,
// a wrong unlock, a wrong sign-in password, a code request, a wrong sticker password — no row's key
// holds the client's IP, the address, the token or the user's id in clear; the limits still count
// (the hashed key is the same key every time), erasure still finds the rows naming a person, and
// rows written in clear by an older version are rewritten at the start without lifting a lockout.
import { expect, test } from "vitest";
import { testDb } from "../../tests/support/test-db";
import { profiles, rateLimits, tagbackTokens, users } from "../../db/schema";
import { hashPassword } from "../../db/password";
import { signIn } from "~/features/account/password-accounts.server";
import { allowCodePost, sendSignInCode } from "~/features/account/sign-in-codes.server";
import { SIGN_IN_PER_EMAIL_LIMIT } from "~/features/account/rules";
import { gateSearch } from "~/features/finder/search-gate.server";
import { unlockBio } from "~/features/finder/unlock.server";
import { UNLOCK_PER_PROFILE_WINDOWS } from "~/features/finder/rules";
import { claimToken } from "~/features/stickers/claim.server";
import { forgetKeysNaming, hashClearKeys, isLocked, recordFailure, storedKey, windowFull } from "./rate-limit.server";

const db = testDb();

const keys = () => db.select({ key: rateLimits.key }).from(rateLimits).all().map((row) => row.key);

async function owner(email: string, metroCard: string) {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date(), passwordHash: await hashPassword("right password") }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, firstName: "Keyed", bio: "A masked bio", maskBio: true, metroCardNumber: metroCard });
  return user!.id;
}

test("after a scan, a wrong unlock, a wrong password, a code request and a wrong sticker password, no limit row holds an IP, address, token or id in clear", async () => {
  await db.delete(rateLimits);
  const asha = { email: "asha.keys@example.test", id: await owner("asha.keys@example.test", "7100000000001"), ip: "198.51.100.71" };
  const ravi = { email: "ravi.keys@example.test", id: await owner("ravi.keys@example.test", "7100000000002"), ip: "2001:db8:71:1::5" };
  const token = "710071007100";
  await db.insert(tagbackTokens).values({ token, passwordHash: await hashPassword("sticker-pass") });

  for (const who of [asha, ravi]) {
    const clientKey = who === asha ? who.ip : "2001:db8:71:1::/64";
    expect((await gateSearch(db, new URL(`http://localhost/?t=${token}`), clientKey)).allowed).toBe(true);
    const metroCard = who === asha ? "7100000000001" : "7100000000002";
    expect(await unlockBio(db, { type: "metrocard", number: metroCard }, "0000", clientKey)).toMatchObject({ ok: false });
    expect(await signIn(db, who.email, "wrong password", clientKey)).toEqual({ ok: false, reason: "invalid" });
    expect(await allowCodePost(db, clientKey)).toBe(true);
    expect(await sendSignInCode(db, who.email)).toMatchObject({ ok: true });
    expect((await claimToken(db, who.id, token, "wrong")).ok).toBe(false);
  }

  const stored = keys();
  // Every path above wrote its rows: search, unlock (lockout and profile-wide window), sign-in
  // (address and client), code posts and codes, claims (user and token).
  expect(new Set(stored.map((key) => key.split(":")[0]))).toEqual(
    new Set(["search", "unlockPerClient", "unlockDigitsPerProfile", "signInPerEmail", "signInPerIp", "signInCodePostsPerClient", "signInCodesPerAddress", "tokenClaimPerUser", "tokenClaimPerToken"]),
  );
  const secrets = [asha, ravi].flatMap((who) => [who.email, who.email.split("@")[0]!, who.ip, who.id]).concat(["198.51.100", "2001:db8:71:1", token, "7100000000001", "7100000000002"]);
  for (const key of stored) {
    for (const secret of secrets) expect(key.toLowerCase(), key).not.toContain(secret.toLowerCase());
    // The name in clear, then hashed parts (a sliding window's own time and random parts after them).
    expect(key).toMatch(/^[A-Za-z]+(:~[\w-]{22})+(:\d+:[0-9a-f-]{36})?$/);
  }
  // Still one key per person: the hash is the same every time, so the lockout counts.
  expect(stored.filter((key) => key === `signInPerEmail:${storedKey(asha.email)}`)).toHaveLength(1);
});

test("erasure forgets the rows naming a user's id or address, as a whole part, and keeps everyone else's", async () => {
  await db.delete(rateLimits);
  const erased = { id: crypto.randomUUID(), email: "ab@x.io" };
  for (let i = 0; i < 3; i++) await recordFailure(db, SIGN_IN_PER_EMAIL_LIMIT, erased.email);
  await recordFailure(db, SIGN_IN_PER_EMAIL_LIMIT, "cab@x.io");
  await recordFailure(db, { name: "testPerUser", points: 5, duration: 60 }, erased.id);
  await recordFailure(db, { name: "testPerUserOnClient", points: 5, duration: 60 }, `${erased.id}:198.51.100.9`);
  await recordFailure(db, { name: "testPerUserOnClient", points: 5, duration: 60 }, `${crypto.randomUUID()}:198.51.100.9`);
  expect(keys()).toHaveLength(5);

  db.transaction((tx) => forgetKeysNaming(tx, [erased.id, erased.email.toUpperCase()]));
  const left = keys();
  expect(left).toHaveLength(2);
  expect(left).toContain(`signInPerEmail:${storedKey("cab@x.io")}`);
  expect(left.some((key) => key.includes(storedKey(erased.id)) || key.includes(storedKey(erased.email)))).toBe(false);
});

test("rows written in clear by an older version are rewritten once at the start: a lockout and a window keep counting", async () => {
  await db.delete(rateLimits);
  const later = Date.now() + 10 * 60_000;
  const insert = db.$client.prepare(`insert into rate_limits ("key", "points", "expire") values (?, ?, ?)`);
  // A locked-out address, a profile's unlock window full for the day, a client's search row.
  insert.run(`signInPerEmail:locked@example.test`, SIGN_IN_PER_EMAIL_LIMIT.points, later);
  const profileId = crypto.randomUUID();
  const perDay = UNLOCK_PER_PROFILE_WINDOWS.windows[0]!;
  for (let i = 0; i < perDay.points; i++) insert.run(`${UNLOCK_PER_PROFILE_WINDOWS.name}:${profileId}:${Date.now()}:${crypto.randomUUID()}`, 1, Date.now() + 365 * 86_400_000);
  insert.run(`search:203.0.113.5`, 1, later);
  // Before the rewrite the mechanism, hashing, does not see them.
  expect(await isLocked(db, SIGN_IN_PER_EMAIL_LIMIT, "locked@example.test")).toBe(false);

  expect(hashClearKeys(db)).toBe(perDay.points + 2);
  expect(await isLocked(db, SIGN_IN_PER_EMAIL_LIMIT, "locked@example.test")).toBe(true);
  expect(await windowFull(db, UNLOCK_PER_PROFILE_WINDOWS, profileId)).toBe(true);
  for (const key of keys()) expect(key).toMatch(/^[A-Za-z]+(:~[\w-]{22})+$/);
  // Idempotent: a second start finds nothing to do, and rows written since are left as they are.
  await recordFailure(db, SIGN_IN_PER_EMAIL_LIMIT, "other@example.test");
  const before = keys().sort();
  expect(hashClearKeys(db)).toBe(0);
  expect(keys().sort()).toEqual(before);
});
