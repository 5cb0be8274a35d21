// The finder search on the server: one indexed query finds the owner, the answer is reduced to a
// PublicProfile (never e-mail or mobile; a masked bio stays out), a miss becomes the same
// not-found placeholder whatever the reason, and a human's search is logged for the owner.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../../../db/connection";
import { demoLocations, demoSearchLogs, products, profiles, searchHistory, tagbackTokens } from "../../../db/schema";
import { avatarDataUri } from "~/features/finder/avatar";
import { DEMO_METRO_CARD, DEMO_PROFILE_ID, DEMO_TOKEN, DEMO_UNLOCK_DIGITS } from "~/features/finder/demo";
import { contactLinks, tweetTemplate } from "~/features/finder/contact-links";
import { cookieSecrets } from "~/core/env.server";
import { locateIp } from "~/core/geo.server";
import type { PublicProfile } from "~/features/finder/public-profile";
import { clearFailures, isLocked, recordFailure } from "~/core/rate-limit.server";
import { SEARCH_TYPE_COLUMN, type SearchQuery } from "~/features/finder/search-input";

// ---------------------------------------------------------------------------------------------
// The lookup: one statement per search type, each a SEARCH on a unique index (see
// tests/integration/owner-search.test.ts). The owner's first verified token and product
// names come from correlated subqueries on (user_id, created_at) indexes.

// Spelled out in SQL: drizzle drops the table name from columns of a one-table select, and an
// unqualified "id" inside the subquery would name the subquery's own table.
const firstVerifiedToken = sql<string | null>`(
  select ft.token from ${tagbackTokens} ft
  where ft.user_id = "profiles"."id" and ft.is_verified = 1
  order by ft.created_at asc limit 1)`;

const productNames = sql<string>`(
  select coalesce(json_group_array(pn.name), '[]') from (
    select p2.name as name from ${products} p2
    where p2.user_id = "profiles"."id" order by p2.created_at asc) pn)`;

const ownerColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  photoUrl: profiles.photoUrl,
  xUsername: profiles.xUsername,
  bio: profiles.bio,
  maskBio: profiles.maskBio,
  socialSms: profiles.socialSms,
  socialCall: profiles.socialCall,
  socialTelegram: profiles.socialTelegram,
  socialWhatsapp: profiles.socialWhatsapp,
  useSocialIcons: profiles.useSocialIcons,
  firstToken: firstVerifiedToken,
  productNames,
};

/** The owner of a verified token (unclaimed and unverified tokens find nobody). */
export function tokenLookup(token: string) {
  return getDb()
    .select(ownerColumns)
    .from(tagbackTokens)
    .innerJoin(profiles, eq(profiles.id, tagbackTokens.userId))
    .where(and(eq(tagbackTokens.token, token), eq(tagbackTokens.isVerified, true)));
}

/** The profile holding a metro card number. */
export function metroCardLookup(number: string) {
  return getDb().select(ownerColumns).from(profiles).where(eq(profiles.metroCardNumber, number));
}

export type OwnerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tokenLookup>["get"]>>>;

export async function findOwner(query: SearchQuery): Promise<OwnerRow | null> {
  const statement = query.type === "metrocard" ? metroCardLookup(query.number) : tokenLookup(query.number);
  return (await statement.get()) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Public shapes.

function fullName(first: string | null, last: string | null) {
  return [first, last].filter(Boolean).join(" ").trim() || "Tagback user";
}

function parseNames(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** The only way an owner row leaves the server. Reads no e-mail or mobile: the row has none. */
export function toPublicProfile(row: OwnerRow, options: { unlocked: boolean }): PublicProfile {
  const masked = row.maskBio && !options.unlocked;
  return {
    kind: "owner",
    fullName: fullName(row.firstName, row.lastName),
    xUsername: row.xUsername || null,
    avatarUrl: row.photoUrl || avatarDataUri(row.id),
    bio: masked ? null : row.bio || null,
    bioMasked: masked,
    products: parseNames(row.productNames),
    contacts: row.useSocialIcons ? contactLinks(row) : [],
  };
}

/** Shown for every miss, whatever the reason, so a miss tells nothing about the number. */
export const NOT_FOUND_PROFILE: PublicProfile = Object.freeze({
  kind: "not-found",
  fullName: "Not Found",
  xUsername: null,
  avatarUrl: avatarDataUri("not-found"),
  bio: "No user found with the provided identifier.",
  bioMasked: false,
  products: [],
  contacts: [],
}) as PublicProfile;

// ---------------------------------------------------------------------------------------------
// The demo profile (see demo.ts).

export { DEMO_METRO_CARD, DEMO_PROFILE_ID, DEMO_TOKEN, DEMO_UNLOCK_DIGITS };
const DEMO_BIO =
  "This is the Tagback demo profile. A real owner writes a short note here - where to leave the item, how to reach them. Owners can mask it so only someone holding the sticker reads it.";

export function demoProfile(options: { unlocked: boolean }): PublicProfile {
  return {
    kind: "demo",
    fullName: "Ananya Rao (demo)",
    xUsername: "tagbackapp",
    avatarUrl: avatarDataUri(DEMO_PROFILE_ID),
    bio: options.unlocked ? DEMO_BIO : null,
    bioMasked: !options.unlocked,
    products: ["Laptop", "Metro card", "Keys"],
    contacts: contactLinks({ socialSms: "9000000000", socialCall: "9000000000", socialTelegram: "tagbackapp", socialWhatsapp: "9000000000" }),
  };
}

export function isDemoSearch(query: SearchQuery) {
  return query.type === "tagbacktoken" && query.number === DEMO_TOKEN;
}

/** `?demo=location` is logged (location lower-cased, client IP) when an admin created that location. */
export async function logDemoSearch(location: string, ip: string): Promise<void> {
  const db = getDb();
  const known = await db.select({ name: demoLocations.locationName }).from(demoLocations).where(eq(demoLocations.locationName, location)).get();
  if (!known) return;
  await db.insert(demoSearchLogs).values({ demoLocation: location, ipAddress: ip }).run();
}

// ---------------------------------------------------------------------------------------------
// The search itself.

export type SearchResult = {
  profile: PublicProfile;
  /** The tweet text cites the metro card only when the finder searched by it. */
  tweetText: string | null;
  /** Lets this client add its browser position to the search it just made (see locationTicket). */
  locationTicket: string | null;
};

export async function searchOwner(query: SearchQuery, client: { ip: string; isBot: boolean }): Promise<SearchResult> {
  if (isDemoSearch(query)) {
    return { profile: demoProfile({ unlocked: false }), tweetText: tweetTemplate("tagbackapp", DEMO_METRO_CARD), locationTicket: null };
  }
  const row = await findOwner(query);
  if (!row) return { profile: NOT_FOUND_PROFILE, tweetText: null, locationTicket: null };
  const profile = toPublicProfile(row, { unlocked: false });
  const tweetText = row.xUsername ? tweetTemplate(row.xUsername, query.type === "metrocard" ? query.number : null) : null;
  if (client.isBot) return { profile, tweetText, locationTicket: null };
  const historyId = await logSearch(row.id, query, client.ip);
  return { profile, tweetText, locationTicket: locationTicket(historyId) };
}

/** One short transaction: the history row and the owner's counter. */
export async function logSearch(ownerId: string, query: SearchQuery, ip: string): Promise<string> {
  const place = await locateIp(ip);
  const id = crypto.randomUUID();
  const db = getDb();
  await db.transaction((tx) => {
    tx.insert(searchHistory)
      .values({ id, userId: ownerId, searchType: SEARCH_TYPE_COLUMN[query.type], searchValue: query.number, ...place })
      .run();
    tx.update(profiles)
      .set({ totalSearches: sql`${profiles.totalSearches} + 1` })
      .where(eq(profiles.id, ownerId))
      .run();
  });
  return id;
}

// ---------------------------------------------------------------------------------------------
// Browser location for the search just logged. The client gets a signed, short-lived ticket naming
// its own history row, never a raw row id it could change to another owner's.

export const LOCATION_TICKET_TTL_MS = 10 * 60 * 1000;

function sign(payload: string, secret: string) {
  return createHmac("sha256", `search-location:${secret}`).update(payload).digest("base64url");
}

export function locationTicket(historyId: string, now = Date.now()): string {
  const payload = `${historyId}.${now + LOCATION_TICKET_TTL_MS}`;
  return `${payload}.${sign(payload, cookieSecrets()[0]!)}`;
}

/** The history row a ticket names, when the signature holds and it has not expired. */
export function readLocationTicket(ticket: string, now = Date.now()): string | null {
  const parts = ticket.split(".");
  if (parts.length !== 3) return null;
  const [historyId, expires, signature] = parts as [string, string, string];
  if (!/^\d+$/.test(expires) || Number(expires) < now) return null;
  const given = Buffer.from(signature);
  const valid = cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(`${historyId}.${expires}`, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? historyId : null;
}

/** Adds the browser's position once; a row that already has one is left alone. */
export async function updateSearchLocation(historyId: string, latitude: number, longitude: number): Promise<boolean> {
  const result = await getDb()
    .update(searchHistory)
    .set({ latitude, longitude })
    .where(and(eq(searchHistory.id, historyId), isNull(searchHistory.latitude)))
    .run();
  return result.changes > 0;
}

// ---------------------------------------------------------------------------------------------
// Unlocking a masked bio: the four digits are characters 5 to 8 of the owner's first verified
// token. Wrong digits count against this client (unlockPerClient, per profile and IP) and against
// the profile from everyone (unlockPerProfile); see rate-limit.server.ts for the numbers.

export type UnlockOutcome =
  | { ok: true; profile: PublicProfile }
  | { ok: false; reason: "wrong" | "locked" | "not-masked" };

function sameDigits(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function unlockDigitsOf(token: string | null): string | null {
  const digits = (token ?? "").replace(/\D/g, "");
  return digits.length === 12 ? digits.slice(4, 8) : null;
}

export async function unlockBio(query: SearchQuery, digits: string, ip: string): Promise<UnlockOutcome> {
  if (isDemoSearch(query)) {
    return sameDigits(digits, DEMO_UNLOCK_DIGITS) ? { ok: true, profile: demoProfile({ unlocked: true }) } : { ok: false, reason: "wrong" };
  }
  const row = await findOwner(query);
  if (!row || !row.maskBio) return { ok: false, reason: "not-masked" };
  const clientKey = `${row.id}:${ip}`;
  if ((await isLocked("unlockPerClient", clientKey)) || (await isLocked("unlockPerProfile", row.id))) {
    return { ok: false, reason: "locked" };
  }
  const expected = unlockDigitsOf(row.firstToken);
  if (expected && /^\d{4}$/.test(digits) && sameDigits(digits, expected)) {
    await clearFailures("unlockPerClient", clientKey);
    return { ok: true, profile: toPublicProfile(row, { unlocked: true }) };
  }
  const [clientLocked, profileLocked] = await Promise.all([
    recordFailure("unlockPerClient", clientKey),
    recordFailure("unlockPerProfile", row.id),
  ]);
  return { ok: false, reason: clientLocked || profileLocked ? "locked" : "wrong" };
}

export const UNLOCK_MESSAGES = {
  wrong: "Those digits are not right. Check digits 5 to 8 of the token on the sticker.",
  locked: "Too many wrong tries. Unlocking this profile is locked for a while: try again in an hour.",
  "not-masked": "There is nothing to unlock on this profile.",
} as const;

